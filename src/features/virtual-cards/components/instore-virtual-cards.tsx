import { getRouteApi } from '@tanstack/react-router'
import { lazy, Suspense, useMemo } from 'react'
import { virtualCardPrograms } from '../card-display'

// Most merchants have no in-store program: the section's code loads only for those who see it, so the
// transactions page every merchant opens first stays small.
const VirtualCardsSection = lazy(() =>
  import('./virtual-cards-section').then((module) => ({ default: module.VirtualCardsSection })),
)

const authed = getRouteApi('/_authed/_merchant')

/**
 * The in-store area of the transactions page: issuing single-use virtual cards and the latest ones
 * issued. Absent (not disabled) for users without the issuing scope or merchants without an in-store
 * virtual card program.
 */
export function InstoreVirtualCards() {
  const { merchant, programs, abilities } = authed.useRouteContext()
  const eligible = useMemo(() => virtualCardPrograms(programs), [programs])
  if (!abilities.cardIssuance || eligible.length === 0) return null
  return (
    <Suspense fallback={null}>
      <VirtualCardsSection merchant={merchant} programs={eligible} />
    </Suspense>
  )
}
