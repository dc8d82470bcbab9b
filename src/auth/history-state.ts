declare module '@tanstack/history' {
  interface HistoryState {
    /** Where a signed-out user was going; kept in history state, never in the URL. */
    returnTo?: string
  }
}

export {}
