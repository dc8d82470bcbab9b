import { useLingui } from '@lingui/react/macro'
import { Pagination } from '@mantine/core'

/** A list's page buttons, each with a name a screen reader can announce. */
export function ListPagination({
  page,
  pageCount,
  onChange,
}: {
  /** The page in the URL; one past the end shows as the last page. */
  page: number
  pageCount: number
  onChange(page: number): void
}) {
  const { t } = useLingui()
  return (
    <Pagination
      total={pageCount}
      value={Math.min(page, pageCount)}
      onChange={onChange}
      siblings={1}
      boundaries={1}
      size="sm"
      getControlProps={(control) => {
        if (control === 'previous') return { 'aria-label': t`Previous page` }
        if (control === 'next') return { 'aria-label': t`Next page` }
        if (control === 'first') return { 'aria-label': t`First page` }
        return { 'aria-label': t`Last page` }
      }}
      getItemProps={(value) => ({ 'aria-label': t`Page ${value}` })}
    />
  )
}
