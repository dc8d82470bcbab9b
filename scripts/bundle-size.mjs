// Prints the gzip size of the JavaScript and CSS a route needs before first paint: the entry with
// its static imports, plus the route's split component chunk and its static imports, plus the
// active locale's catalog. Reads dist/.vite/manifest.json (run `npm run build` first).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = path.resolve(import.meta.dirname, '../dist')
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'))

function closure(keys) {
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const child of manifest[key].imports ?? []) visit(child)
  }
  for (const key of keys) visit(key)
  return seen
}

function gzipSize(file) {
  return gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
}

export function routeBudget(routeFile) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  const routeKeys = Object.keys(manifest).filter(
    (key) =>
      key.startsWith(`src/routes/${routeFile}?tsr-split=component`) || key === `src/routes/${routeFile}`,
  )
  const catalog = Object.keys(manifest).find((key) => key.includes('src/locales/en-US/messages.po'))
  const keys = closure([entry, ...routeKeys, ...(catalog ? [catalog] : [])])
  const js = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'))
  const css = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))]
  return {
    js: js.reduce((sum, file) => sum + gzipSize(file), 0),
    css: css.reduce((sum, file) => sum + gzipSize(file), 0),
    chunks: js.length,
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
if (import.meta.url === `file://${process.argv[1]}`) {
  const routes =
    process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['login.tsx', '_authed/transactions.tsx']
  for (const route of routes) {
    const { js, css, chunks } = routeBudget(route)
    console.log(
      `${route.padEnd(32)} JS ${kb(js).padStart(9)} gzip (${chunks} chunks)  CSS ${kb(css).padStart(8)} gzip`,
    )
  }
}
