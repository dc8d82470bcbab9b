import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { IssuedVirtualCard } from '../../../api/schemas/virtual-cards'
import { activateLocale, createI18n } from '../../../i18n/i18n'
import { merchantFormat } from '../../../shared/use-merchant-format'
import { IssuedCard } from './issued-card'

const card: IssuedVirtualCard = {
  id: '50000000-0000-4000-8000-000000000001',
  merchantID: '20000000-0000-4000-8000-000000000001',
  programID: '40000000-0000-4000-8000-000000000002',
  amount: 250_00,
  currency: 'USD',
  singleUse: true,
  status: 'ACTIVE',
  last4: '7899',
  expiryMonth: 5,
  expiryYear: 2026,
  createdAt: new Date('2026-05-01T16:00:00Z'),
  validUntil: new Date('2026-05-02T16:00:00Z'),
  usedAt: null,
  issuedBy: 'ops@provider.test',
  number: '4000001234567899',
  cvv: '042',
}

const format = merchantFormat({ currency: 'USD', timeZone: 'America/Denver' }, 'en-US')

async function renderCard(props: { revealMs?: number; onDone?: () => void } = {}) {
  const i18n = createI18n()
  await activateLocale(i18n, 'en-US')
  const wrap = (children: ReactNode) => (
    <I18nProvider i18n={i18n}>
      <MantineProvider>{children}</MantineProvider>
    </I18nProvider>
  )
  return render(
    wrap(
      <IssuedCard
        card={card}
        programName="Acme In-Store Card"
        format={format}
        onDone={props.onDone ?? (() => {})}
        revealMs={props.revealMs}
      />,
    ),
  )
}

const number = () => screen.getByTestId('card-number').textContent
const cvv = () => screen.getByTestId('card-cvv').textContent

describe('an issued card', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is masked, revealed on request with a countdown, and masked again when the time is up', async () => {
    await renderCard()
    expect(number()).toBe('•••• •••• •••• 7899')
    expect(cvv()).toBe('•••')
    expect(screen.getByText('Hidden, ending in 7899')).toBeInTheDocument()
    expect(screen.getByText('Card issued for $250.00')).toBeInTheDocument()
    expect(screen.getByText('05/26')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Reveal card details' }))
    expect(number()).toBe('4000 0012 3456 7899')
    expect(cvv()).toBe('042')
    expect(screen.getByText('Hidden again in 30 seconds.')).toBeInTheDocument()
    expect(screen.getByRole('status').textContent).toBe(
      'Card number and CVV shown. They are hidden again in 30 seconds.',
    )

    act(() => vi.advanceTimersByTime(29_000))
    expect(screen.getByText('Hidden again in 1 second.')).toBeInTheDocument()
    expect(number()).toBe('4000 0012 3456 7899')
    act(() => vi.advanceTimersByTime(1_000))
    expect(number()).toBe('•••• •••• •••• 7899')
    expect(cvv()).toBe('•••')
    expect(screen.queryByText(/Hidden again in/)).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('Card number and CVV hidden.')
    expect(screen.getByRole('button', { name: 'Reveal card details' })).toBeInTheDocument()
  })

  it('takes its time-out from the dialog, and is gone with it', async () => {
    const view = await renderCard({ revealMs: 5_000 })
    fireEvent.click(screen.getByRole('button', { name: 'Reveal card details' }))
    expect(screen.getByText('Hidden again in 5 seconds.')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(5_000))
    expect(number()).toBe('•••• •••• •••• 7899')

    fireEvent.click(screen.getByRole('button', { name: 'Reveal card details' }))
    view.unmount()
    expect(document.body.textContent).not.toContain('4000 0012')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('copies the full number without showing it', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    await renderCard()
    fireEvent.click(screen.getByRole('button', { name: 'Copy card number' }))
    await act(async () => {
      await Promise.resolve()
    })
    expect(writeText).toHaveBeenCalledWith('4000001234567899')
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument()
    expect(number()).toBe('•••• •••• •••• 7899')
    expect(screen.getByRole('status').textContent).toBe('Card number copied.')
    act(() => vi.advanceTimersByTime(2_000))
    expect(screen.getByRole('button', { name: 'Copy card number' })).toBeInTheDocument()
  })
})
