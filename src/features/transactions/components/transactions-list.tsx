import { useLingui } from '@lingui/react/macro'
import { Group, NativeSelect, Paper } from '@mantine/core'
import type { TransactionSortField } from '../../../../contract/transactions'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import { formatNumber } from '../../../i18n/format'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { ListPagination } from '../../../ui/list/list-pagination'
import { useListCards } from '../../../ui/list/use-list-cards'
import { PageCheckbox } from '../bulk/select-checkbox'
import { type BulkSelection, pageSelection } from '../bulk/selection'
import type { TransactionListParams } from '../list-params'
import {
  PAGE_SIZES,
  type PageSize,
  SORTS,
  type TransactionSearch,
  type TransactionSort,
  visibleColumns,
} from '../search'
import { ColumnChooser } from './column-chooser'
import { TransactionCards } from './transaction-cards'
import type { SearchPatch } from './transaction-filters'
import { TransactionsTable } from './transactions-table'

interface TransactionsListProps {
  items: readonly TransactionListItem[]
  search: TransactionSearch
  params: TransactionListParams
  /** The page the rows are from (the one before, while a page that failed to load is not shown). */
  shownPage: number
  pageCount: number
  busy: boolean
  format: MerchantFormat
  programNames: ReadonlyMap<string, string>
  /** The rows selected for a bulk action. */
  selection: BulkSelection
  onChange(patch: SearchPatch): void
}

/**
 * The rows of a page of transactions (a table, or cards on a phone, with a sort control of their
 * own) above the rows-per-page and column choices and the page buttons.
 */
export function TransactionsList({
  items,
  search,
  params,
  shownPage,
  pageCount,
  busy,
  format,
  programNames,
  selection,
  onChange,
}: TransactionsListProps) {
  const { t } = useLingui()
  const cards = useListCards()
  const [sortField, sortDirection] = params.sort.split(':') as [TransactionSortField, string]
  const sortNames: Record<TransactionSortField, string> = {
    createdAt: t`date`,
    customer: t`customer`,
    amount: t`amount`,
    status: t`status`,
    deadline: t`deadline`,
  }
  const sortName = sortNames[sortField]
  const deadlines = params.needsAction || sortField === 'deadline'
  const sortLabel = (sort: TransactionSort) => {
    const [field, direction] = sort.split(':') as [TransactionSortField, string]
    const name = sortNames[field]
    return direction === 'asc' ? t`Sort by ${name}, ascending` : t`Sort by ${name}, descending`
  }
  const pageNumber = formatNumber(shownPage, format.locale)
  const pageTotal = formatNumber(pageCount, format.locale)
  const caption =
    sortDirection === 'asc'
      ? t`Transactions sorted by ${sortName}, ascending; page ${pageNumber} of ${pageTotal}`
      : t`Transactions sorted by ${sortName}, descending; page ${pageNumber} of ${pageTotal}`

  return (
    <Paper withBorder radius="md">
      {cards ? (
        <>
          <Group p="sm" pb={0} align="flex-end">
            <PageCheckbox
              state={pageSelection(items, selection.items)}
              onToggle={() => selection.togglePage(items)}
            />
            {/* Cards have no column headers to sort by. */}
            <NativeSelect
              label={t`Sort`}
              data={SORTS.map((sort) => ({ value: sort, label: sortLabel(sort) }))}
              value={params.sort}
              size="xs"
              onChange={(event) => {
                const value = event.currentTarget.value
                const sort = SORTS.find((candidate) => candidate === value)
                if (sort) onChange({ sort, page: 1 })
              }}
            />
          </Group>
          <TransactionCards
            items={items}
            format={format}
            busy={busy}
            deadlines={deadlines}
            selected={selection.items}
            onToggle={selection.toggle}
          />
        </>
      ) : (
        <TransactionsTable
          items={items}
          sort={params.sort}
          caption={caption}
          busy={busy}
          format={format}
          programNames={programNames}
          columns={visibleColumns(search)}
          deadlines={deadlines}
          selected={selection.items}
          onToggle={selection.toggle}
          onTogglePage={selection.togglePage}
          onSort={(sort: TransactionSort) => onChange({ sort, page: 1 })}
        />
      )}
      <Group justify="space-between" p="sm" gap="sm" wrap="wrap" align="flex-end">
        <Group gap="sm" align="flex-end">
          <NativeSelect
            label={t`Rows per page`}
            data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            value={String(params.pageSize)}
            w={130}
            size="xs"
            onChange={(event) => {
              const value = event.currentTarget.value
              const size = PAGE_SIZES.find((candidate) => String(candidate) === value)
              if (size) onChange({ pageSize: size satisfies PageSize, page: 1 })
            }}
          />
          {cards ? null : (
            <ColumnChooser
              columns={search.columns ?? []}
              onChange={(columns) => onChange({ columns: columns.length > 0 ? columns : undefined })}
            />
          )}
        </Group>
        <ListPagination
          page={params.page}
          pageCount={pageCount}
          onChange={(value) => onChange({ page: value })}
        />
      </Group>
    </Paper>
  )
}
