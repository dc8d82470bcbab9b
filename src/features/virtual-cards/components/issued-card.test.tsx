import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { IssuedVirtualCard } from '../../../api/schemas/virtual-cards'
import { activateLocale, createI18n } from '../../../i18n/i18n'
import { merchantFormat } from '../../../shared/use-merchant-format'
import { type ClipboardEnvironment, type ClipboardGuard, createClipboardGuard } from '../clipboard-guard'
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

async function renderCard(
  props: { revealMs?: number; onDone?: () => void; clipboard?: ClipboardGuard } = {},
) {
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
        clipboard={props.clipboard}
      />,
    ),
  )
}

const number = () => screen.getByTestId('card-number').textContent
const cvv = () => screen.getByTestId('card-cvv').textContent
const note = () => screen.queryByTestId('clipboard-note')?.textContent

/** Lets the clipboard's promises settle (the copy, the read-back) without moving the clock. */
async function settle() {
  await act(async () => {
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve()
  })
}

/**
 * A clipboard and a page as the guard sees them: what the clipboard holds, whether the browser lets
 * the page read it without asking, and whether the page has the focus (`blur()` takes it away).
 */
function fakeBrowser({ mayRead }: { mayRead: boolean }) {
  const window = new EventTarget()
  const document = new EventTarget()
  const state = { held: '', focused: true, reads: 0, writes: [] as string[] }
  const environment: ClipboardEnvironment = {
    clipboard: {
      writeText: async (text) => {
        state.writes.push(text)
        state.held = text
      },
      readText: async () => {
        state.reads += 1
        return state.held
      },
    },
    mayRead: async () => mayRead,
    hasFocus: () => state.focused,
    window,
    document,
  }
  return {
    state,
    guard: createClipboardGuard(environment),
    blur() {
      state.focused = false
      window.dispatchEvent(new Event('blur'))
    },
    copyElsewhereInPage(text: string) {
      document.dispatchEvent(new Event('copy'))
      state.held = text
    },
  }
}

async function copyNumber() {
  fireEvent.click(screen.getByRole('button', { name: 'Copy card number' }))
  await settle()
}

const SECONDS_59 = 59_000

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

  describe('a copied number, a minute later', () => {
    it('is taken off the clipboard if reading it back shows it is still there', async () => {
      const browser = fakeBrowser({ mayRead: true })
      await renderCard({ clipboard: browser.guard })
      await copyNumber()
      expect(browser.state.held).toBe('4000001234567899')
      expect(note()).toBe(
        'For safety, the number is taken off the clipboard in 60 seconds if it is still there.',
      )

      await act(() => vi.advanceTimersByTimeAsync(SECONDS_59))
      expect(browser.state.held).toBe('4000001234567899')
      expect(browser.state.reads).toBe(0)
      await act(() => vi.advanceTimersByTimeAsync(1_000))
      await settle()
      expect(browser.state.reads).toBe(1)
      expect(browser.state.held).toBe('')
      expect(note()).toBe('The card number was taken off the clipboard.')
      expect(screen.getByRole('status').textContent).toBe('The card number was taken off the clipboard.')
    })

    it('is left alone when the clipboard holds something else by then', async () => {
      const browser = fakeBrowser({ mayRead: true })
      await renderCard({ clipboard: browser.guard })
      await copyNumber()
      browser.state.held = 'an address copied from another application'
      await act(() => vi.advanceTimersByTimeAsync(60_000))
      await settle()
      expect(browser.state.held).toBe('an address copied from another application')
      expect(browser.state.writes).toEqual(['4000001234567899'])
      expect(note()).toBe('Something else was copied since, so the clipboard was left as it is.')
    })

    it('is overwritten without reading only if the page kept the focus, and the page says so', async () => {
      const browser = fakeBrowser({ mayRead: false })
      await renderCard({ clipboard: browser.guard })
      await copyNumber()
      expect(note()).toBe(
        'For safety, the number is taken off the clipboard in 60 seconds if this page keeps the focus until then: the browser does not let the portal check what the clipboard holds.',
      )
      await act(() => vi.advanceTimersByTimeAsync(60_000))
      await settle()
      expect(browser.state.reads).toBe(0)
      expect(browser.state.held).toBe('')
      expect(note()).toBe('The card number was taken off the clipboard.')
    })

    it('is not touched once the page lost the focus, since something else may have been copied', async () => {
      const browser = fakeBrowser({ mayRead: false })
      await renderCard({ clipboard: browser.guard })
      await copyNumber()
      browser.blur()
      // Back again before the minute is up: the clipboard may still hold what was copied meanwhile.
      browser.state.focused = true
      await act(() => vi.advanceTimersByTimeAsync(60_000))
      await settle()
      expect(browser.state.writes).toEqual(['4000001234567899'])
      expect(note()).toBe(
        'The card number may still be on the clipboard: the portal could not check it after this page lost the focus. Copy something else to replace it.',
      )
    })

    it('is not touched when something else was copied in the page', async () => {
      const browser = fakeBrowser({ mayRead: false })
      await renderCard({ clipboard: browser.guard })
      await copyNumber()
      browser.copyElsewhereInPage('ACME-ORDER-1001')
      await act(() => vi.advanceTimersByTimeAsync(60_000))
      await settle()
      expect(browser.state.held).toBe('ACME-ORDER-1001')
      expect(note()).toBe('Something else was copied since, so the clipboard was left as it is.')
    })

    it('is cleared after the dialog has closed, and a second copy starts the minute again', async () => {
      const browser = fakeBrowser({ mayRead: true })
      const view = await renderCard({ clipboard: browser.guard })
      await copyNumber()
      await act(() => vi.advanceTimersByTimeAsync(30_000))
      await copyNumber()
      await act(() => vi.advanceTimersByTimeAsync(SECONDS_59))
      expect(browser.state.held).toBe('4000001234567899')
      view.unmount()
      await vi.advanceTimersByTimeAsync(1_000)
      for (let turn = 0; turn < 10; turn += 1) await Promise.resolve()
      expect(browser.state.reads).toBe(1)
      expect(browser.state.held).toBe('')
      expect(browser.guard.current()).toMatchObject({ state: 'cleared', copy: 2 })
    })
  })
})
