import { describe, expect, it } from 'vitest'
import { exportDays, exportProblem } from './export-form'

const PROGRAM = '40000000-0000-4000-8000-000000000001'
const TODAY = '2026-11-22'

describe('a new export’s range and program', () => {
  it('needs a whole range, ending by the merchant’s today, and a program', () => {
    expect(exportProblem({ from: null, to: null, programID: PROGRAM }, TODAY)).toBe('rangeRequired')
    expect(exportProblem({ from: '2026-11-01', to: null, programID: PROGRAM }, TODAY)).toBe('rangeRequired')
    expect(exportProblem({ from: '2026-11-01', to: '2026-11-23', programID: PROGRAM }, TODAY)).toBe(
      'rangeInFuture',
    )
    expect(exportProblem({ from: '2026-11-01', to: '2026-11-22', programID: null }, TODAY)).toBe(
      'programRequired',
    )
    expect(exportProblem({ from: '2026-11-22', to: '2026-11-22', programID: PROGRAM }, TODAY)).toBeNull()
  })

  it('covers at most 366 calendar days, a leap year’s February and DST days counting as days', () => {
    expect(exportDays('2027-03-01', '2028-02-29')).toBe(366)
    expect(exportProblem({ from: '2025-11-22', to: '2026-11-22', programID: PROGRAM }, TODAY)).toBeNull()
    expect(exportDays('2025-11-22', '2026-11-22')).toBe(366)
    expect(exportProblem({ from: '2025-11-21', to: '2026-11-22', programID: PROGRAM }, TODAY)).toBe(
      'rangeTooLong',
    )
  })
})
