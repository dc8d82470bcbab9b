/** Answers whether the user may leave the current merchant for `nextMerchantId` (false vetoes). */
export type MerchantChangeCheck = (nextMerchantId: string) => boolean | Promise<boolean>

/** Pages with unsaved work register a check here; a merchant change asks every one of them first. */
export class MerchantChangeGuards {
  readonly #checks = new Set<MerchantChangeCheck>()

  register(check: MerchantChangeCheck): () => void {
    this.#checks.add(check)
    return () => this.#checks.delete(check)
  }

  async allows(nextMerchantId: string): Promise<boolean> {
    for (const check of this.#checks) {
      if (!(await check(nextMerchantId))) return false
    }
    return true
  }
}
