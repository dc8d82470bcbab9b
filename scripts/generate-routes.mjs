// Regenerates routes.gen.ts from src/routes with the same config the Vite plugin uses (router.config.ts),
// so the committed tree can be refreshed without starting Vite.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Generator, getConfig } from '@tanstack/router-generator'
import { tsImport } from 'tsx/esm/api'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { routerConfig } = await tsImport('../router.config.ts', import.meta.url)

const config = getConfig({ ...routerConfig, disableLogging: true }, root)
const generator = new Generator({ config, root })
const started = performance.now()
await generator.run()
console.log(
  `${path.relative(root, config.generatedRouteTree)} generated from ${path.relative(root, config.routesDirectory)} in ${Math.round(performance.now() - started)} ms`,
)
