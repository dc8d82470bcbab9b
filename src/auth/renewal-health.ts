/**
 * Whether this tab's renewals are failing for a passing reason (offline, the provider down or slow):
 * the count of transient failures in a row, reset by the next success or the end of the session. The
 * keep-alive retries while it is above zero, and the shell says that the portal is trying to reconnect.
 */
export class RenewalHealth {
  #failures = 0
  readonly #listeners = new Set<() => void>()

  /** Transient failures since the last renewal that worked. */
  failures(): number {
    return this.#failures
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  failed(): void {
    this.#failures += 1
    this.#notify()
  }

  succeeded(): void {
    if (this.#failures === 0) return
    this.#failures = 0
    this.#notify()
  }

  #notify(): void {
    for (const listener of this.#listeners) listener()
  }
}
