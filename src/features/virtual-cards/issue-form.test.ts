import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { formErrors } from '../../../test/support/form-errors'
import type { IssueDraft } from './issue-draft'
import { emptyIssueDraft, issueDraftSchema } from './issue-form'

const PROGRAM = '40000000-0000-4000-8000-000000000002'

/** The request for a valid draft, or the first problem of each field. */
function checkIssueDraft(
  draft: IssueDraft,
  programIds: readonly string[],
): { errors: Record<string, string>; request: v.InferOutput<ReturnType<typeof issueDraftSchema>> | null } {
  const schema = issueDraftSchema(programIds)
  const result = v.safeParse(schema, draft)
  return result.success
    ? { errors: {}, request: result.output }
    : { errors: formErrors(schema, draft), request: null }
}

describe('the issuance draft', () => {
  it('chooses the program when there is only one', () => {
    expect(emptyIssueDraft([PROGRAM])).toEqual({ amount: '', programID: PROGRAM })
    expect(emptyIssueDraft([PROGRAM, 'other'])).toEqual({ amount: '', programID: '' })
  })

  it('gives the request for a valid draft', () => {
    expect(checkIssueDraft({ amount: '$1,250.00', programID: PROGRAM }, [PROGRAM])).toEqual({
      errors: {},
      request: { programID: PROGRAM, amount: 1_250_00 },
    })
  })

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['twelve', 'amount'],
    ['0.99', 'tooSmall'],
    ['0', 'tooSmall'],
    ['1.00', null],
    ['10000.00', null],
    ['10000.01', 'tooLarge'],
    ['999999999999', 'tooLarge'],
    ['12,50', null],
    ['1.250,50', null],
    ['1,2,3', 'amount'],
  ])('says what is wrong with the amount %j', (amount, error) => {
    const check = checkIssueDraft({ amount, programID: PROGRAM }, [PROGRAM])
    expect(check.errors.amount ?? null).toBe(error)
    expect(check.request === null).toBe(error !== null)
  })

  it('needs one of the merchant’s virtual card programs', () => {
    expect(checkIssueDraft({ amount: '25', programID: '' }, [PROGRAM]).errors).toEqual({
      programID: 'program',
    })
    expect(checkIssueDraft({ amount: '25', programID: 'another' }, [PROGRAM]).errors).toEqual({
      programID: 'program',
    })
    expect(checkIssueDraft({ amount: '', programID: '' }, [PROGRAM]).errors).toEqual({
      amount: 'required',
      programID: 'program',
    })
  })
})
