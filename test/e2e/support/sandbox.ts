import { inject } from 'vitest'
import { createControl } from '../../../sandbox/control'

/** The control API of the suite's in-process sandbox: reset, flags, faults, logs, requests. */
export const sandbox = createControl(inject('apiUrl'))
