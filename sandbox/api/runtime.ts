import { randomUUID } from 'node:crypto'
import type { FaultSpec, RecordedRequest } from '../control-wire'
import { matchesPath } from './patterns'

export interface Fault extends FaultSpec {
  id: string
}

/** Faults injected through the control API; the first one matching a request applies. */
export class FaultRegistry {
  #faults: Fault[] = []

  add(spec: FaultSpec): string {
    const id = randomUUID()
    this.#faults.push({ ...spec, id })
    return id
  }

  remove(id: string): boolean {
    const before = this.#faults.length
    this.#faults = this.#faults.filter((fault) => fault.id !== id)
    return this.#faults.length < before
  }

  clear(): void {
    this.#faults = []
  }

  /** The fault for this request, counting it against `times` (and retiring it when used up). */
  take(method: string, path: string): Fault | undefined {
    const fault = this.#faults.find(
      (candidate) =>
        (!candidate.method || candidate.method.toUpperCase() === method.toUpperCase()) &&
        matchesPath(candidate.path, path),
    )
    if (fault?.times !== undefined) {
      fault.times -= 1
      if (fault.times <= 0) this.remove(fault.id)
    }
    return fault
  }
}

const MAX_RECORDED = 2000

/** Recent /api requests, so tests can count calls and check the headers the portal sent. */
export class RequestRecord {
  #items: RecordedRequest[] = []

  add(request: RecordedRequest): void {
    this.#items.push(request)
    if (this.#items.length > MAX_RECORDED) this.#items.splice(0, this.#items.length - MAX_RECORDED)
  }

  list(filter: { path?: string; method?: string } = {}): RecordedRequest[] {
    return this.#items.filter(
      (item) =>
        (!filter.path || matchesPath(filter.path, item.path)) &&
        (!filter.method || item.method === filter.method.toUpperCase()),
    )
  }

  clear(): void {
    this.#items = []
  }
}
