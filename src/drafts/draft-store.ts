import * as v from 'valibot'
import type { TypedStorage } from '../storage/storage'
import { fitsInDraft, MAX_DRAFTS, type StoredValues } from '../storage/stored-values'

/** A draft outlives a sign-in round trip, not a night: older ones are dropped. */
export const MAX_DRAFT_AGE_MS = 12 * 60 * 60 * 1000

type StoredDraft = StoredValues['drafts'][number]

/** Whose a draft is: the signed-in user, for the merchant their token acted for. */
export interface DraftOwner {
  userId: string
  merchantId: string
}

export interface Draft<T> {
  values: T
  savedAt: number
}

export interface DraftStore {
  /**
   * Keeps what `form` holds for `owner`, in place of that form's previous draft. The oldest drafts
   * make room beyond MAX_DRAFTS; values larger than MAX_DRAFT_CHARS (or not JSON) are not kept.
   */
  save(owner: DraftOwner, form: string, values: unknown): void
  /**
   * The owner's draft of `form` when it passes `schema` (the form's shape, which may also transform).
   * A draft that fails it is removed, and so are every other user's drafts and drafts older than
   * MAX_DRAFT_AGE_MS: no one is offered what another user typed.
   */
  read<T>(owner: DraftOwner, form: string, schema: v.GenericSchema<unknown, T>): Draft<T> | null
  remove(owner: DraftOwner, form: string): void
}

const isOf = (draft: StoredDraft, owner: DraftOwner, form: string) =>
  draft.userId === owner.userId && draft.merchantId === owner.merchantId && draft.form === form

export function createDraftStore(storage: TypedStorage, now: () => number = Date.now): DraftStore {
  const fresh = (draft: StoredDraft) => now() - draft.savedAt <= MAX_DRAFT_AGE_MS

  function write(drafts: StoredDraft[], before: readonly StoredDraft[]): void {
    if (drafts.length === before.length && drafts.every((draft, index) => draft === before[index])) return
    if (drafts.length === 0) storage.remove('drafts')
    else storage.set('drafts', drafts)
  }

  function save(owner: DraftOwner, form: string, values: unknown): void {
    if (!fitsInDraft(values)) return
    const before = storage.get('drafts') ?? []
    const kept = before.filter((draft) => fresh(draft) && !isOf(draft, owner, form))
    const draft: StoredDraft = { ...owner, form, values, savedAt: now() }
    write([...kept, draft].slice(-MAX_DRAFTS), before)
  }

  function read<T>(owner: DraftOwner, form: string, schema: v.GenericSchema<unknown, T>): Draft<T> | null {
    const before = storage.get('drafts') ?? []
    const kept = before.filter((draft) => fresh(draft) && draft.userId === owner.userId)
    const found = kept.find((draft) => isOf(draft, owner, form))
    const parsed = found ? v.safeParse(schema, found.values) : null
    write(parsed?.success === false ? kept.filter((draft) => draft !== found) : kept, before)
    return found && parsed?.success ? { values: parsed.output, savedAt: found.savedAt } : null
  }

  function remove(owner: DraftOwner, form: string): void {
    const before = storage.get('drafts') ?? []
    write(
      before.filter((draft) => !isOf(draft, owner, form)),
      before,
    )
  }

  return { save, read, remove }
}
