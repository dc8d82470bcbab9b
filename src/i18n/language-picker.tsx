import { useLingui } from '@lingui/react/macro'
import { NativeSelect } from '@mantine/core'
import { IconLanguage } from '@tabler/icons-react'
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from './locales'

interface LanguagePickerProps {
  onChange: (locale: Locale) => void
  compact?: boolean
}

const options = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))

/** A native select: three fixed choices need no custom dropdown, and phones show their own picker. */
export function LanguagePicker({ onChange, compact = false }: LanguagePickerProps) {
  const { i18n, t } = useLingui()
  return (
    <NativeSelect
      aria-label={t`Language`}
      data={options}
      value={i18n.locale}
      leftSection={<IconLanguage size={16} aria-hidden="true" />}
      w={compact ? 170 : 200}
      onChange={(event) => {
        const { value } = event.currentTarget
        if (isLocale(value)) onChange(value)
      }}
    />
  )
}
