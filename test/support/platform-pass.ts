import { it } from 'vitest'

/**
 * A route test of what the portal does with the user's own input — typing, leaving a field, leaving a
 * dirty form, debouncing, toggling a view — whose outcome no platform answer decides. It runs in the
 * `current` Vitest project only; the newer-platform and spec-minimal passes (vite.config.ts), which exist
 * to prove the portal reads other platforms' answers, report it as skipped instead of running it again.
 */
export const itOnce = it.skipIf(process.env.SANDBOX_PLATFORM !== undefined)
