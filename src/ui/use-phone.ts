import { useMediaQuery } from '@mantine/hooks'

/**
 * Whether the screen is a phone's (below Mantine's `sm`, 48em), where a page's rows come before what
 * folds or waits. Read at once, so a phone never lays out the wide page first.
 */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false })
}
