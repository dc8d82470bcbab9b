import type { ChangeEvent } from 'react'
import type { SettingsForm } from './use-settings-form'

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string

/** The props a Mantine text input needs to edit one string field of a settings form. */
export function textField<TValues>(form: SettingsForm<TValues>, key: StringKeys<TValues>) {
  return {
    name: key,
    value: form.values[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      form.set(key, event.currentTarget.value as TValues[typeof key]),
    onBlur: () => form.touch(key),
    error: form.errorOf(key),
  }
}
