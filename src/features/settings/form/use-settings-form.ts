import { useMutation } from '@tanstack/react-query'
import type * as v from 'valibot'
import { useServices } from '../../../services/services-context'
import { type FormValues, type SchemaForm, useSchemaForm } from '../../../shared/form/use-schema-form'

export interface SettingsFormOptions<TValues extends FormValues, TOutput, TResult> {
  /** The saved values, as the form edits them (usually strings for text inputs). */
  initial: TValues
  /** Checks the values and turns them into what the save sends; its messages are shown to the user. */
  schema: v.GenericSchema<TValues, TOutput>
  save: (payload: TOutput) => Promise<TResult>
  /** The form's new saved state, from the platform's answer (it may have normalised what was sent). */
  valuesOf: (result: TResult) => TValues
  /** Put the answer into the query cache through the page's query factory. */
  onSaved?: (result: TResult) => void
  successMessage: (result: TResult) => string
}

export type SettingsForm<TValues extends FormValues> = SchemaForm<TValues, unknown>

/**
 * The settings pages' form: the shared schema form (valibot errors after a field's first blur and on
 * submit, dirty tracking, one save at a time, input kept on failure) whose successful save updates the
 * query cache and says so with an alert.
 */
export function useSettingsForm<TValues extends FormValues, TOutput, TResult>(
  options: SettingsFormOptions<TValues, TOutput, TResult>,
): SchemaForm<TValues, TOutput> {
  const { alerts } = useServices()
  // A mutation, so that the app's mutation-cache handlers (error report, merchant-mismatch alert) see it.
  const mutation = useMutation({
    mutationFn: options.save,
    onSuccess: (result) => {
      options.onSaved?.(result)
      alerts.show({ status: 'SUCCESS', message: options.successMessage(result) })
    },
  })
  return useSchemaForm({
    initialValues: options.initial,
    schema: options.schema,
    save: mutation.mutateAsync,
    valuesAfterSave: options.valuesOf,
  })
}
