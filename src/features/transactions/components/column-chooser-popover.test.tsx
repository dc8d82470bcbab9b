import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { activateLocale, createI18n } from '../../../i18n/i18n'
import type { OptionalColumn } from '../search'
import { ColumnChooserPopover } from './column-chooser-popover'

async function renderChooser(columns: OptionalColumn[], onChange: (columns: OptionalColumn[]) => void) {
  const i18n = createI18n()
  await activateLocale(i18n, 'en-US')
  const ui = (shown: OptionalColumn[]) => (
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <ColumnChooserPopover columns={shown} onChange={onChange} opened focused={false} />
      </MantineProvider>
    </I18nProvider>
  )
  const view = render(ui(columns))
  return { rerender: (shown: OptionalColumn[]) => view.rerender(ui(shown)) }
}

describe('the column chooser', () => {
  it('ticks a box at once, before the address has followed, and then follows the address', async () => {
    const onChange = vi.fn()
    const { rerender } = await renderChooser([], onChange)
    const program = await screen.findByRole('checkbox', { name: 'Program' })

    // The navigation has not committed: the address still names no column, yet the box stays ticked.
    fireEvent.click(program)
    expect(onChange).toHaveBeenLastCalledWith(['program'])
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Program' }).checked).toBe(true)

    // A second box, ticked before the address caught up, adds to the first.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Order ID' }))
    expect(onChange).toHaveBeenLastCalledWith(['orderId', 'program'])

    // The address catches up, and later changes (back, another tab's link) are what the boxes show.
    rerender(['orderId', 'program'])
    rerender([])
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Program' }).checked).toBe(false)
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Order ID' }).checked).toBe(false)
  })
})
