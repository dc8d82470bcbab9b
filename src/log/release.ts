declare const __RELEASE__: string

/** The portal's version (package.json's), written in at build time by vite.config.ts; every log entry carries it. */
export const RELEASE: string = __RELEASE__
