// Shared by the Vite plugin and the staleness check so both generate the same tree.
export const routerConfig = {
  target: 'react' as const,
  autoCodeSplitting: true,
  routesDirectory: './src/routes',
  generatedRouteTree: './routes.gen.ts',
  quoteStyle: 'single' as const,
  semicolons: false,
}
