import { useMediaQuery } from '@mantine/hooks'

/**
 * Whether lists show one card per item instead of a table: below 64em, on phones and on tablets,
 * where the navigation beside a 768-wide iPad leaves the list about 490 px, too little for a table's
 * key columns. Read at once, so a narrow screen never flashes the wide table first.
 */
export function useListCards(): boolean {
  return useMediaQuery('(max-width: 63.99em)', false, { getInitialValueInEffect: false })
}
