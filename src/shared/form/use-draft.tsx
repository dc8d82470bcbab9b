import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import type * as v from 'valibot'
import { draftOwnerOf as ownerOf } from '../../drafts/draft-owner'
import { createDraftStore, type Draft, type DraftOwner } from '../../drafts/draft-store'
import { useServices } from '../../services/services-context'
import { DraftNotice } from './draft-notice'
import { isEqualValue } from './equal'
import type { FormValues, SchemaForm } from './use-schema-form'

export interface DraftOptions<TValues> {
  /** The form and the record it edits (`cart:new`, `cart:edit:<id>`), unique among a merchant's forms. */
  key: string
  /** The values' shape as the form holds them: a kept draft that does not fit it is dropped. */
  schema: v.GenericSchema<unknown, TValues>
  /** What of the values may be kept: it must blank every secret (account numbers). Default: all of them. */
  keep?: (values: TValues) => TValues
}

/**
 * Keeps what a form holds when the session ends without a sign-out (a definitive renewal failure here
 * or in another tab), so the user finds it again after signing in: the form unmounts when the tab
 * goes to /login, and by then the token is gone while sign-out's marker is absent (sign-out writes it
 * before removing anything). Kept for the user and merchant, through src/drafts. Returns the notice
 * offering a kept draft back ("Restore", "Discard"), for the form to render above its fields.
 */
export function useDraft<TValues extends FormValues>(
  form: SchemaForm<TValues, unknown>,
  { key, schema, keep = (values) => values }: DraftOptions<TValues>,
): ReactNode {
  const { session, storage } = useServices()
  const drafts = useMemo(() => createDraftStore(storage), [storage])
  // Taken while signed in: once the session has ended, the token that names the user is gone.
  const owner = useRef<DraftOwner | null>(null)
  const [offer, setOffer] = useState<Draft<TValues> | null>(null)
  const latest = useRef({ form, key, schema, keep })
  latest.current = { form, key, schema, keep }

  useEffect(() => {
    owner.current = ownerOf(session)
    if (!owner.current) return
    const found = drafts.read(owner.current, key, latest.current.schema)
    if (found && isEqualValue(found.values, latest.current.form.values)) drafts.remove(owner.current, key)
    else setOffer(found)
  }, [drafts, session, key])

  useEffect(
    () => () => {
      const { form: last, key: lastKey, keep: keepOf } = latest.current
      if (!owner.current || session.storedToken() !== null || session.signOutReason() !== null) return
      const kept = keepOf(last.values)
      if (!isEqualValue(kept, keepOf(last.saved))) drafts.save(owner.current, lastKey, kept)
    },
    [drafts, session],
  )

  if (!offer) return null
  const settle = (restore: boolean) => {
    if (owner.current) drafts.remove(owner.current, key)
    if (restore) form.update(() => offer.values)
    setOffer(null)
    // The notice and its buttons go away: the focus moves on to the form's first field.
    form.formRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, select')?.focus()
  }
  return (
    <DraftNotice savedAt={offer.savedAt} onRestore={() => settle(true)} onDiscard={() => settle(false)} />
  )
}
