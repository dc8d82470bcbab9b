// Shared by the Vite plugin and the staleness check so both generate the same tree.
export const routerConfig = {
  target: 'react' as const,
  autoCodeSplitting: true,
  // Loaders are split too: they bring each area's API code and schemas, which /login never needs.
  codeSplittingOptions: {
    defaultBehavior: [['loader'], ['component'], ['pendingComponent', 'errorComponent', 'notFoundComponent']],
  },
  routesDirectory: './src/routes',
  generatedRouteTree: './routes.gen.ts',
  quoteStyle: 'single' as const,
  semicolons: false,
}
