import { useLingui } from '@lingui/react/macro'
import { Select } from '@mantine/core'
import { IconLanguage } from '@tabler/icons-react'
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from './locales'

interface LanguagePickerProps {
  onChange: (locale: Locale) => void
  compact?: boolean
}

const options = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))

export function LanguagePicker({ onChange, compact = false }: LanguagePickerProps) {
  const { i18n, t } = useLingui()
  return (
    <Select
      aria-label={t`Language`}
      data={options}
      value={i18n.locale}
      allowDeselect={false}
      checkIconPosition="right"
      leftSection={<IconLanguage size={16} aria-hidden="true" />}
      w={compact ? 150 : 200}
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => {
        if (isLocale(value)) onChange(value)
      }}
    />
  )
}
