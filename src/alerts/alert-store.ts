export const ALERT_STATUSES = ['INFO', 'ERROR', 'SUCCESS'] as const
export type AlertStatus = (typeof ALERT_STATUSES)[number]

/** A new alert waits this long for the current one to fade out. */
export const ALERT_FADE_MS = 250
export const DEFAULT_ALERT_DURATION_MS = 10_000
export const AUTH_ERROR_ALERT_DURATION_MS = 20_000

/** A button in the alert; pressing it closes the alert and runs `run`. It is not kept across page loads. */
export interface AlertAction {
  label: string
  run: () => unknown
}

export interface Alert {
  id: string
  status: AlertStatus
  message: string | string[]
  /** Milliseconds the alert stays up; it stays until closed when this is 0. */
  duration: number
  createdAt: number
  action?: AlertAction
}

export interface AlertInput {
  status: AlertStatus
  message: string | string[]
  duration?: number
  action?: AlertAction
}

export interface AlertSnapshot {
  alert: Alert | null
  /** True while the current alert fades out before its replacement (or nothing) shows. */
  leaving: boolean
}

/** Where the current alert is kept so that it survives a full page load (the sign-in redirects). */
export interface AlertPersistence {
  load(): Alert | null
  save(alert: Alert | null): void
}

interface Clock {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** One alert at a time: a new one replaces the current one after a 250 ms fade. */
export class AlertStore {
  #snapshot: AlertSnapshot = { alert: null, leaving: false }
  readonly #listeners = new Set<() => void>()
  #hideTimer: unknown = null
  #fadeTimer: unknown = null
  #pending: Alert | null = null

  constructor(
    private readonly persistence: AlertPersistence,
    private readonly clock: Clock = realClock,
  ) {
    const stored = persistence.load()
    if (stored && !this.#expired(stored)) this.#present(stored)
    else if (stored) persistence.save(null)
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  getSnapshot = (): AlertSnapshot => this.#snapshot

  show(input: AlertInput): Alert {
    const alert: Alert = {
      id: crypto.randomUUID(),
      status: input.status,
      message: input.message,
      duration: input.duration ?? DEFAULT_ALERT_DURATION_MS,
      createdAt: this.clock.now(),
      action: input.action,
    }
    // An action's code cannot be stored; after a page load it would act on another page anyway.
    const { action: _action, ...stored } = alert
    this.persistence.save(stored)
    if (this.#snapshot.alert) {
      this.#pending = alert
      this.#fadeOut()
    } else {
      this.#present(alert)
    }
    return alert
  }

  dismiss(id?: string): void {
    const current = this.#snapshot.alert
    if (!current || (id !== undefined && current.id !== id)) return
    this.#pending = null
    this.persistence.save(null)
    this.#fadeOut()
  }

  #expired(alert: Alert): boolean {
    return alert.duration > 0 && this.clock.now() >= alert.createdAt + alert.duration
  }

  #present(alert: Alert) {
    this.#clearHideTimer()
    this.#set({ alert, leaving: false })
    if (alert.duration > 0) {
      const remaining = Math.max(0, alert.createdAt + alert.duration - this.clock.now())
      this.#hideTimer = this.clock.setTimeout(() => this.dismiss(alert.id), remaining)
    }
  }

  #fadeOut() {
    this.#clearHideTimer()
    if (this.#fadeTimer !== null) return
    this.#set({ alert: this.#snapshot.alert, leaving: true })
    this.#fadeTimer = this.clock.setTimeout(() => {
      this.#fadeTimer = null
      const next = this.#pending
      this.#pending = null
      if (next) this.#present(next)
      else this.#set({ alert: null, leaving: false })
    }, ALERT_FADE_MS)
  }

  #clearHideTimer() {
    if (this.#hideTimer !== null) this.clock.clearTimeout(this.#hideTimer)
    this.#hideTimer = null
  }

  #set(snapshot: AlertSnapshot) {
    this.#snapshot = snapshot
    for (const listener of this.#listeners) listener()
  }
}
