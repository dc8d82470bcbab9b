// Regenerates routes.gen.ts from src/routes with the same config the Vite plugin uses (router.config.ts),
// so the committed tree can be refreshed without starting Vite.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Generator, getConfig } from '@tanstack/router-generator'
import { routerConfig } from '../router.config.ts'

const root = path.resolve(import.meta.dirname, '..')

const config = getConfig({ ...routerConfig, disableLogging: true }, root)
const read = () => readFile(config.generatedRouteTree, 'utf8').catch(() => undefined)
const before = await read()
const started = performance.now()
await new Generator({ config, root }).run()
const changed = (await read()) !== before
const tree = path.relative(root, config.generatedRouteTree)
const routes = path.relative(root, config.routesDirectory)
console.log(
  `${tree} ${changed ? 'regenerated' : 'already up to date'} from ${routes} (${Math.round(performance.now() - started)} ms)`,
)
