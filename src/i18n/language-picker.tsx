import { useLingui } from '@lingui/react/macro'
import { IconLanguage } from '@tabler/icons-react'
import classes from './language-picker.module.css'
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from './locales'

interface LanguagePickerProps {
  onChange: (locale: Locale) => void
  compact?: boolean
}

/**
 * A native select: three fixed choices need no custom dropdown, and phones show their own picker. It is
 * drawn with Mantine's input variables rather than Mantine's input components, which the sign-in page
 * (the entry) would otherwise carry for this one control: 14 KB of the entry's minified script.
 */
export function LanguagePicker({ onChange, compact = false }: LanguagePickerProps) {
  const { i18n, t } = useLingui()
  return (
    <div className={classes.picker} data-compact={compact || undefined}>
      <IconLanguage className={classes.icon} size={16} aria-hidden="true" />
      <select
        className={classes.select}
        aria-label={t`Language`}
        value={i18n.locale}
        onChange={(event) => {
          const { value } = event.currentTarget
          if (isLocale(value)) onChange(value)
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      <span className={classes.chevron} aria-hidden="true" />
    </div>
  )
}
