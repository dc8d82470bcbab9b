import type { Session } from '../../auth/session'
import type { TypedStorage } from '../../storage/storage'

/** Where a step-up action's values wait in the drafts store through the fresh sign-in. */
export const stepUpDraftKey = (key: string) => `step-up:${key}`

/**
 * Whether values of the step-up action `key` wait for the signed-in user: a page can open the form
 * (and load its code) only then. The form reads them through useStepUp, which checks them fully.
 */
export function stepUpPending(storage: TypedStorage, session: Session, key: string): boolean {
  const userId = session.current()?.claims.uid
  const form = stepUpDraftKey(key)
  return storage.get('drafts')?.some((draft) => draft.form === form && draft.userId === userId) ?? false
}
