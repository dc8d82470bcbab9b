import { useMutation } from '@tanstack/react-query'
import { type FormEvent, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import * as v from 'valibot'
import { useServices } from '../../../services/services-context'
import { isEqualValue } from './equal'

export interface SettingsFormOptions<TValues, TOutput, TResult> {
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

export type FieldErrors = Readonly<Record<string, string>>

export interface SettingsForm<TValues> {
  values: TValues
  /** The values last saved (or loaded); `dirty` compares against them. */
  saved: TValues
  dirty: boolean
  set<K extends keyof TValues>(key: K, value: TValues[K]): void
  update(updater: (values: TValues) => TValues): void
  /** Marks a field as visited: from now on its error shows as the user types. */
  touch(path: string): void
  /** The error to show for a field: once it was visited or a save was attempted. */
  errorOf(path: string): string | undefined
  /** Every current error, shown or not. */
  errors: FieldErrors
  submit(event?: FormEvent<HTMLFormElement>): void
  /** Puts the saved values back and forgets errors. */
  discard(): void
  submitting: boolean
  /** Why the last save failed, in words from the server when it gave some; the input is kept. */
  saveError: unknown
  formRef: RefObject<HTMLFormElement | null>
}

/** First message per field path, from a failed parse; issues without a path sit under ''. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? ''
    if (!(path in errors)) errors[path] = issue.message
  }
  return errors
}

/**
 * The settings pages' form state: valibot validation shown after a field's first blur (then as the
 * user types) and on submit, dirty tracking against the saved values, and a save through a TanStack
 * Query mutation that reports success with an alert and keeps the input when it fails.
 */
export function useSettingsForm<TValues, TOutput, TResult>(
  options: SettingsFormOptions<TValues, TOutput, TResult>,
): SettingsForm<TValues> {
  const { alerts } = useServices()
  const [saved, setSaved] = useState(options.initial)
  const [values, setValues] = useState(options.initial)
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [attempted, setAttempted] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  // The latest options, so that callbacks stay stable while the page re-renders.
  const latest = useRef(options)
  latest.current = options

  const mutation = useMutation({
    mutationFn: (payload: TOutput) => latest.current.save(payload),
    onSuccess: (result) => {
      const next = latest.current.valuesOf(result)
      latest.current.onSaved?.(result)
      setSaved(next)
      setValues(next)
      setTouched(new Set())
      setAttempted(false)
      alerts.show({ status: 'SUCCESS', message: latest.current.successMessage(result) })
    },
  })

  const parsed = useMemo(() => v.safeParse(options.schema, values), [options.schema, values])
  const errors = useMemo(() => (parsed.success ? {} : fieldErrors(parsed.issues)), [parsed])
  const dirty = useMemo(() => !isEqualValue(values, saved), [values, saved])

  // After a refused submit, the first field in error takes the focus (in the order of the form).
  useEffect(() => {
    if (focusRequest === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusRequest])

  const { reset: resetMutation, mutate, isPending } = mutation

  const submit = useCallback(
    (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault()
      if (isPending) return
      setAttempted(true)
      resetMutation()
      if (!parsed.success) {
        setFocusRequest((count) => count + 1)
        return
      }
      mutate(parsed.output)
    },
    [isPending, parsed, mutate, resetMutation],
  )

  const discard = useCallback(() => {
    setValues(saved)
    setTouched(new Set())
    setAttempted(false)
    resetMutation()
  }, [saved, resetMutation])

  const set = useCallback(<K extends keyof TValues>(key: K, value: TValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }))
  }, [])

  const touch = useCallback((path: string) => {
    setTouched((current) => (current.has(path) ? current : new Set(current).add(path)))
  }, [])

  const errorOf = useCallback(
    (path: string) => (attempted || touched.has(path) ? errors[path] : undefined),
    [attempted, touched, errors],
  )

  return {
    values,
    saved,
    dirty,
    set,
    update: setValues,
    touch,
    errorOf,
    errors,
    submit,
    discard,
    submitting: isPending,
    saveError: mutation.error,
    formRef,
  }
}
