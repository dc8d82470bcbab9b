// Shared by the Vite plugin and the staleness check so both generate the same tree.
export const routerConfig = {
  target: 'react' as const,
  autoCodeSplitting: true,
  // Loaders are split too: they bring each area's API code and schemas, which /login never needs. A
  // page's loader shares its component's chunk, so the code fetched at start-up for the page opened
  // (src/app/router.tsx) holds both, and the loader does not wait for a download of its own.
  codeSplittingOptions: {
    defaultBehavior: [
      ['loader', 'component'],
      ['pendingComponent', 'errorComponent', 'notFoundComponent'],
    ],
    // A route that splits otherwise says so itself, with `codeSplitGroupings` (/login, /_authed,
    // /_authed/_merchant): configuration names no route.
  },
  routesDirectory: './src/routes',
  generatedRouteTree: './routes.gen.ts',
  quoteStyle: 'single' as const,
  semicolons: false,
}
