import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * The landing chunk: the page most visits open first (/transactions in the signed-in shell) should need
 * as few files as it can, since each file a phone fetches one after another costs it a round trip. The
 * chunk holds the shell (every signed-in page needs it) and what the page shares with other parts of the
 * app; the page's own code stays in its route chunk, and code only other pages share stays out.
 *
 * The bundler's own group rules (`test`, `minShareCount`) see module ids only, not who imports what, so
 * this walks the module graph once per build. Measured with scripts/bundle-size.ts on one build:
 * /transactions needs 236.0 KB gzip in 3 scripts with this chunk, 280.1 KB in 4 with the plain rules
 * alone (its `size` budget in `npm test` fails the latter).
 */

/** The part of the bundler's module info the walk reads. */
export interface ModuleLike {
  id: string
  code: string | null
  importedIds: readonly string[]
  dynamicallyImportedIds: readonly string[]
}

/** The part of the bundler's chunking context the walk reads. */
export interface GraphLike {
  getModuleInfo(id: string): ModuleLike | null
}

export interface LandingChunkFiles {
  /** The app's entry module. */
  entry: string
  /** The route file of the signed-in shell: everything its split parts and its guard reach is landing code. */
  shell: string
  /** The route file of the landing page: what its split parts share with code loaded on demand. */
  page: string
}

const namedImports = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g
const namedReexports = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g
const localExports = /export\s*\{([^}]*)\}\s*;/g

/** `a, b as c` → [[a, a], [b, c]]: each binding's name in the module it comes from, and here. */
function bindings(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter((names) => names[0])
    .map(([from = '', as]) => [from, as ?? from])
}

/**
 * A package index that re-exports the package's modules (the component library's, its hooks', the
 * icons'): each name it exports, and the module that defines it. Null for other modules.
 */
function readBarrelTable(info: ModuleLike): Map<string, string> | null {
  if (!info.id.includes('node_modules') || !info.code) return null
  const local = new Map<string, string>()
  const table = new Map<string, string>()
  const resolve = (specifier: string) => path.resolve(path.dirname(info.id), specifier)
  for (const [, list = '', specifier = ''] of info.code.matchAll(namedImports)) {
    if (specifier.startsWith('.')) for (const [, as] of bindings(list)) local.set(as, resolve(specifier))
  }
  for (const [, list = '', specifier = ''] of info.code.matchAll(namedReexports)) {
    if (specifier.startsWith('.')) for (const [, as] of bindings(list)) table.set(as, resolve(specifier))
  }
  for (const [, list = ''] of info.code.matchAll(localExports)) {
    for (const [from, as] of bindings(list)) {
      const file = local.get(from)
      if (file) table.set(as, file)
    }
  }
  return table.size >= 20 ? table : null
}

/**
 * Tells landing modules apart for one build. Each module's imports are worked out once for the three
 * walks, and each package index is read once, not once per module importing it.
 */
function landingWalk(files: LandingChunkFiles) {
  const barrelTables = new Map<string, Map<string, string> | null>()
  const moduleImports = new Map<string, string[]>()
  let walked: { landing: Set<string>; page: Set<string> } | null = null

  function barrelTable(info: ModuleLike): Map<string, string> | null {
    if (!barrelTables.has(info.id)) barrelTables.set(info.id, readBarrelTable(info))
    return barrelTables.get(info.id) ?? null
  }

  /**
   * What a module imports, with a package index replaced by the modules that define the names taken
   * from it: a walk through the index itself would reach every component of the library, and put the
   * ones only other pages use in `landing`.
   */
  function importsOf(info: ModuleLike, graph: GraphLike): string[] {
    const known = moduleImports.get(info.id)
    if (known) return known
    const taken = new Map<string, string[]>()
    for (const [, list = '', specifier = ''] of info.code?.matchAll(namedImports) ?? []) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) continue
      taken.set(specifier, [...(taken.get(specifier) ?? []), ...bindings(list).map(([from]) => from)])
    }
    const imports = info.importedIds.flatMap((id) => {
      const imported = graph.getModuleInfo(id)
      const table = imported && barrelTable(imported)
      const names = [...taken].find(([specifier]) => id.includes(`node_modules/${specifier}/`))?.[1]
      if (!table || !names) return [id]
      return names.map((name) => table.get(name)).filter((file): file is string => file !== undefined)
    })
    moduleImports.set(info.id, imports)
    return imports
  }

  /** The modules `starts` reach through static imports (package indexes resolved as in importsOf). */
  function staticClosure(starts: readonly string[], graph: GraphLike): Set<string> {
    const reached = new Set<string>()
    const pending = [...starts]
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (reached.has(next)) continue
      reached.add(next)
      const info = graph.getModuleInfo(next)
      if (info) pending.push(...importsOf(info, graph))
    }
    return reached
  }

  function walk(graph: GraphLike): { landing: Set<string>; page: Set<string> } {
    const splitsOf = (file: string) =>
      graph.getModuleInfo(file)?.dynamicallyImportedIds.filter((split) => split.includes('tsr-split=')) ?? []
    const pageSplits = splitsOf(files.page)
    // Every part of the app loaded on demand (other pages, dialogs, drawers…), but the page's own.
    const onDemand = new Set<string>()
    const seen = new Set<string>()
    const pending = [files.entry]
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (seen.has(next)) continue
      seen.add(next)
      const info = graph.getModuleInfo(next)
      if (!info) continue
      pending.push(...info.importedIds, ...info.dynamicallyImportedIds)
      for (const target of info.dynamicallyImportedIds) if (!pageSplits.includes(target)) onDemand.add(target)
    }
    const elsewhere = staticClosure([...onDemand], graph)
    const page = staticClosure(pageSplits, graph)
    // The shell route's split parts, and what its guard loads when it runs (the merchant guard, which
    // only the signed-in pages need, is not part of the entry the sign-in page downloads).
    const landing = staticClosure(graph.getModuleInfo(files.shell)?.dynamicallyImportedIds ?? [], graph)
    for (const module of page) if (elsewhere.has(module)) landing.add(module)
    return { landing, page }
  }

  return {
    isLandingModule(id: string, graph: GraphLike): boolean {
      walked ??= walk(graph)
      return walked.landing.has(id)
    },
    /** Whether the landing page's first load needs the module: in the landing chunk or the page's own. */
    isFirstLoadModule(id: string, graph: GraphLike): boolean {
      walked ??= walk(graph)
      return walked.landing.has(id) || walked.page.has(id)
    },
  }
}

/**
 * The landing chunk's group test and the plugin that starts a new walk for every build (a watch or a
 * second build in one process sees a new module graph).
 */
export function landingChunk(files: LandingChunkFiles) {
  let current = landingWalk(files)
  const plugin = {
    name: 'merchant-portal:landing-chunk',
    buildStart() {
      current = landingWalk(files)
    },
  } satisfies Plugin
  return {
    plugin,
    isLandingModule: (id: string, graph: GraphLike) => current.isLandingModule(id, graph),
    isFirstLoadModule: (id: string, graph: GraphLike) => current.isFirstLoadModule(id, graph),
  }
}
