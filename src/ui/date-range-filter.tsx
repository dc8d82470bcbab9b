import '@mantine/dates/styles.css'
import 'dayjs/locale/es'
import 'dayjs/locale/fr'
import { useLingui } from '@lingui/react/macro'
import { DatePickerInput, DatesProvider } from '@mantine/dates'
import { IconCalendar } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { FILTER_DATE_FORMAT, type IsoDate, todayIn } from '../shared/calendar'
import { DATE_PRESETS, matchPreset, PRESET_LABELS, presetRange } from '../shared/date-presets'

type PickerRange = [IsoDate | null, IsoDate | null]

interface DateRangeFilterProps {
  from: IsoDate | null
  to: IsoDate | null
  timeZone: string
  onChange(range: { from: IsoDate | null; to: IsoDate | null }): void
}

const DAYJS_LOCALES: Record<string, string> = { es: 'es', fr: 'fr' }

/**
 * The date filter: a range of calendar dates in the merchant's time zone, shown as MM/DD/YYYY, with
 * presets counted from the merchant's today. A half-picked range stays local until its end is chosen.
 */
export function DateRangeFilter({ from, to, timeZone, onChange }: DateRangeFilterProps) {
  const { t, i18n } = useLingui()
  const [draft, setDraft] = useState<PickerRange>([from, to])
  useEffect(() => setDraft([from, to]), [from, to])

  const today = todayIn(timeZone)
  const preset = matchPreset({ from, to }, timeZone)
  const presets = DATE_PRESETS.map((name) => {
    const range = presetRange(name, timeZone)
    return { label: i18n._(PRESET_LABELS[name]), value: [range.from, range.to] as PickerRange }
  })

  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALES[i18n.locale.slice(0, 2)] ?? 'en', firstDayOfWeek: 0 }}>
      <DatePickerInput
        type="range"
        label={t`Date`}
        description={preset ? i18n._(PRESET_LABELS[preset]) : from || to ? t`Custom range` : t`Any day`}
        placeholder={t`Any date`}
        valueFormat={FILTER_DATE_FORMAT}
        value={draft}
        maxDate={today}
        presets={presets}
        allowSingleDateInRange
        clearable
        clearButtonProps={{ 'aria-label': t`Clear dates` }}
        leftSection={<IconCalendar size={16} aria-hidden="true" />}
        miw={250}
        // The placeholder is a span here, so it must meet text contrast, unlike an input's placeholder.
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        onChange={(value) => {
          const next: PickerRange = [value[0] ?? null, value[1] ?? null]
          setDraft(next)
          if ((next[0] && next[1]) || (!next[0] && !next[1])) onChange({ from: next[0], to: next[1] })
        }}
      />
    </DatesProvider>
  )
}
