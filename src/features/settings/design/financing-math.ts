/**
 * The monthly payment of an amortised loan, in minor units: principal × i / (1 − (1 + i)^−n) with i the
 * monthly rate; an interest-free plan divides evenly. Rounded up to the minor unit, as lenders quote.
 */
export function monthlyPayment(principalMinor: number, aprPercent: number, months: number): number {
  if (months <= 0 || principalMinor <= 0) return 0
  if (aprPercent <= 0) return Math.ceil(principalMinor / months)
  const monthlyRate = aprPercent / 100 / 12
  return Math.ceil((principalMinor * monthlyRate) / (1 - (1 + monthlyRate) ** -months))
}

/** WCAG relative luminance of a #RRGGBB colour. */
export function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255
    return value <= 0.039_28 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

export const LIGHT_TEXT = '#FFFFFF'
export const DARK_TEXT = '#1A1B1E'

/** The button text colour that reads best on `background`. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT)
    ? LIGHT_TEXT
    : DARK_TEXT
}
