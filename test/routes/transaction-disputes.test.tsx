import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { DISPUTE_LIMITS } from '../../contract/disputes'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { fileOf, readSeededDisputesFirst, seededDispute } from '../integration/sandbox/transactions-client'
import { itOnce } from '../support/platform-pass'
import { fileSandbox } from '../support/sandbox'
import { awaiting, disputeOf, disputeSupport, drawerOf, money, pdf } from './dispute-support'

const ACME = MERCHANT_IDS.acme
const DAY = 86_400_000
readSeededDisputesFirst()
const sandbox = fileSandbox()

beforeEach(() => {
  sandbox.reset()
})

const { open, call, detail } = disputeSupport(sandbox)

describe('a dispute in the transaction drawer', () => {
  it('awaiting a response: its reason, amount, deadline with the time left, timeline and both answers', async () => {
    const { id, dispute } = awaiting()
    await open(id)
    const section = await disputeOf(id)
    expect(within(section).getByText('Needs response')).toBeInTheDocument()
    expect(within(section).getByText(money(dispute.amount))).toBeInTheDocument()
    const days = Math.floor((dispute.respondBy - Date.now()) / DAY)
    expect(within(section).getByText(`${days} days left`)).toBeInTheDocument()
    expect(within(section).getByText('Dispute opened')).toBeInTheDocument()
    const answers = within(section).getByRole('group', { name: 'Answer the dispute' })
    expect(within(answers).getByRole('button', { name: 'Accept' })).toBeInTheDocument()
    expect(within(answers).getByRole('button', { name: 'Challenge' })).toBeInTheDocument()
  })

  it.each([
    ['UNDER_REVIEW', 'Under review', 'You challenged this dispute. The platform is reviewing your evidence.'],
    ['WON', 'Won', 'Decided in your favor: the money stays with you.'],
    ['LOST', 'Lost', /^Decided for the customer: \$[\d,.]+ went back to them\.$/],
    ['ACCEPTED', 'Accepted', /^You accepted this dispute: \$[\d,.]+ was refunded to the customer\.$/],
  ] as const)('%s: only its outcome, no answers', async (status, label, outcome) => {
    const { id } = seededDispute(ACME, status)
    await open(id)
    const section = await disputeOf(id)
    expect(within(section).getByText(label)).toBeInTheDocument()
    expect(within(section).getByText(outcome)).toBeInTheDocument()
    expect(within(section).queryByRole('group', { name: 'Answer the dispute' })).toBeNull()
    expect(within(section).queryByText(/left$/)).toBeNull()
  })

  it('past its deadline unanswered: says the platform decides, and offers no answer', async () => {
    const { id } = seededDispute(ACME, 'NEEDS_RESPONSE', { passed: true })
    await open(id)
    const section = await disputeOf(id)
    expect(
      within(section).getByText('The time to respond is over. The platform will decide this dispute.'),
    ).toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: /Accept|Challenge/ })).toBeNull()
  })

  it('shows a read-only user the dispute without answers', async () => {
    const { id } = awaiting()
    await open(id, 'viewer@acme.test')
    const section = await disputeOf(id)
    expect(within(section).getByText('Needs response')).toBeInTheDocument()
    expect(within(section).queryByRole('group', { name: 'Answer the dispute' })).toBeNull()
    expect(within(section).queryByRole('button', { name: /Accept|Challenge/ })).toBeNull()
  })
})

describe('accepting a dispute', () => {
  it('confirms that it refunds the disputed amount for good, then shows it accepted', async () => {
    const user = userEvent.setup()
    const { id, dispute } = awaiting()
    const app = await open(id)
    const section = await disputeOf(id)
    await app.control.clearRequests()
    await user.click(within(section).getByRole('button', { name: 'Accept' }))
    const dialog = await screen.findByRole('dialog', { name: `Accept the dispute on ${id}` })
    expect(
      within(dialog).getByText(
        `Accepting refunds the disputed amount of ${money(dispute.amount)} to the customer and closes the dispute. You cannot challenge it afterwards.`,
      ),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('This cannot be undone')).toBeInTheDocument()
    await user.click(
      within(dialog).getByRole('button', { name: `Accept and refund ${money(dispute.amount)}` }),
    )
    expect(
      await screen.findByText(
        `Accepted the dispute on ${id}: ${money(dispute.amount)} is being refunded to the customer.`,
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: /Accept the dispute/ })).toBeNull()
    await waitFor(() => expect(within(section).getByText('Accepted')).toBeInTheDocument())
    expect(within(section).queryByRole('group', { name: 'Answer the dispute' })).toBeNull()
    const accepts = await app.control.requests({
      method: 'POST',
      path: `/api/transactions/${id}/dispute/accept`,
    })
    expect(accepts).toHaveLength(1)
    expect(accepts[0]?.headers['idempotency-key']).toBeTruthy()
  })

  it('says so in plain words when it was accepted already elsewhere, and shows it accepted', async () => {
    const user = userEvent.setup()
    const { id } = awaiting()
    await open(id)
    const section = await disputeOf(id)
    await user.click(within(section).getByRole('button', { name: 'Accept' }))
    const dialog = await screen.findByRole('dialog', { name: `Accept the dispute on ${id}` })
    // Another tab answers first.
    expect((await call(`/api/transactions/${id}/dispute/accept`, { method: 'POST', body: {} })).status).toBe(
      200,
    )
    await user.click(within(dialog).getByRole('button', { name: /^Accept and refund/ }))
    expect(
      await within(dialog).findByText('This dispute was accepted already, so it cannot be answered again.'),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }))
    await waitFor(() => expect(within(section).getByText('Accepted')).toBeInTheDocument())
    expect(within(section).queryByRole('group', { name: 'Answer the dispute' })).toBeNull()
  })
})

describe('challenging a dispute', () => {
  async function challengeForm(id: string) {
    const user = userEvent.setup({ applyAccept: false })
    const section = await disputeOf(id)
    await user.click(within(section).getByRole('button', { name: 'Challenge' }))
    const form = await within(section).findByRole('form', { name: 'Challenge the dispute' })
    return { user, form, section }
  }

  itOnce(
    'refuses in the browser a file too large, of another kind or beyond five, sending nothing',
    async () => {
      const { id } = awaiting()
      const app = await open(id)
      const { user, form } = await challengeForm(id)
      await app.control.clearRequests()
      const text = new File([fileOf('text', 300)], 'notes.pdf', { type: 'application/pdf' })
      const large = pdf('scan.pdf', DISPUTE_LIMITS.fileBytes + 1)
      await user.upload(within(form).getByLabelText('Evidence files'), [text, large, pdf('a.pdf')])
      const refusals = await within(form).findByRole('alert')
      expect(within(refusals).getByText('notes.pdf is not a PDF, PNG or JPEG file.')).toBeInTheDocument()
      expect(within(refusals).getByText('scan.pdf is larger than 5 MB.')).toBeInTheDocument()
      const chosen = within(form).getByRole('list', { name: 'Chosen files' })
      expect(within(chosen).getAllByRole('listitem')).toHaveLength(1)

      await user.upload(within(form).getByLabelText('Evidence files'), [
        pdf('b.pdf'),
        pdf('c.pdf'),
        pdf('d.pdf'),
        pdf('e.pdf'),
        pdf('f.pdf'),
      ])
      expect(
        await within(form).findByText('f.pdf was not added: a challenge takes at most 5 files.'),
      ).toBeInTheDocument()
      expect(within(chosen).getAllByRole('listitem')).toHaveLength(5)
      await user.click(within(form).getByRole('button', { name: 'Send challenge' }))
      expect(await within(form).findByText("Explain why the customer's claim is wrong.")).toBeInTheDocument()
      expect(await app.control.requests({ method: 'POST', path: '/api/transactions/**' })).toHaveLength(0)
    },
  )

  it('sends a challenge with its explanation, then shows the dispute under review', async () => {
    const { id } = awaiting()
    const app = await open(id)
    const { user, form, section } = await challengeForm(id)
    const explanation = 'Delivered and signed for at the billing address.'
    await user.type(within(form).getByRole('textbox', { name: /Your explanation/ }), explanation)
    expect(within(form).getByText(/^48 of 5,000 characters/)).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Send challenge' }))
    expect(await screen.findByText(`Sent your challenge of the dispute on ${id}.`)).toBeInTheDocument()
    await waitFor(() => expect(within(section).getByText('Under review')).toBeInTheDocument())
    expect(within(section).queryByRole('group', { name: 'Answer the dispute' })).toBeNull()
    const posts = await app.control.requests({
      method: 'POST',
      path: `/api/transactions/${id}/dispute/challenge`,
    })
    expect(posts).toHaveLength(1)
    expect(posts[0]?.headers['idempotency-key']).toBeTruthy()
    const sent = (await detail(id)).dispute
    expect(sent?.status).toBe('UNDER_REVIEW')
    // A platform may leave the challenge out of its answers (the spec-minimal one does).
    if (sent?.challenge) expect(sent.challenge.explanation).toBe(explanation)
  })

  it('keeps the explanation and files when an upload fails, with its reason, and sends no challenge', async () => {
    const { id } = awaiting()
    const app = await open(id)
    const { user, form } = await challengeForm(id)
    const box = within(form).getByRole('textbox', { name: /Your explanation/ })
    await user.type(box, 'The customer signed for the parcel.')
    await user.upload(within(form).getByLabelText('Evidence files'), pdf())
    await app.control.addFault({
      method: 'POST',
      path: `/api/transactions/${id}/dispute/evidence`,
      kind: 'status',
      status: 503,
      times: 1,
    })
    await user.click(within(form).getByRole('button', { name: 'Send challenge' }))
    expect(
      await within(form).findByText(
        'Some files could not be uploaded, so the challenge was not sent. Your explanation and files are kept: send again to retry.',
      ),
    ).toBeInTheDocument()
    expect(
      within(form).getByText(
        'Upload failed: We could not reach the platform, so we do not know whether this went through. Try again: it will not act twice.',
      ),
    ).toBeInTheDocument()
    expect(box).toHaveValue('The customer signed for the parcel.')
    expect(within(form).getByText('receipt.pdf')).toBeInTheDocument()
    expect(
      await app.control.requests({ method: 'POST', path: `/api/transactions/${id}/dispute/challenge` }),
    ).toHaveLength(0)
    expect(within(form).getByRole('button', { name: 'Send challenge' })).toBeEnabled()
  })
})

describe("the transaction's details", () => {
  it('copies the transaction and order ids, and says so to a screen reader', async () => {
    const user = userEvent.setup()
    const { id } = seededDispute(ACME, 'WON')
    await open(id)
    const drawer = await drawerOf(id)
    await user.click(await within(drawer).findByRole('button', { name: 'Copy transaction ID' }))
    expect(await within(drawer).findByText(`Transaction ID ${id} copied`)).toHaveAttribute('role', 'status')
    expect(await navigator.clipboard.readText()).toBe(id)
    const tx = await detail(id)
    await user.click(within(drawer).getByRole('button', { name: 'Copy order ID' }))
    expect(await within(drawer).findByText(`Order ID ${tx.orderId} copied`)).toHaveAttribute('role', 'status')
    expect(await navigator.clipboard.readText()).toBe(tx.orderId)
  })

  it('shows the line items, addresses and plan terms the platform sends, and nothing for what it leaves out', async () => {
    const { id } = seededDispute(ACME, 'LOST')
    const tx = await detail(id)
    await open(id)
    const drawer = await drawerOf(id)
    await within(drawer).findByRole('region', { name: 'Timeline' })
    if (tx.lineItems && tx.lineItems.length > 0) {
      const items = within(drawer).getByRole('table', { name: 'Items' })
      const rows = within(items).getAllByRole('row').slice(1)
      expect(rows).toHaveLength(tx.lineItems.length)
      const [first] = tx.lineItems
      expect(within(rows[0] as HTMLElement).getByText(first?.name ?? '')).toBeInTheDocument()
      expect(within(rows[0] as HTMLElement).getByText(money(first?.total ?? 0))).toBeInTheDocument()
    } else {
      expect(within(drawer).queryByRole('table', { name: 'Items' })).toBeNull()
    }
    if (tx.billingAddress) {
      expect(within(drawer).getByText('Billing address')).toBeInTheDocument()
      const { line1 } = tx.billingAddress
      const addresses = within(drawer).getAllByText(
        (_, element) => element?.tagName === 'ADDRESS' && element.textContent.startsWith(line1),
      )
      expect(addresses.length).toBeGreaterThan(0)
    } else {
      expect(within(drawer).queryByText('Billing address')).toBeNull()
    }
    expect(within(drawer).queryByText('Shipping address') !== null).toBe(tx.shippingAddress !== undefined)
    const plan = within(drawer).queryByRole('region', { name: 'Plan' })
    if (tx.plan) {
      if (!plan) throw new Error('no plan shown')
      const payments = `${tx.plan.numberOfPayments} payments`
      expect(within(plan).getByText(payments)).toBeInTheDocument()
      expect(within(plan).getByText(`${tx.plan.aprBPS / 100}%`)).toBeInTheDocument()
      // A calendar date: the day the platform sent, not that day's midnight UTC read in Denver.
      const [year, month, day] = tx.plan.firstPaymentDate.toISOString().slice(0, 10).split('-').map(Number)
      const shown = new Date(year ?? 0, (month ?? 1) - 1, day).toLocaleDateString('en-US', {
        dateStyle: 'medium',
      })
      expect(within(plan).getByText(shown)).toBeInTheDocument()
    } else {
      expect(plan).toBeNull()
    }
  })
})
