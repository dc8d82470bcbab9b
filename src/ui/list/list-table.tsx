import { Table, VisuallyHidden } from '@mantine/core'
import type { ReactNode } from 'react'
import { TableScrollContainer } from './table-scroll-container'

/**
 * A list's table on a wide screen, dimmed while the next page loads. Its caption is for screen readers;
 * its region is focusable, so that keyboard users can scroll it sideways on a narrow screen.
 */
export function ListTable({
  label,
  caption,
  minWidth,
  busy,
  highlightOnHover,
  verticalSpacing = 'sm',
  fz,
  children,
}: {
  label: string
  caption: string
  /** Below this width the table scrolls inside its region. */
  minWidth: number
  busy: boolean
  highlightOnHover?: boolean
  /** Row padding: 'xs' (or pixels) for dense figures. */
  verticalSpacing?: 'xs' | 'sm' | number
  /** Text size of the cells, for a table inside a drawer. */
  fz?: 'sm'
  /** The head and body. */
  children: ReactNode
}) {
  return (
    <TableScrollContainer minWidth={minWidth} tabIndex={0} role="region" aria-label={label}>
      <Table
        striped
        highlightOnHover={highlightOnHover}
        verticalSpacing={verticalSpacing}
        fz={fz}
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        {children}
      </Table>
    </TableScrollContainer>
  )
}
