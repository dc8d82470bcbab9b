import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PaymentProductConfiguration } from '../../src/api/schemas/payment-products'
import { MERCHANT_IDS, PROGRAM_IDS, PROGRAM_NAMES } from '../support/platform-ids'
import {
  openSettings,
  pageHeading,
  readThroughApi,
  refuseOnce,
  savedAlert,
  startSettingsSandbox,
} from './settings-support'

const { sandbox, control } = startSettingsSandbox()
const ECOMM = PROGRAM_NAMES.acmeEcomm

/** The configurations in `state`, asked for by it: a configuration need not say its state (spec section 3). */
async function configurations(state: 'ACTIVE' | 'INACTIVE'): Promise<PaymentProductConfiguration[]> {
  const path = `/api/program/${PROGRAM_IDS.acmeEcomm}/payment-product-configuration?merchantID.eq=${MERCHANT_IDS.acme}&state=${state}&limit=50&offset=0`
  return (
    await readThroughApi<{ data: { items: PaymentProductConfiguration[] } }>(
      sandbox(),
      path,
      'owner@acme.test',
    )
  ).data.items
}

/** An enrollment as the platform holds it: its type beside its data, or only in it (spec section 3). */
interface HeldEnrollment {
  paymentProductType?: string
  data: Record<string, unknown>
}

async function enrollments(): Promise<{ type: unknown; data: Record<string, unknown> }[]> {
  const path = `/api/payment-product-enrollment?merchantID.eq=${MERCHANT_IDS.acme}&programID.eq=${PROGRAM_IDS.acmeEcomm}`
  const { items } = (
    await readThroughApi<{ data: { items: HeldEnrollment[] } }>(sandbox(), path, 'owner@acme.test')
  ).data
  return items.map(({ paymentProductType, data }) => ({
    type: paymentProductType ?? data.paymentProductType,
    data,
  }))
}

/** The words the page should use, written out by hand from the attributes. */
function expectedWords(configuration: PaymentProductConfiguration): string {
  const value = (name: string) => configuration.attributes.find((a) => a.name === name)?.value ?? ''
  const count = Number(value('NUMPAYMENTS'))
  const rate = Number(value('RATE'))
  const rateText = `${rate.toFixed(2).replace(/\.?0+$/, '')}% APR`
  if (configuration.paymentProduct.type === 'SPLITPAY') {
    return rate === 0
      ? `${count} payments every two weeks, interest-free`
      : `${count} payments every two weeks at ${rateText}`
  }
  return rate === 0 ? `${count} monthly payments, interest-free` : `${count} monthly payments at ${rateText}`
}

const product = (program: string, name: string) =>
  within(screen.getByRole('region', { name: program })).getByRole('article', { name })

describe('payment products', () => {
  it('shows each active program with its configurations in words, read-only without the edit scope', async () => {
    await openSettings(sandbox(), '/payment-products', 'support@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Payment products')
    expect(screen.getByRole('region', { name: PROGRAM_NAMES.acmeInstore })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: PROGRAM_NAMES.acmeLapsed })).toBeNull()

    const active = await configurations('ACTIVE')
    expect(active.length).toBeGreaterThan(0)
    for (const configuration of active) {
      expect(
        within(screen.getByRole('region', { name: ECOMM })).getAllByText(expectedWords(configuration)).length,
      ).toBeGreaterThan(0)
    }
    const installments = product(ECOMM, 'Installment loan')
    expect(within(installments).getByText('Enrolled')).toBeInTheDocument()
    expect(within(installments).getByText('Offered at checkout')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Enroll' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Remove enrollment' })).toBeNull()
    expect(screen.queryAllByRole('switch')).toHaveLength(0)
  })

  it("keeps the heading and the filter when the programs' enrollments cannot be read: one 'Oops...' box, and Try Again loads every program", async () => {
    const user = userEvent.setup()
    const fault = await control().addFault({
      method: 'GET',
      path: '/api/payment-product-enrollment',
      kind: 'status',
      status: 500,
    })
    await openSettings(sandbox(), '/payment-products', 'owner@acme.test')
    expect(await screen.findByText('Oops...', undefined, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getAllByText('Oops...')).toHaveLength(1)
    expect(screen.getByRole('heading', { level: 1, name: 'Payment products' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Inactive' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: ECOMM })).toBeNull()

    await control().removeFault(fault)
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('region', { name: ECOMM })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: PROGRAM_NAMES.acmeInstore })).toBeInTheDocument()
    expect(screen.queryByText('Oops...')).toBeNull()
  })

  it('asks the platform for the chosen configuration state and lists inactive ones on request', async () => {
    const user = userEvent.setup()
    const { router } = await openSettings(sandbox(), '/payment-products', 'owner@acme.test')
    await pageHeading('Payment products')
    await control().clearRequests()
    await user.click(screen.getByRole('radio', { name: 'Inactive' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ state: 'INACTIVE' }))
    const inactive = await configurations('INACTIVE')
    for (const configuration of inactive) {
      await waitFor(() =>
        expect(
          within(screen.getByRole('region', { name: ECOMM })).getAllByText(expectedWords(configuration))
            .length,
        ).toBeGreaterThan(0),
      )
    }
    const calls = await control().requests({
      path: `/api/program/${PROGRAM_IDS.acmeEcomm}/payment-product-configuration`,
      method: 'GET',
    })
    expect(calls.map((call) => call.query)).toContainEqual({
      'merchantID.eq': MERCHANT_IDS.acme,
      state: 'INACTIVE',
      limit: '50',
      offset: '0',
    })
  })

  it('creates, changes and removes enrollments through the enrollment calls', async () => {
    const user = userEvent.setup()
    await openSettings(sandbox(), '/payment-products', 'owner@acme.test')
    await pageHeading('Payment products')

    await user.click(within(product(ECOMM, 'Pay in 4')).getByRole('button', { name: 'Enroll' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enroll in Pay in 4?' })
    await user.click(within(dialog).getByRole('button', { name: 'Enroll' }))
    await savedAlert(`Enrolled in Pay in 4 for ${ECOMM}.`)
    const splitpay = (await enrollments()).find((enrollment) => enrollment.type === 'SPLITPAY')
    expect(splitpay?.data).toEqual({
      termsVersion: '2024-01',
      offeredAtCheckout: true,
      paymentProductType: 'SPLITPAY',
    })
    await waitFor(() => expect(within(product(ECOMM, 'Pay in 4')).getByText('Enrolled')).toBeInTheDocument())

    await user.click(
      within(product(ECOMM, 'Installment loan')).getByRole('switch', { name: 'Offer at checkout' }),
    )
    await savedAlert('Installment loan is no longer offered at checkout.')
    const installments = (await enrollments()).find((enrollment) => enrollment.type === 'INSTALLMENTS')
    expect(installments?.data.offeredAtCheckout).toBe(false)

    await user.click(within(product(ECOMM, 'Pay in 4')).getByRole('button', { name: 'Remove enrollment' }))
    const remove = await screen.findByRole('dialog', { name: 'Remove the Pay in 4 enrollment?' })
    await user.click(within(remove).getByRole('button', { name: 'Remove enrollment' }))
    await savedAlert(`The Pay in 4 enrollment for ${ECOMM} was removed.`)
    expect((await enrollments()).map((enrollment) => enrollment.type)).toEqual(['INSTALLMENTS'])
  })

  it('keeps the dialog open with the server message when enrolling fails', async () => {
    const user = userEvent.setup()
    await openSettings(sandbox(), '/payment-products', 'owner@acme.test')
    await pageHeading('Payment products')
    await refuseOnce(
      control(),
      'POST',
      '/api/payment-product-enrollment',
      409,
      'Pay in 4 needs a signed addendum first.',
    )
    await user.click(within(product(ECOMM, 'Pay in 4')).getByRole('button', { name: 'Enroll' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enroll in Pay in 4?' })
    await user.click(within(dialog).getByRole('button', { name: 'Enroll' }))
    expect(await within(dialog).findByText('Pay in 4 needs a signed addendum first.')).toBeInTheDocument()
    expect((await enrollments()).map((enrollment) => enrollment.type)).toEqual(['INSTALLMENTS'])
  })
})
