import { type GetInputPropsOptions, schemaResolver, type UseFormReturnType, useForm } from '@mantine/form'
import { type FormEvent, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import * as v from 'valibot'

/**
 * The one way the portal builds a form: `@mantine/form` holds the values, valibot checks them.
 *
 * ```tsx
 * const form = useSchemaForm({
 *   initialValues: { amount: '' },
 *   schema,                          // a valibot schema from the form's values to what is sent
 *   save: mutation.mutateAsync,      // gets the schema's output; never called twice at once. A TanStack
 *                                    // Query mutation, so the app's mutation-cache handlers see the write
 *   valuesAfterSave: (answer) => valuesOf(answer), // optional: the new saved state (default: as sent)
 * })
 * <form ref={form.formRef} onSubmit={form.submit} noValidate>
 *   <TextInput label={t`Amount`} {...form.field('amount')} />
 *   {form.saveError ? <Alert>…</Alert> : null}
 *   <Button type="submit" loading={form.submitting}>…</Button>
 *   {guard}
 * </form>
 * // where leaving would lose work: const guard = useUnsavedChangesGuard(form.dirty, form.discard)
 * ```
 *
 * - A field's error (the schema's message for its dotted path) shows once the field was left, then
 *   follows the typing; a group's own error (`discounts`) once a field in it was left. After a submit
 *   every error shows, and the first field in error (or group error, see GROUP_ERROR_PROPS) takes
 *   focus.
 * - `submit` sends only valid values and only once at a time: a second submit while the save is in
 *   flight does nothing. When the save fails, the typed input stays and `saveError` holds the failure.
 * - `dirty` compares with the saved values; `discard` puts them back.
 * - `mantine` is the underlying form for what the layer does not wrap (`setFieldValue`, lists, …).
 */
export interface SchemaFormOptions<TValues extends FormValues, TOutput, TResult> {
  /** The saved values, as the form edits them (usually strings for text inputs). */
  initialValues: TValues
  /** Checks the values and turns them into what `save` gets; its messages are shown to the user. */
  schema: v.GenericSchema<TValues, TOutput>
  save: (output: TOutput) => Promise<TResult>
  /** The values to edit after a successful save (the platform may have normalised them). */
  valuesAfterSave?: (result: TResult) => TValues
  /** When a field's error first shows: once it is left (the default), or as soon as it is typed in. */
  showErrors?: 'after-blur' | 'while-typing'
}

/**
 * What a form edits: a plain object of fields, as `useForm` takes it (its own constraint, so that
 * interfaces, which have no index signature, fit).
 */
export type FormValues = NonNullable<NonNullable<Parameters<typeof useForm>[0]>['initialValues']>

export interface SchemaForm<TValues extends FormValues, TOutput> {
  values: TValues
  /** The values last saved (or loaded); `dirty` compares against them. */
  saved: TValues
  dirty: boolean
  /** Props for a Mantine input editing one field: value (or checked), onChange, onBlur and error. */
  field: (
    path: string,
    options?: GetInputPropsOptions,
  ) => ReturnType<UseFormReturnType<TValues>['getInputProps']>
  set: <K extends keyof TValues & string>(key: K, value: TValues[K]) => void
  update: (updater: (values: TValues) => TValues) => void
  /** Marks a field as visited, for inputs not wired through `field`: its error shows from now on. */
  touch: (path: string) => void
  /** The error shown for a field (once it was visited or a submit was tried). */
  errorOf: (path: string) => string | undefined
  /** Every current error of the schema, shown or not. */
  errors: Readonly<Record<string, string>>
  submit: (event?: FormEvent<HTMLFormElement>) => void
  submitting: boolean
  /** Why the last save failed (the input is kept); cleared by the next submit or `discard`. */
  saveError: unknown
  discard: () => void
  formRef: RefObject<HTMLFormElement | null>
  mantine: UseFormReturnType<TValues, TOutput>
}

/**
 * Props for the element showing a group's error apart from any field (`<Text {...GROUP_ERROR_PROPS}>`):
 * a refused submit takes the focus to it as to a field in error.
 */
export const GROUP_ERROR_PROPS = { 'data-group-error': true, tabIndex: -1 } as const

/** A field in error, or a group's error shown apart from its fields (GROUP_ERROR_PROPS). */
const FIRST_ERROR = '[aria-invalid="true"], [data-group-error]'

type Shown = ReadonlySet<string> | 'all'

/**
 * A field's error shows once it (or a list or group holding it) was visited; a group's own error (the
 * discounts together) shows once any field in it was.
 */
function isShown(shown: Shown, path: string): boolean {
  if (shown === 'all') return true
  for (const visited of shown) {
    if (path === visited || path.startsWith(`${visited}.`) || visited.startsWith(`${path}.`)) return true
  }
  return false
}

export function useSchemaForm<TValues extends FormValues, TOutput, TResult>(
  options: SchemaFormOptions<TValues, TOutput, TResult>,
): SchemaForm<TValues, TOutput> {
  const { schema } = options
  const latest = useRef(options)
  latest.current = options
  // Read inside Mantine's change callback, before React renders again.
  const shown = useRef<Shown>(new Set())
  const inFlight = useRef(false)
  const formRef = useRef<HTMLFormElement>(null)
  const mantineRef = useRef<UseFormReturnType<TValues, TOutput> | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [saveError, setSaveError] = useState<unknown>(null)
  const [focusRequest, setFocusRequest] = useState(0)

  // Each change is checked once, for the errors shown and for `errors` (Mantine hands both the same values).
  const resolve = useMemo(() => {
    const check = schemaResolver(schema, { sync: true })
    let last: { values: TValues; errors: ReturnType<typeof check> } | null = null
    return (values: TValues) => {
      if (last?.values !== values) last = { values, errors: check(values) }
      return last.errors
    }
  }, [schema])
  const showErrors = useCallback(
    (values: TValues) => {
      const all = resolve(values)
      const visible = Object.fromEntries(Object.entries(all).filter(([path]) => isShown(shown.current, path)))
      mantineRef.current?.setErrors(visible)
    },
    [resolve],
  )

  const reveal = (path: string) => {
    if (shown.current !== 'all') shown.current = new Set(shown.current).add(path)
  }

  const mantine = useForm<TValues, TOutput>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: resolve,
    transformValues: (values) => v.parse(latest.current.schema, values),
    clearInputErrorOnChange: false,
    onValuesChange: showErrors,
    // `withFocus: false` keeps a field's error until a submit (its rules are listed as the user types).
    enhanceGetInputProps: ({ field: path, inputProps, options: { withFocus } }) => {
      if (latest.current.showErrors === 'while-typing') {
        // Mantine assigns what this returns onto `inputProps`, so keep its own handler first.
        const { onChange } = inputProps
        return {
          onChange: (...change: unknown[]) => {
            reveal(path)
            onChange(...change)
          },
        }
      }
      return withFocus
        ? {
            onBlur: () => {
              reveal(path)
              showErrors(mantineRef.current?.getValues() ?? options.initialValues)
            },
          }
        : undefined
    },
  })
  mantineRef.current = mantine

  // After a refused submit, the first field in error takes the focus (in the order of the form).
  useEffect(() => {
    if (focusRequest === 0) return
    formRef.current?.querySelector<HTMLElement>(FIRST_ERROR)?.focus()
  }, [focusRequest])

  const send = useCallback(async (output: TOutput) => {
    const form = mantineRef.current
    if (!form) return
    const sent = form.getValues()
    inFlight.current = true
    setSubmitting(true)
    try {
      const result = await latest.current.save(output)
      const next = latest.current.valuesAfterSave?.(result) ?? sent
      shown.current = new Set()
      form.setValues(next)
      form.resetDirty(next)
      form.resetTouched()
      form.clearErrors()
    } catch (error) {
      setSaveError(error)
    } finally {
      inFlight.current = false
      setSubmitting(false)
    }
  }, [])

  const submit = useCallback(
    (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault()
      if (inFlight.current) return
      shown.current = 'all'
      setSaveError(null)
      mantine.onSubmit(send, () => setFocusRequest((count) => count + 1))(event)
    },
    [mantine.onSubmit, send],
  )

  const discard = useCallback(() => {
    shown.current = new Set()
    mantine.reset()
    setSaveError(null)
  }, [mantine.reset])

  const touch = useCallback(
    (path: string) => {
      if (shown.current !== 'all') shown.current = new Set(shown.current).add(path)
      showErrors(mantine.getValues())
    },
    [showErrors, mantine.getValues],
  )

  const errors = useMemo(() => resolve(mantine.values), [resolve, mantine.values])
  const { setValues, getValues } = mantine

  return {
    values: mantine.values,
    saved: mantine.getInitialValues(),
    dirty: mantine.isDirty(),
    field: mantine.getInputProps,
    set: useCallback((key, value) => setValues({ ...getValues(), [key]: value }), [setValues, getValues]),
    update: useCallback((updater) => setValues(updater(getValues())), [setValues, getValues]),
    touch,
    errorOf: (path) => {
      const error = mantine.errors[path]
      return typeof error === 'string' ? error : undefined
    },
    errors: Object.fromEntries(
      Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
    submit,
    submitting,
    saveError,
    discard,
    formRef,
    mantine,
  }
}
