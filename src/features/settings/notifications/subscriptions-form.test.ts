import { setupI18n } from '@lingui/core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { MAX_RECIPIENTS, type Recipient } from '../../../../contract/settings'
import { formErrors } from '../../../../test/support/form-errors'
import { newRecipientSchema } from './subscriptions-form'

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } })

function add(email: string, recipients: readonly Recipient[]) {
  const schema = newRecipientSchema(recipients, i18n)
  const result = v.safeParse(schema, { email })
  return result.success ? { added: result.output.email } : { errors: formErrors(schema, { email }) }
}

const owner: Recipient = { email: 'owner@acme.test', events: ['PAYOUT_SENT'] }

describe('the new recipient schema', () => {
  it('takes an email address as stored: trimmed and in lower case', () => {
    expect(add('  AP@AcmeOutdoor.example ', [owner])).toEqual({ added: 'ap@acmeoutdoor.example' })
  })

  it('says what is wrong with an address that cannot be added', () => {
    expect(add('', [owner])).toEqual({
      errors: { email: 'Enter an email address such as finance@example.com.' },
    })
    expect(add('owner at acme', [owner])).toEqual({
      errors: { email: 'Enter an email address such as finance@example.com.' },
    })
    expect(add('Owner@Acme.test', [owner])).toEqual({
      errors: { email: 'This address is already a recipient.' },
    })
    const full = Array.from({ length: MAX_RECIPIENTS }, (_, index) => ({
      ...owner,
      email: `r${index}@acme.test`,
    }))
    expect(add('new@acme.test', full)).toEqual({
      errors: { email: `At most ${MAX_RECIPIENTS} recipients. Remove one first.` },
    })
  })
})
