import { CloseButton, ComboboxChevron, Pill, PillsInput } from '@mantine/core'
import { componentLoader, useDeferredControl } from './deferred-control'

export interface MultiSelectFieldProps {
  label: string
  data: readonly { value: string; label: string }[]
  value: string[]
  onChange(values: string[]): void
  placeholder?: string
  description?: string
  /** The clear button's accessible name; without one the field has no clear button. */
  clearLabel?: string
  clearable?: boolean
  miw?: number
  maw?: number
}

const multiSelectField = componentLoader(() =>
  import('./multi-select-field').then((module) => module.MultiSelectField),
)

/**
 * A multiple choice field whose dropdown code (Mantine's combobox, popover and the floating-UI stack,
 * a third of a list page's script) loads when the user reaches for it (useDeferredControl). Until then
 * the same field paints from first-paint components: the label, the chosen values as pills (each
 * removable), the clear button and the chevron; pressing it loads the dropdown and opens it.
 */
export function DeferredMultiSelect(props: MultiSelectFieldProps) {
  const { Control: MultiSelectField, ...control } = useDeferredControl(multiSelectField)
  const { label, data, value, onChange, placeholder, description, clearLabel, clearable, miw, maw } = props
  const labels = new Map(data.map((option) => [option.value, option.label]))
  const clear =
    clearable && clearLabel && value.length > 0 ? (
      <CloseButton size="sm" aria-label={clearLabel} onClick={() => onChange([])} />
    ) : null
  // A press anywhere on the field but its buttons (a pill's remove, clear) opens it, as on the real one.
  const { onPointerEnter, onFocus, onBlur, onKeyDown, onPointerDown, onPointerCancel, onClick } =
    control.lookalike
  const onField = (press: () => void) => (event: { target: EventTarget }) => {
    if (!(event.target instanceof Element && event.target.closest('button'))) press()
  }
  const lookalike = (
    <PillsInput
      onPointerEnter={onPointerEnter}
      onPointerDown={onField(onPointerDown)}
      onPointerCancel={onPointerCancel}
      onClick={onField(onClick)}
      label={label}
      description={description}
      miw={miw}
      maw={maw}
      pointer
      rightSection={clear ?? <ComboboxChevron />}
      rightSectionPointerEvents={clear ? 'all' : 'none'}
    >
      <Pill.Group>
        {value.map((chosen) => (
          <Pill
            key={chosen}
            withRemoveButton
            onRemove={() => onChange(value.filter((other) => other !== chosen))}
          >
            {labels.get(chosen) ?? chosen}
          </Pill>
        ))}
        <PillsInput.Field
          placeholder={placeholder}
          type={placeholder ? 'visible' : 'hidden'}
          readOnly
          pointer
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          onFocus={onFocus}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
      </Pill.Group>
    </PillsInput>
  )
  if (MultiSelectField === null) return lookalike
  return <MultiSelectField {...props} opened={control.pressed} focused={control.focused} />
}
