import type { Random } from './random'

/**
 * A merchant's share of a resource, generated on first use from the merchant's own random stream (so
 * it does not depend on which merchants were asked for before) and kept; undefined for an unknown
 * merchant.
 */
export function perMerchant<TMerchant extends { id: string }, T>(
  merchants: readonly TMerchant[],
  random: Random,
  generate: (merchant: TMerchant, stream: Random) => T,
): (merchantID: string) => T | undefined {
  const byMerchant = new Map<string, T>()
  return (merchantID) => {
    const existing = byMerchant.get(merchantID)
    if (existing !== undefined) return existing
    const merchant = merchants.find((candidate) => candidate.id === merchantID)
    if (!merchant) return undefined
    const generated = generate(merchant, random.fork(merchantID))
    byMerchant.set(merchantID, generated)
    return generated
  }
}
