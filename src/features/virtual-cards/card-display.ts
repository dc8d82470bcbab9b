import type { Program } from '../../api/schemas/programs'

/** The merchant's programs a card can be issued under. */
export function virtualCardPrograms(programs: readonly Program[]): Program[] {
  return programs.filter((p) => p.channel === 'INSTORE' && p.checkoutMode === 'VirtualCard')
}

const MASK = '••••'

/** `•••• •••• •••• 1234`: what a card number looks like while hidden. */
export function maskedCardNumber(last4: string): string {
  return `${MASK} ${MASK} ${MASK} ${last4}`
}

/** `4000001234567890` → `4000 0012 3456 7890`, as printed on a card and keyed into a terminal. */
export function groupedCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** Month and year as printed on a card: `05/26`. */
export function cardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`
}
