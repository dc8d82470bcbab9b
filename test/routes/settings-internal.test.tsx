import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { MerchantValues } from '../../src/api/schemas/payment-products'
import { MERCHANT_IDS, PROGRAM_IDS, PROGRAM_NAMES } from '../support/platform-ids'
import { itOnce } from '../support/platform-pass'
import {
  expectGuarded,
  openSettings,
  pageHeading,
  readThroughApi,
  refuseOnce,
  savedAlert,
  startSettingsSandbox,
} from './settings-support'

const { sandbox, control } = startSettingsSandbox()
const valuesPath = (programId: string) => `/api/program/${programId}/merchant/${MERCHANT_IDS.acme}/values`

async function stored(programId: string = PROGRAM_IDS.acmeEcomm): Promise<MerchantValues['values']> {
  return (
    await readThroughApi<{ data: MerchantValues }>(
      sandbox(),
      valuesPath(programId),
      'ops@provider.test',
      MERCHANT_IDS.acme,
    )
  ).data.values
}

const dollars = (cents: unknown) =>
  `$${(Number(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`

describe('internal settings', () => {
  it('shows staff without the edit scope the values of the first program, with no form', async () => {
    await openSettings(sandbox(), '/internal-settings', 'support@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Internal settings')
    const values = await stored()
    const section = screen.getByRole('region', { name: `Values for ${PROGRAM_NAMES.acmeEcomm}` })
    expect(within(section).getByText('Merchant category code')).toBeInTheDocument()
    expect(within(section).getByText(String(values.merchantCategoryCode))).toBeInTheDocument()
    expect(within(section).getByText(dollars(values.minimumOrderAmount))).toBeInTheDocument()
    expect(screen.queryByRole('form')).toBeNull()
    expect(screen.queryAllByRole('switch')).toHaveLength(0)
  })

  it('saves merchant values per program through PATCH, and the platform holds them', async () => {
    const user = userEvent.setup()
    const { router } = await openSettings(
      sandbox(),
      '/internal-settings',
      'ops@provider.test',
      MERCHANT_IDS.acme,
    )
    await pageHeading('Internal settings')
    await user.click(screen.getByLabelText('Program', { selector: 'input' }))
    await user.click(await screen.findByRole('option', { name: PROGRAM_NAMES.acmeInstore, hidden: true }))
    await screen.findByRole('region', { name: `Values for ${PROGRAM_NAMES.acmeInstore}` }, { timeout: 5_000 })
    expect(router.state.location.search).toEqual({ program: PROGRAM_IDS.acmeInstore })

    const minimum = screen.getByRole('textbox', { name: /Minimum order amount/ })
    await user.clear(minimum)
    await user.type(minimum, '75')
    await user.click(screen.getByRole('switch', { name: /Show promotional messaging/ }))
    await user.type(
      screen.getByRole('textbox', { name: /Note for manual review/ }),
      'Seasonal volume spikes.',
    )
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    await savedAlert(`Internal settings for ${PROGRAM_NAMES.acmeInstore} were saved.`)
    expect(await stored(PROGRAM_IDS.acmeInstore)).toMatchObject({
      minimumOrderAmount: 7500,
      showPromotionalMessaging: false,
      manualReviewNote: 'Seasonal volume spikes.',
    })
    expect((await stored(PROGRAM_IDS.acmeEcomm)).showPromotionalMessaging).toBe(true)
  })

  it('checks the amounts against each other, and keeps the input when the save is refused', async () => {
    const user = userEvent.setup()
    await openSettings(sandbox(), '/internal-settings', 'ops@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Internal settings')
    const maximum = screen.getByRole('textbox', { name: /Maximum order amount/ })
    await user.clear(maximum)
    await user.type(maximum, '1')
    await user.tab()
    expect(
      await screen.findByText('The maximum order amount must be at least the minimum.'),
    ).toBeInTheDocument()
    await user.clear(maximum)
    await user.type(maximum, '9000')

    await refuseOnce(
      control(),
      'PATCH',
      valuesPath(PROGRAM_IDS.acmeEcomm),
      409,
      'Underwriting is reviewing this merchant.',
    )
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Underwriting is reviewing this merchant.',
    )
    expect(maximum).toHaveProperty('value', '9000')
  })

  itOnce('guards unsaved values against leaving, a program switch and a merchant change', async () => {
    const user = userEvent.setup()
    const app = await openSettings(sandbox(), '/internal-settings', 'ops@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Internal settings')
    await user.type(screen.getByRole('textbox', { name: /Display name in checkout/ }), ' Outlet')
    await expectGuarded(user, app, MERCHANT_IDS.globex)

    await user.click(screen.getByLabelText('Program', { selector: 'input' }))
    await user.click(await screen.findByRole('option', { name: PROGRAM_NAMES.acmeInstore, hidden: true }))
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }))
    await screen.findByRole('region', { name: `Values for ${PROGRAM_NAMES.acmeInstore}` }, { timeout: 5_000 })
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Display name in checkout/ })).toHaveProperty(
        'value',
        'Acme Outdoor',
      ),
    )
  })
})
