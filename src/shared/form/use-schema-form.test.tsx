import { MantineProvider, TextInput } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { GROUP_ERROR_PROPS, useSchemaForm } from './use-schema-form'

interface Values extends Record<string, unknown> {
  name: string
  count: string
}

const schema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Enter a name.')),
  count: v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'Enter a whole number.'),
    v.transform((text) => Number(text)),
  ),
})

interface Answer {
  resolve: (saved: { name: string; count: number }) => void
  reject: (error: Error) => void
}

interface Sent {
  output: v.InferOutput<typeof schema>
  answer: Answer
}

function Harness({ sent, showErrors }: { sent: Sent[]; showErrors?: 'while-typing' }) {
  const form = useSchemaForm({
    showErrors,
    initialValues: { name: 'Ada', count: '1' } satisfies Values,
    schema,
    save: (output) =>
      new Promise<{ name: string; count: number }>((resolve, reject) => {
        sent.push({ output, answer: { resolve, reject } })
      }),
    valuesAfterSave: (answer) => ({ name: answer.name.toUpperCase(), count: String(answer.count) }),
  })
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate aria-label="Thing">
      <TextInput label="Name" {...form.field('name')} />
      <TextInput label="Count" {...form.field('count')} />
      <p>{form.dirty ? 'dirty' : 'clean'}</p>
      <p>{form.submitting ? 'saving' : 'idle'}</p>
      {form.saveError instanceof Error ? <p role="alert">{form.saveError.message}</p> : null}
      <button type="button" onClick={form.discard}>
        Undo
      </button>
      <button type="submit">Save</button>
    </form>
  )
}

function renderForm(showErrors?: 'while-typing') {
  const sent: Sent[] = []
  render(
    <MantineProvider>
      <Harness sent={sent} showErrors={showErrors} />
    </MantineProvider>,
  )
  return { sent, user: userEvent.setup() }
}

describe('useSchemaForm', () => {
  it('shows a field error once the field is left, then follows the typing', async () => {
    const { user } = renderForm()
    const count = screen.getByRole('textbox', { name: 'Count' })
    await user.clear(count)
    await user.type(count, 'x')
    expect(screen.queryByText('Enter a whole number.')).toBeNull()
    await user.tab()
    screen.getByText('Enter a whole number.')
    expect(count.getAttribute('aria-invalid')).toBe('true')
    await user.clear(count)
    await user.type(count, '7')
    expect(screen.queryByText('Enter a whole number.')).toBeNull()
  })

  it('shows a field error as soon as the field is typed in, when asked to', async () => {
    const { user } = renderForm('while-typing')
    const count = screen.getByRole('textbox', { name: 'Count' })
    await user.type(count, 'x')
    screen.getByText('Enter a whole number.')
    expect(document.activeElement).toBe(count)
    expect(screen.queryByText('Enter a name.')).toBeNull()
  })

  it('refuses to send invalid values, shows every error and focuses the first field in error', async () => {
    const { sent, user } = renderForm()
    await user.clear(screen.getByRole('textbox', { name: 'Name' }))
    await user.clear(screen.getByRole('textbox', { name: 'Count' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(sent).toHaveLength(0)
    screen.getByText('Enter a name.')
    screen.getByText('Enter a whole number.')
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }))
  })

  it('sends the schema output once while a save is in flight, then takes the saved values', async () => {
    const { sent, user } = renderForm()
    const count = screen.getByRole('textbox', { name: 'Count' })
    await user.clear(count)
    await user.type(count, '12')
    screen.getByText('dirty')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(sent.map((send) => send.output)).toEqual([{ name: 'Ada', count: 12 }])
    screen.getByText('saving')
    sent[0]?.answer.resolve({ name: 'Ada', count: 12 })
    await screen.findByText('clean')
    screen.getByText('idle')
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('ADA')
  })

  it('keeps the typed input when the save fails, and sends again on the next submit', async () => {
    const { sent, user } = renderForm()
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'Grace')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    sent[0]?.answer.reject(new Error('The server could not save.'))
    expect((await screen.findByRole('alert')).textContent).toBe('The server could not save.')
    expect(name.value).toBe('Grace')
    screen.getByText('dirty')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(sent).toHaveLength(2)
  })

  it('puts the saved values back on discard', async () => {
    const { user } = renderForm()
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' })
    await user.clear(name)
    await user.tab()
    screen.getByText('Enter a name.')
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(name.value).toBe('Ada')
    screen.getByText('clean')
    expect(screen.queryByText('Enter a name.')).toBeNull()
  })
})

const rangeSchema = v.object({
  range: v.pipe(
    v.object({ low: v.string(), high: v.string() }),
    v.check((range) => Number(range.low) <= Number(range.high), 'Low must not be above high.'),
  ),
  note: v.pipe(v.string(), v.nonEmpty('Enter a note.')),
})

function RangeHarness({ sent }: { sent: unknown[] }) {
  const form = useSchemaForm({
    initialValues: { range: { low: '1', high: '5' }, note: 'n' },
    schema: rangeSchema,
    save: async (output) => {
      sent.push(output)
    },
  })
  const rangeError = form.errorOf('range')
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate aria-label="Range">
      <TextInput label="Note" {...form.field('note')} />
      <TextInput label="Low" {...form.field('range.low')} />
      <TextInput label="High" {...form.field('range.high')} />
      {rangeError ? (
        <p role="alert" {...GROUP_ERROR_PROPS}>
          {rangeError}
        </p>
      ) : null}
      <button type="submit">Save</button>
    </form>
  )
}

function renderRange() {
  const sent: unknown[] = []
  render(
    <MantineProvider>
      <RangeHarness sent={sent} />
    </MantineProvider>,
  )
  return { sent, user: userEvent.setup() }
}

describe('useSchemaForm with a group error (a check over several fields)', () => {
  it('shows the group error once a field in the group was left', async () => {
    const { user } = renderRange()
    const low = screen.getByRole('textbox', { name: 'Low' })
    await user.clear(low)
    await user.type(low, '9')
    expect(screen.queryByRole('alert')).toBeNull()
    await user.tab()
    expect(await screen.findByRole('alert')).toHaveTextContent('Low must not be above high.')
    await user.clear(screen.getByRole('textbox', { name: 'High' }))
    await user.type(screen.getByRole('textbox', { name: 'High' }), '10')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('takes the focus to the group error on a refused submit when no field is in error', async () => {
    const { sent, user } = renderRange()
    const high = screen.getByRole('textbox', { name: 'High' })
    await user.clear(high)
    await user.type(high, '0')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Low must not be above high.')
    expect(document.activeElement).toBe(alert)
    expect(sent).toHaveLength(0)
  })
})
