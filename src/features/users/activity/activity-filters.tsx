import '../../../ui/mantine-later.css'
import { useLingui } from '@lingui/react/macro'
import { MultiSelect, Select } from '@mantine/core'
import { ACTIVITY_KINDS, type ActivityKind } from '../../../../contract/activity'
import type { MerchantUser } from '../../../api/schemas/users'
import type { IsoDate } from '../../../shared/calendar'
import { DateRangeFilter } from '../../../ui/date-range-filter'
import { ListFilters } from '../../../ui/list/list-filters'
import { ACTIVITY_KIND_LABELS } from './activity-labels'

const EVERYONE = 'ALL'

export interface ActivityFilterValues {
  actor?: string
  kind?: ActivityKind[]
  from?: IsoDate
  to?: IsoDate
}

/** Who, what and when: the activity log's filters, written into the URL by the page. */
export function ActivityFilters({
  values,
  users,
  timeZone,
  filtered,
  onChange,
  onReset,
}: {
  values: ActivityFilterValues
  users: readonly MerchantUser[]
  timeZone: string
  filtered: boolean
  onChange(patch: ActivityFilterValues): void
  onReset(): void
}) {
  const { t, i18n } = useLingui()
  const people = users.map((user) => ({ value: user.id, label: user.name ?? user.email }))
  // A user the list does not hold (a link from elsewhere) is still named, by id.
  if (values.actor && !people.some((person) => person.value === values.actor)) {
    people.push({ value: values.actor, label: values.actor })
  }
  return (
    <ListFilters label={t`Filter activity`} filtered={filtered} onReset={onReset}>
      <Select
        label={t`User`}
        data={[{ value: EVERYONE, label: t`Everyone` }, ...people]}
        value={values.actor ?? EVERYONE}
        allowDeselect={false}
        searchable
        w={{ base: '100%', xs: 240 }}
        onChange={(selected) => onChange({ actor: selected && selected !== EVERYONE ? selected : undefined })}
      />
      <MultiSelect
        label={t`Kind`}
        placeholder={values.kind ? undefined : t`All kinds`}
        data={ACTIVITY_KINDS.map((kind) => ({ value: kind, label: i18n._(ACTIVITY_KIND_LABELS[kind]) }))}
        value={values.kind ?? []}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': t`Clear kinds` }}
        w={{ base: '100%', xs: 300 }}
        onChange={(selected) => {
          const kinds = ACTIVITY_KINDS.filter((kind) => selected.includes(kind))
          onChange({ kind: kinds.length > 0 ? kinds : undefined })
        }}
      />
      <DateRangeFilter
        from={values.from ?? null}
        to={values.to ?? null}
        timeZone={timeZone}
        onChange={({ from, to }) => onChange({ from: from ?? undefined, to: to ?? undefined })}
      />
    </ListFilters>
  )
}
