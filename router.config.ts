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
    // The sign-in page is the first page of every visit without a session: it is part of the entry,
    // so it paints after one script download rather than a chain of them. So is the signed-in
    // shell's loading screen (made of the entry's own parts), which shows while the guards work; the
    // merchant chooser, the merchant layout's other outcome, comes with the shell's code.
    splitBehavior: ({ routeId }: { routeId: string }) => {
      if (routeId === '/login') return []
      if (routeId === '/_authed') return [['loader', 'component']]
      if (routeId === '/_authed/_merchant') return [['loader', 'component'], ['errorComponent']]
      return undefined
    },
  },
  routesDirectory: './src/routes',
  generatedRouteTree: './routes.gen.ts',
  quoteStyle: 'single' as const,
  semicolons: false,
}
