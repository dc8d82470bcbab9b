import '../../../ui/mantine-later.css'
import '@mantine/dates/styles.css'
import 'dayjs/locale/es'
import 'dayjs/locale/fr'
import { useLingui } from '@lingui/react/macro'
import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core'
import { DatePickerInput, DatesProvider } from '@mantine/dates'
import { IconCalendar } from '@tabler/icons-react'
import { useEffect, useId, useState } from 'react'
import { INSIGHT_INTERVALS, INSIGHT_MAX_DAYS, type InsightInterval } from '../../../../contract/insights'
import { addDays, FILTER_DATE_FORMAT, type IsoDate, todayIn } from '../../../shared/calendar'
import { PRESET_LABELS } from '../../../shared/date-presets'
import { INTERVAL_LABELS } from '../labels'
import type { DateRange } from '../periods'
import { INSIGHT_PRESETS, type InsightPreset } from '../search'

type PickerRange = [IsoDate | null, IsoDate | null]

interface InsightsFiltersProps {
  /** The named period, or null for a custom range. */
  preset: InsightPreset | null
  /** The dates shown: the named period's or the custom ones. */
  range: DateRange
  interval: InsightInterval
  timeZone: string
  onPreset(preset: InsightPreset): void
  onCustom(range: DateRange): void
  onInterval(interval: InsightInterval): void
}

const CUSTOM = 'custom'
const DAYJS_LOCALES: Record<string, string> = { es: 'es', fr: 'fr' }

const isPreset = (value: string | null): value is InsightPreset =>
  INSIGHT_PRESETS.some((preset) => preset === value)
const isInterval = (value: string): value is InsightInterval =>
  INSIGHT_INTERVALS.some((interval) => interval === value)

/**
 * The period (named, or custom dates in `MM/DD/YYYY`, counted in the merchant's time zone) and
 * whether the charts go by day or by week. A half-picked range stays local until its end is chosen.
 */
export function InsightsFilters({
  preset,
  range,
  interval,
  timeZone,
  onPreset,
  onCustom,
  onInterval,
}: InsightsFiltersProps) {
  const { t, i18n } = useLingui()
  const intervalLabelId = useId()
  const [draft, setDraft] = useState<PickerRange>([range.from, range.to])
  useEffect(() => setDraft([range.from, range.to]), [range.from, range.to])
  const today = todayIn(timeZone)

  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="group" aria-label={t`Insights filters`}>
      <Select
        label={t`Period`}
        data={[
          ...INSIGHT_PRESETS.map((name) => ({ value: name, label: i18n._(PRESET_LABELS[name]) })),
          { value: CUSTOM, label: t`Custom range` },
        ]}
        value={preset ?? CUSTOM}
        allowDeselect={false}
        w={{ base: '100%', xs: 180 }}
        onChange={(value) => {
          if (isPreset(value)) onPreset(value)
          // Custom starts from the dates on screen, ready to be changed.
          else if (value === CUSTOM) onCustom(range)
        }}
      />
      <DatesProvider settings={{ locale: DAYJS_LOCALES[i18n.locale.slice(0, 2)] ?? 'en', firstDayOfWeek: 0 }}>
        <DatePickerInput
          type="range"
          label={t`Dates`}
          valueFormat={FILTER_DATE_FORMAT}
          value={draft}
          minDate={addDays(today, -(INSIGHT_MAX_DAYS - 1))}
          maxDate={today}
          allowSingleDateInRange
          leftSection={<IconCalendar size={16} aria-hidden="true" />}
          w={{ base: '100%', xs: 250 }}
          onChange={(value) => {
            const next: PickerRange = [value[0] ?? null, value[1] ?? null]
            setDraft(next)
            if (next[0] && next[1]) onCustom({ from: next[0], to: next[1] })
          }}
        />
      </DatesProvider>
      <Stack gap={4}>
        <Text component="span" id={intervalLabelId} size="sm" fw={500}>
          {t`Group by`}
        </Text>
        <SegmentedControl
          aria-labelledby={intervalLabelId}
          data={INSIGHT_INTERVALS.map((value) => ({ value, label: i18n._(INTERVAL_LABELS[value]) }))}
          value={interval}
          onChange={(value) => {
            if (isInterval(value)) onInterval(value)
          }}
        />
      </Stack>
    </Group>
  )
}
