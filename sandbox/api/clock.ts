/**
 * The platform's clock for what tests need to move forward without waiting: access keys' grace
 * periods, the step-up check, the identity provider's sign-in times and the activity log's times.
 * It is the real clock plus an offset the control API advances (POST /__sandbox/clock); a reset sets
 * it back to the real clock.
 */
export class SandboxClock {
  #offsetMs = 0

  now(): number {
    return Date.now() + this.#offsetMs
  }

  advance(ms: number): void {
    this.#offsetMs += ms
  }

  get offsetMs(): number {
    return this.#offsetMs
  }

  reset(): void {
    this.#offsetMs = 0
  }
}
