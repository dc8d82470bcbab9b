/**
 * Query keys of the settings pages. Each starts with the merchant id, so a merchant switch drops them
 * all, and a save updates or invalidates through the same factory.
 */
export const settingsKeys = {
  all: (merchantId: string) => [merchantId, 'settings'] as const,
  businessProfile: (merchantId: string) => [...settingsKeys.all(merchantId), 'business-profile'] as const,
  bankInformation: (merchantId: string) => [...settingsKeys.all(merchantId), 'bank-information'] as const,
  funding: (merchantId: string) => [...settingsKeys.all(merchantId), 'funding'] as const,
  subscriptions: (merchantId: string) => [...settingsKeys.all(merchantId), 'subscriptions'] as const,
  accessKeys: (merchantId: string) => [...settingsKeys.all(merchantId), 'access-keys'] as const,
  paymentProducts: (merchantId: string, programId: string) =>
    [...settingsKeys.all(merchantId), 'payment-products', programId] as const,
  merchantValues: (merchantId: string, programId: string) =>
    [...settingsKeys.all(merchantId), 'merchant-values', programId] as const,
}
