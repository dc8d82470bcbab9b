import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { formErrors } from '../../../test/support/form-errors'
import { confirmedPassword } from './confirmed-password'

const pair = confirmedPassword(
  {
    password: v.pipe(v.string(), v.minLength(4, 'Too short.')),
    confirmation: v.pipe(v.string(), v.nonEmpty('Type it again.')),
  },
  'The passwords do not match.',
)

const withCurrent = v.intersect([
  v.object({ currentPassword: v.pipe(v.string(), v.nonEmpty('Enter your current password.')) }),
  pair,
])

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? {} : formErrors(schema, input)
}

describe('confirmedPassword', () => {
  it('takes a password typed twice the same', () => {
    expect(v.parse(pair, { password: 'abcd', confirmation: 'abcd' })).toEqual({
      password: 'abcd',
      confirmation: 'abcd',
    })
  })

  it("puts a mismatch on the confirmation, beside the fields' own errors", () => {
    expect(errorsOf(pair, { password: 'abcd', confirmation: 'abce' })).toEqual({
      confirmation: 'The passwords do not match.',
    })
    expect(errorsOf(pair, { password: 'abc', confirmation: 'abce' })).toEqual({
      password: 'Too short.',
      confirmation: 'The passwords do not match.',
    })
    expect(errorsOf(pair, { password: 'abcd', confirmation: '' })).toEqual({ confirmation: 'Type it again.' })
  })

  it('checks the pair whatever the other fields of the form hold, and keeps them in the output', () => {
    expect(errorsOf(withCurrent, { currentPassword: '', password: 'abcd', confirmation: 'abce' })).toEqual({
      currentPassword: 'Enter your current password.',
      confirmation: 'The passwords do not match.',
    })
    expect(v.parse(withCurrent, { currentPassword: 'old', password: 'abcd', confirmation: 'abcd' })).toEqual({
      currentPassword: 'old',
      password: 'abcd',
      confirmation: 'abcd',
    })
  })
})
