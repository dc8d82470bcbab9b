import '../../../ui/mantine-later.css'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useServices } from '../../../services/services-context'
import { MAX_SAVED_VIEWS, MAX_VIEW_NAME } from '../../../storage/stored-values'
import type { TransactionSearch } from '../search'
import { ManageViews } from './manage-views'
import { useNameMessage } from './name-message'
import { isFull, makeDefault, nameProblem, saveView } from './saved-views'
import { useSavedViews } from './use-saved-views'
import { viewFilters } from './view-filters'
import type { ViewsDialog } from './views-dialog'

interface SavedViewsDialogsProps {
  dialog: ViewsDialog
  merchantId: string
  search: TransactionSearch
  programIds: readonly string[]
  onClose(): void
}

export function SavedViewsDialogs({
  dialog,
  merchantId,
  search,
  programIds,
  onClose,
}: SavedViewsDialogsProps) {
  const { t } = useLingui()
  return (
    <Modal
      opened
      onClose={onClose}
      title={dialog === 'save' ? t`Save current view` : t`Saved views`}
      size={dialog === 'save' ? 'md' : 'lg'}
    >
      {dialog === 'save' ? (
        <SaveViewForm merchantId={merchantId} search={search} onDone={onClose} />
      ) : (
        <ManageViews merchantId={merchantId} programIds={programIds} />
      )}
    </Modal>
  )
}

function SaveViewForm({
  merchantId,
  search,
  onDone,
}: {
  merchantId: string
  search: TransactionSearch
  onDone(): void
}) {
  const { t } = useLingui()
  const { storage } = useServices()
  const { owner } = useSavedViews(merchantId)
  const nameMessage = useNameMessage()
  const [name, setName] = useState('')
  const [asDefault, setAsDefault] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!owner) return null
  const full = isFull(storage, owner)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = nameProblem(storage, owner, name)
    if (problem) {
      setError(nameMessage(problem, name))
      return
    }
    const saved = saveView(storage, owner, name, viewFilters(search))
    if (!saved) return
    if (asDefault) makeDefault(storage, owner, saved.id)
    onDone()
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {full ? (
          <p role="alert">
            <Plural
              value={MAX_SAVED_VIEWS}
              one="You have # saved view, the most you can keep: delete one to save another."
              other="You have # saved views, the most you can keep: delete one to save another."
            />
          </p>
        ) : null}
        <TextInput
          label={t`Name`}
          description={t`Up to ${MAX_VIEW_NAME} characters, different from your other views.`}
          required
          data-autofocus
          value={name}
          error={error}
          disabled={full}
          onChange={(event) => {
            setName(event.currentTarget.value)
            setError(null)
          }}
        />
        <Checkbox
          label={t`Open this view when I open Transactions`}
          checked={asDefault}
          disabled={full}
          onChange={(event) => setAsDefault(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={full}>
            <Trans>Save view</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
