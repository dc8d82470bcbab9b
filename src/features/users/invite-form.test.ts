import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { formErrors } from '../../../test/support/form-errors'
import { type InviteDraft, inviteDraftSchema } from './invite-form'

const errorsOf = (draft: InviteDraft) => {
  const result = v.safeParse(inviteDraftSchema, draft)
  return result.success ? {} : formErrors(inviteDraftSchema, draft)
}

describe('the invitation form', () => {
  it('sends the email in lower case, and the name only when one is given', () => {
    expect(
      v.parse(inviteDraftSchema, { email: ' Rosa@Example.com ', name: ' ', accessLevel: 'READ' }),
    ).toEqual({
      email: 'rosa@example.com',
      accessLevel: 'READ',
    })
    expect(
      v.parse(inviteDraftSchema, { email: 'rosa@example.com', name: ' Rosa ', accessLevel: 'READ/WRITE' }),
    ).toEqual({ email: 'rosa@example.com', name: 'Rosa', accessLevel: 'READ/WRITE' })
  })

  it('says what is wrong with each field, the first problem only', () => {
    expect(errorsOf({ email: '', name: '', accessLevel: 'READ' })).toEqual({ email: 'required' })
    expect(errorsOf({ email: 'rosa@', name: 'R'.repeat(500), accessLevel: 'READ' })).toEqual({
      email: 'email',
      name: 'tooLong',
    })
    expect(errorsOf({ email: `${'r'.repeat(250)}@example.com`, name: '', accessLevel: 'READ' })).toEqual({
      email: 'tooLong',
    })
  })
})
