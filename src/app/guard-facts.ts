import type { Query, QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * The facts the merchant guard decides on, by their query keys: the tenant's flags and brand, the
 * merchant, its participations and its programs (src/guards/steps/programs.ts).
 */
function isGuardFact(queryKey: QueryKey): boolean {
  const [first, second] = queryKey
  return (
    first === 'flags' ||
    first === 'tenant' ||
    second === 'merchant' ||
    second === 'participations' ||
    second === 'program'
  )
}

/**
 * Unchanged answers mostly keep their object (TanStack Query's structural sharing), but not those
 * holding dates (a participation's `deletedAt`), which are compared by what they say.
 */
function sameFacts(before: unknown, after: unknown): boolean {
  return before === after || JSON.stringify(before) === JSON.stringify(after)
}

/**
 * Runs the page's guards again when a fact they decided on comes back from the platform changed: a
 * page load that started from the facts of the last one (src/guards/remembered-facts.ts) reads them
 * again, and so does a page that edits the merchant. A fact read for the first time, or set by the
 * portal itself, runs nothing; the answers of one read together run the guards once. Returns the
 * function that stops it.
 */
export function rerunGuardsWhenFactsChange(queryClient: QueryClient, rerun: () => void): () => void {
  const known = new WeakMap<Query, unknown>()
  let scheduled = false
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return
    const { query, action } = event
    if (!isGuardFact(query.queryKey)) return
    const before = known.get(query)
    const after = query.state.data
    known.set(query, after)
    if (action.manual || before === undefined || scheduled || sameFacts(before, after)) return
    scheduled = true
    setTimeout(() => {
      scheduled = false
      rerun()
    })
  })
}
