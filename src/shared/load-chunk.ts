import { lazyRouteComponent } from '@tanstack/react-router'
import { lazy } from 'react'

// What Chromium, Firefox and Safari say when a dynamic import fails, and what Vite says when a
// chunk's stylesheet does: the network is down, or after a deploy the files the open page knows are gone.
const CHUNK_LOAD_FAILURE =
  /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS)/

/** True when a page's code (a lazily loaded chunk) could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message)
}

/** What loading a chunk asks of the browser: whether it is online, and word when it is again. */
export interface Network {
  online(): boolean
  /** Resolves at the next `online` event. */
  nextOnline(): Promise<void>
}

const browserNetwork: Network = {
  online: () => navigator.onLine,
  nextOnline: () =>
    new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true })),
}

/**
 * Imports a chunk. One that fails while the browser is offline is imported again once it is back
 * online, however long that takes, so that code fetched after the first paint (a badge, a dialog)
 * waits for the network instead of failing its page. Online, a failure is tried once more at once (the
 * connection may have dropped just before); a second one is final: after a deploy, the file is gone.
 */
export async function loadChunk<T>(load: () => Promise<T>, network: Network = browserNetwork): Promise<T> {
  let failedOnline = 0
  for (;;) {
    try {
      return await load()
    } catch (error) {
      if (!isChunkLoadError(error)) throw error
      if (network.online()) {
        failedOnline += 1
        if (failedOnline > 1) throw error
      } else {
        failedOnline = 0
        await network.nextOnline()
      }
    }
  }
}

/** React's `lazy` over `loadChunk`: a component whose code waits for the network rather than failing its page. */
export const lazyChunk: typeof lazy = (load) => lazy(() => loadChunk(load))

/**
 * The component of a route without a loader, in a chunk of its own fetched with `loadChunk` (the route
 * says `codeSplitGroupings: []`). The router's own split component reloads the whole page when its
 * chunk cannot be fetched, which offline leaves the browser's error page in place of the portal; this
 * one waits for the network, the offline banner showing. (A route with a loader has its component in
 * the loader's chunk, whose failure is the page's error: see ChunkError.)
 */
export const lazyRoutePage: typeof lazyRouteComponent = (importer, exportName) =>
  lazyRouteComponent(() => loadChunk(importer), exportName)
