import { useLingui } from '@lingui/react/macro'
import { Input, InputBase } from '@mantine/core'
import { IconCalendar } from '@tabler/icons-react'
import { type ComponentProps, useEffect, useRef, useState } from 'react'
import { toFilterDate } from '../../../shared/calendar'
import { matchPreset, PRESET_LABELS } from '../../../shared/date-presets'
import type { DateRangeFilter } from '../../../ui/date-range-filter'

type DateRangeFilterProps = ComponentProps<typeof DateRangeFilter>

// The calendar (@mantine/dates, dayjs and its locales, their stylesheet) loads when the picker is
// first opened; a pointer or the keyboard reaching the field starts the download.
const loadPicker = () => import('../../../ui/date-range-filter')
let loadedPicker: typeof DateRangeFilter | null = null

function preloadPicker(): void {
  loadPicker().then(
    (module) => {
      loadedPicker = module.DateRangeFilter
    },
    () => {
      // Opening the picker loads it again and shows the failure there.
    },
  )
}

/**
 * The date filter. Until its first opening it is a look-alike of the picker's field (same label,
 * description, value, clear button and size), so the page paints without the calendar's code and
 * nothing moves when the picker takes its place.
 */
export function DateRangeField(props: DateRangeFilterProps) {
  const [Picker, setPicker] = useState(() => loadedPicker)
  const [failure, setFailure] = useState<unknown>(null)
  const opening = useRef(false)
  const field = useRef<HTMLDivElement>(null)

  // The first click opened nothing yet: once the picker is in place, open it, focus on its field.
  useEffect(() => {
    if (!Picker || !opening.current) return
    opening.current = false
    const button = field.current?.querySelector<HTMLButtonElement>('button[data-dates-input]')
    button?.focus()
    button?.click()
  }, [Picker])

  // A picker that failed to load is the route's error (it offers a reload after a deploy).
  if (failure) throw failure
  if (Picker) {
    return (
      <div ref={field} style={{ display: 'contents' }}>
        <Picker {...props} />
      </div>
    )
  }

  const open = () => {
    opening.current = true
    loadPicker().then(
      (module) => {
        loadedPicker = module.DateRangeFilter
        setPicker(() => module.DateRangeFilter)
      },
      (error: unknown) => setFailure(error),
    )
  }
  return (
    <div ref={field} style={{ display: 'contents' }}>
      <DateRangeStandIn {...props} onOpen={open} />
    </div>
  )
}

function DateRangeStandIn({
  from,
  to,
  timeZone,
  onChange,
  onOpen,
}: DateRangeFilterProps & { onOpen(): void }) {
  const { t, i18n } = useLingui()
  const preset = matchPreset({ from, to }, timeZone)
  // As the picker shows it: MM/DD/YYYY, the range's ends apart with an en dash.
  const value = from ? `${toFilterDate(from)} – ${to ? toFilterDate(to) : ''}` : null
  return (
    <InputBase
      component="button"
      type="button"
      label={t`Date`}
      description={preset ? i18n._(PRESET_LABELS[preset]) : from || to ? t`Custom range` : t`Any day`}
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      rightSection={
        from || to ? (
          <Input.ClearButton aria-label={t`Clear dates`} onClick={() => onChange({ from: null, to: null })} />
        ) : undefined
      }
      rightSectionPointerEvents={from || to ? 'all' : 'none'}
      multiline
      pointer
      miw={250}
      aria-haspopup="dialog"
      aria-expanded={false}
      styles={{ input: { lineHeight: 'unset' } }}
      onPointerEnter={preloadPicker}
      onFocus={preloadPicker}
      onClick={onOpen}
    >
      {value ?? (
        <Input.Placeholder style={{ color: 'var(--mantine-color-gray-7)' }}>{t`Any date`}</Input.Placeholder>
      )}
    </InputBase>
  )
}
