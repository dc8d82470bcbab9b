/**
 * Thrown by the signed-in guard when the user has no merchant yet and may pick one: the router shows
 * the merchant chooser in place of the page (see src/routes/_authed/_merchant.tsx).
 */
export class MerchantNotChosen extends Error {
  override readonly name = 'MerchantNotChosen'

  constructor() {
    super('No merchant is chosen yet')
  }
}

export function isMerchantNotChosen(error: unknown): error is MerchantNotChosen {
  return error instanceof MerchantNotChosen
}
