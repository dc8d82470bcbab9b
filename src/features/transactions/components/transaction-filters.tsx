import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Button, CloseButton, Group, NativeSelect, TextInput } from '@mantine/core'
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks'
import { IconFilter, IconFilterOff, IconSearch } from '@tabler/icons-react'
import { memo, useEffect, useId, useRef, useState } from 'react'
import { TRANSACTION_STATUSES, type TransactionStatus } from '../../../../contract/transactions'
import type { Program } from '../../../api/schemas/programs'
import { parseFilterDate, toFilterDate } from '../../../shared/calendar'
import { DeferredMultiSelect } from '../../../ui/deferred-multi-select'
import { usePhone } from '../../../ui/use-phone'
import { SEARCH_PLACEHOLDERS, SEARCH_TYPE_LABELS, STATUS_LABELS } from '../labels'
import { activeFilterCount, filtersFromSearch, hasFilters, searchTerm } from '../list-params'
import { SEARCH_TYPES, type SearchType, type TransactionSearch, type TransactionSearchInput } from '../search'
import { SavedViewsButton } from '../views/saved-views-button'
import { DateRangeField } from './date-range-field'
import classes from './transaction-filters.module.css'

/** Typing waits this long after the last key before the list follows. */
export const SEARCH_DEBOUNCE_MS = 300

export type SearchPatch = Partial<TransactionSearchInput>

interface TransactionFiltersProps {
  search: TransactionSearch
  timeZone: string
  programs: readonly Program[]
  onChange(patch: SearchPatch, options?: { replace?: boolean }): void
  onProgramsChange(selection: string[]): void
  onReset(): void
  /** Whose saved views the Views menu (after the fields; on a phone, beside Filters) holds. */
  merchantId: string
}

const isSearchType = (value: string): value is SearchType => SEARCH_TYPES.some((type) => type === value)
const isStatus = (value: string): value is TransactionStatus =>
  TRANSACTION_STATUSES.some((status) => status === value)

/** Memoised: the page renders again when rows arrive, and the filters have nothing to show for it. */
export const TransactionFilters = memo(function TransactionFilters({
  search,
  timeZone,
  programs,
  onChange,
  onProgramsChange,
  onReset,
  merchantId,
}: TransactionFiltersProps) {
  const { t, i18n } = useLingui()
  const filters = filtersFromSearch(search)

  // The box answers every key at once; the URL (and the list) follow once typing pauses.
  const [draft, setDraft] = useState(filters.search)
  const sent = useRef(filters.search)
  useEffect(() => {
    // Back, forward and reset change the URL under the box; typing does not come back here.
    if (filters.search !== sent.current) {
      sent.current = filters.search
      setDraft(filters.search)
    }
  }, [filters.search])
  const commitSearch = useDebouncedCallback((value: string) => {
    sent.current = value.trim()
    onChange({ search: value.trim() || undefined, page: 1 }, { replace: true })
  }, SEARCH_DEBOUNCE_MS)

  const amountError =
    filters.searchType === 'Amount' && draft.trim() !== '' && searchTerm(draft, 'Amount') === null
      ? t`Enter an amount such as 125.00`
      : null

  const allProgramIds = programs.map((program) => program.id)
  const views = <SavedViewsButton merchantId={merchantId} search={search} programIds={allProgramIds} />
  const from = filters.from ? parseFilterDate(filters.from) : null
  const to = filters.to ? parseFilterDate(filters.to) : null

  // On a phone the fields fold behind one button, so that the first rows show on the first screen.
  const phone = usePhone()
  const [unfolded, fold] = useDisclosure(false)
  const panelId = useId()
  const active = activeFilterCount(search)

  const fields = (
    <Group
      id={panelId}
      align="flex-end"
      gap="sm"
      wrap="wrap"
      role="search"
      aria-label={t`Filter transactions`}
    >
      {/* A native select: four fixed choices need no custom list, and phones show their own picker. */}
      <NativeSelect
        label={t`Search by`}
        data={SEARCH_TYPES.map((type) => ({ value: type, label: i18n._(SEARCH_TYPE_LABELS[type]) }))}
        value={filters.searchType}
        w={170}
        onChange={(event) => {
          const value = event.currentTarget.value
          if (!isSearchType(value)) return
          commitSearch.cancel()
          sent.current = draft.trim()
          onChange({ searchType: value, search: draft.trim() || undefined, page: 1 })
        }}
      />
      <TextInput
        label={t`Search`}
        placeholder={i18n._(SEARCH_PLACEHOLDERS[filters.searchType])}
        value={draft}
        error={amountError}
        inputMode={filters.searchType === 'Amount' ? 'decimal' : 'search'}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={
          draft ? (
            <CloseButton
              size="sm"
              aria-label={t`Clear search`}
              onClick={() => {
                setDraft('')
                commitSearch.cancel()
                sent.current = ''
                onChange({ search: undefined, page: 1 })
              }}
            />
          ) : null
        }
        w={{ base: '100%', xs: 260 }}
        onChange={(event) => {
          setDraft(event.currentTarget.value)
          commitSearch(event.currentTarget.value)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitSearch.flush()
        }}
      />
      <DateRangeField
        from={from}
        to={to}
        timeZone={timeZone}
        onChange={(range) =>
          onChange({
            from: range.from ? toFilterDate(range.from) : undefined,
            to: range.to ? toFilterDate(range.to) : undefined,
            page: 1,
          })
        }
      />
      <DeferredMultiSelect
        label={t`Status`}
        placeholder={search.status ? undefined : t`All statuses`}
        data={TRANSACTION_STATUSES.map((status) => ({ value: status, label: i18n._(STATUS_LABELS[status]) }))}
        value={search.status ?? []}
        clearable
        clearLabel={t`Clear status filter`}
        miw={200}
        maw={360}
        onChange={(values) => {
          const statuses = values.filter(isStatus)
          onChange({ status: statuses.length > 0 ? statuses : undefined, page: 1 })
        }}
      />
      {programs.length > 1 ? (
        <DeferredMultiSelect
          label={t`Programs`}
          description={search.programs ? undefined : t`All programs`}
          data={programs.map((program) => ({ value: program.id, label: program.name }))}
          value={search.programs ?? allProgramIds}
          miw={220}
          maw={420}
          onChange={onProgramsChange}
        />
      ) : null}
      <Button
        variant="subtle"
        leftSection={<IconFilterOff size={16} aria-hidden="true" />}
        disabled={!hasFilters(search) && draft === ''}
        onClick={() => {
          commitSearch.cancel()
          sent.current = ''
          setDraft('')
          onReset()
        }}
      >
        <Trans>Reset filters</Trans>
      </Button>
    </Group>
  )
  // The same elements at every width, placed by the stylesheet: crossing the phone width (a window
  // resized, a tablet turned) keeps the Views menu and a dialog open from it, with what was typed.
  return (
    <div className={classes.bar} data-phone={phone || undefined}>
      {phone ? (
        <Button
          variant="default"
          leftSection={<IconFilter size={16} aria-hidden="true" />}
          aria-expanded={unfolded}
          aria-controls={panelId}
          onClick={fold.toggle}
        >
          {active > 0 ? t`Filters (${active})` : t`Filters`}
        </Button>
      ) : null}
      {/* Folded, the fields stay mounted (a search being typed keeps its text) but are hidden. */}
      <Box hidden={phone && !unfolded} className={classes.fields}>
        {fields}
      </Box>
      <div className={classes.views}>{views}</div>
    </div>
  )
})
