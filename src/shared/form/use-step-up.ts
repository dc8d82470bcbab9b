import { useRouter } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import type * as v from 'valibot'
import { FreshSignInNeeded, signInTooOld } from '../../auth/step-up'
import { draftOwnerOf as ownerOf } from '../../drafts/draft-owner'
import { createDraftStore } from '../../drafts/draft-store'
import { useServices } from '../../services/services-context'
import { stepUpDraftKey } from './step-up-pending'

/** What was typed before a fresh sign-in is offered back for this long after it was kept. */
export const STEP_UP_RESUME_MS = 15 * 60_000

export interface StepUpOptions<TValues> {
  /** The action (`virtual-cards:issue`), unique among a merchant's forms. */
  key: string
  /** The values' shape: what is read back from storage must pass it. */
  schema: v.GenericSchema<unknown, TValues>
  /** What of the values may be kept in browser storage: it must blank every secret. Default: all. */
  keep?: (values: TValues) => TValues
}

export interface StepUp<TValues> {
  /** What was typed before the fresh sign-in, when this page is back from it; else null. */
  resumed: TValues | null
  /** Throws FreshSignInNeeded when the portal token's sign-in is older than the step-up allows. */
  check(): void
  /** Keeps what `keep` allows of `values`, then goes to the provider for a new sign-in and back here. */
  signInAgain(values: TValues): void
  /** True from the click until the browser has left for the provider. */
  leaving: boolean
}

/**
 * The round trip of a step-up action (creating or rotating a key, changing the bank account, issuing
 * a virtual card): the values go into the drafts store (src/drafts) under `step-up:<key>`, for this
 * user and merchant, the provider is asked for a new sign-in, and the page it comes back to reads them
 * once (`resumed`) to reopen its form. Nothing is sent again without the user's click.
 */
export function useStepUp<TValues>({
  key,
  schema,
  keep = (values) => values,
}: StepUpOptions<TValues>): StepUp<TValues> {
  const { session, storage } = useServices()
  const router = useRouter()
  const drafts = useMemo(() => createDraftStore(storage), [storage])
  const draftKey = stepUpDraftKey(key)
  const [resumed] = useState<TValues | null>(() => {
    const owner = ownerOf(session)
    const found = owner ? drafts.read(owner, draftKey, schema) : null
    return found && Date.now() - found.savedAt <= STEP_UP_RESUME_MS ? found.values : null
  })
  const [leaving, setLeaving] = useState(false)

  useEffect(() => {
    const owner = ownerOf(session)
    if (owner) drafts.remove(owner, draftKey)
  }, [drafts, session, draftKey])

  return {
    resumed,
    leaving,
    check() {
      if (signInTooOld(session.current()?.claims.auth_time, Date.now())) throw new FreshSignInNeeded()
    },
    signInAgain(values) {
      const owner = ownerOf(session)
      if (owner) drafts.save(owner, draftKey, keep(values))
      setLeaving(true)
      session.startFreshSignIn(router.state.location.href).catch(() => {
        // The session told the user it could not reach the provider; the form stays as it was.
        setLeaving(false)
      })
    },
  }
}
