import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, FileButton, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core'
import { IconPaperclip } from '@tabler/icons-react'
import { useId, useRef, useState } from 'react'
import * as v from 'valibot'
import { DISPUTE_ERROR_CODES, DISPUTE_LIMITS } from '../../../../contract/disputes'
import { useAlerts } from '../../../alerts/alert-host'
import { isApiError } from '../../../api/api-error'
import { useServices } from '../../../services/services-context'
import { useSchemaForm } from '../../../shared/form/use-schema-form'
import { useDisputeAnswer } from '../api/dispute-actions'
import { uploadEvidence } from '../api/evidence-upload'
import { EVIDENCE_ACCEPT, evidenceFileProblem, type FileProblem } from '../evidence-files'
import { disputeRefusalText } from './dispute-refusal'
import { type Evidence, EvidenceRow } from './evidence-row'

/** Some files could not be uploaded: the challenge was not sent. */
class UploadsFailed extends Error {
  override name = 'UploadsFailed'
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified

interface ChallengeFormProps {
  merchantId: string
  id: string
  onClose(): void
}

/**
 * Challenges a dispute: a written explanation and up to five files, each checked here as the platform
 * checks it, uploaded one by one with its progress, then the challenge naming them. A failed upload
 * stops before the challenge and keeps what was typed and chosen; sending again uploads only what did
 * not arrive.
 */
export function ChallengeForm({ merchantId, id, onClose }: ChallengeFormProps) {
  const { t, i18n } = useLingui()
  const { api, storage } = useServices()
  const alerts = useAlerts()
  const mutation = useDisputeAnswer(merchantId, id)
  const headingId = useId()
  const filesHintId = useId()
  const [evidence, setEvidence] = useState<readonly Evidence[]>([])
  // The uploads read and change the list between renders.
  const latest = useRef(evidence)
  const [refusals, setRefusals] = useState<readonly string[]>([])
  const [checking, setChecking] = useState(false)
  const nextKey = useRef(0)

  const change = (next: readonly Evidence[]) => {
    latest.current = next
    setEvidence(next)
  }
  const patch = (key: string, update: Partial<Evidence>) =>
    change(latest.current.map((entry) => (entry.key === key ? { ...entry, ...update } : entry)))

  const problemText = (name: string, problem: FileProblem): string => {
    switch (problem) {
      case 'empty':
        return t`${name} is empty.`
      case 'tooLarge':
        return t`${name} is larger than 5 MB.`
      case 'wrongType':
        return t`${name} is not a PDF, PNG or JPEG file.`
    }
  }

  const uploadErrorText = (error: unknown): string => {
    if (isApiError(error) && error.kind === 'http') {
      if (error.status === 413) return t`The platform refused it: it is larger than 5 MB.`
      if (error.status === 415) return t`The platform refused it: it is not a PDF, PNG or JPEG file.`
      if (error.serverError?.code === DISPUTE_ERROR_CODES.emptyFile)
        return t`The platform refused it: it is empty.`
    }
    return disputeRefusalText(i18n, error)
  }

  const choose = async (files: File[]) => {
    setChecking(true)
    const refused: string[] = []
    const added: Evidence[] = []
    for (const file of files) {
      if ([...latest.current, ...added].some((entry) => sameFile(entry.file, file))) {
        refused.push(t`${file.name} is attached already.`)
        continue
      }
      const problem = await evidenceFileProblem(file)
      if (problem) {
        refused.push(problemText(file.name, problem))
      } else if (latest.current.length + added.length >= DISPUTE_LIMITS.files) {
        refused.push(t`${file.name} was not added: a challenge takes at most 5 files.`)
      } else {
        nextKey.current += 1
        added.push({ key: String(nextKey.current), file, state: 'waiting', progress: 0 })
      }
    }
    change([...latest.current, ...added])
    setRefusals(refused)
    setChecking(false)
  }

  /** Uploads every file not uploaded yet; gives the ids of all of them, or throws when one failed. */
  const uploadAll = async (): Promise<string[]> => {
    let failed = false
    for (const entry of latest.current) {
      if (entry.state === 'done') continue
      patch(entry.key, { state: 'uploading', progress: 0, error: undefined })
      try {
        const evidenceId = await uploadEvidence(
          { api, storage },
          { merchantId, id, file: entry.file },
          (sent, total) => patch(entry.key, { progress: Math.min(99, Math.floor((sent / total) * 100)) }),
        )
        patch(entry.key, { state: 'done', progress: 100, evidenceId })
      } catch (error) {
        failed = true
        patch(entry.key, { state: 'failed', progress: 0, error: uploadErrorText(error) })
      }
    }
    if (failed) throw new UploadsFailed()
    return latest.current.flatMap((entry) => (entry.evidenceId ? [entry.evidenceId] : []))
  }

  const schema = v.object({
    explanation: v.pipe(
      v.string(),
      v.check((text) => text.trim() !== '', t`Explain why the customer's claim is wrong.`),
      v.maxLength(DISPUTE_LIMITS.explanation, t`Keep the explanation to 5,000 characters.`),
    ),
  })
  const form = useSchemaForm({
    initialValues: { explanation: '' },
    schema,
    save: async ({ explanation }) => {
      const evidenceIDs = await uploadAll()
      try {
        await mutation.mutateAsync({ action: 'challenge', body: { explanation, evidenceIDs } })
      } catch (error) {
        // Files the platform no longer holds are uploaded anew when the challenge is sent again.
        if (isApiError(error) && error.serverError?.code === DISPUTE_ERROR_CODES.evidenceNotFound) {
          change(
            latest.current.map((entry) =>
              entry.state === 'done'
                ? { ...entry, state: 'waiting', progress: 0, evidenceId: undefined }
                : entry,
            ),
          )
        }
        throw error
      }
      alerts.show({ status: 'SUCCESS', message: t`Sent your challenge of the dispute on ${id}.` })
      onClose()
    },
  })

  const length = form.values.explanation.length
  const saveError = form.saveError
  const saveErrorText =
    saveError === null
      ? null
      : saveError instanceof UploadsFailed
        ? t`Some files could not be uploaded, so the challenge was not sent. Your explanation and files are kept: send again to retry.`
        : isApiError(saveError) && saveError.serverError?.code === DISPUTE_ERROR_CODES.evidenceNotFound
          ? t`Some files were no longer on the platform. Send again to upload them anew.`
          : disputeRefusalText(i18n, saveError)

  return (
    <Paper withBorder radius="md" p="md">
      <form ref={form.formRef} onSubmit={form.submit} noValidate aria-labelledby={headingId}>
        <Stack gap="md">
          <Title order={4} size="h6" id={headingId}>
            <Trans>Challenge the dispute</Trans>
          </Title>
          <Textarea
            label={t`Your explanation`}
            description={t`${length} of 5,000 characters. Say why the customer's claim is wrong and what your files show.`}
            rows={6}
            maxLength={DISPUTE_LIMITS.explanation}
            withAsterisk
            data-autofocus
            disabled={form.submitting}
            {...form.field('explanation')}
          />

          <Stack gap="xs">
            <Group gap="sm">
              <FileButton
                onChange={(files) => {
                  choose(files)
                }}
                accept={EVIDENCE_ACCEPT}
                multiple
                disabled={form.submitting || checking}
                inputProps={{ 'aria-label': t`Evidence files` }}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconPaperclip size={16} aria-hidden="true" />}
                    aria-describedby={filesHintId}
                  >
                    <Trans>Add files</Trans>
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed" id={filesHintId}>
                <Trans>Up to 5 files: PDF, PNG or JPEG, at most 5 MB each.</Trans>
              </Text>
            </Group>
            {refusals.length > 0 ? (
              <Alert color="red" variant="light" role="alert" title={t`Some files were not added`}>
                <List size="sm">
                  {refusals.map((text) => (
                    <List.Item key={text}>{text}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            {evidence.length > 0 ? (
              <Stack
                gap="xs"
                component="ul"
                p={0}
                m={0}
                aria-label={t`Chosen files`}
                style={{ listStyle: 'none' }}
              >
                {evidence.map((entry) => (
                  <EvidenceRow
                    key={entry.key}
                    entry={entry}
                    disabled={form.submitting}
                    onRemove={() => change(latest.current.filter((other) => other.key !== entry.key))}
                  />
                ))}
              </Stack>
            ) : null}
          </Stack>

          {saveErrorText ? (
            <Alert color="red" variant="light" role="alert" title={t`The challenge was not sent`}>
              <Text size="sm">{saveErrorText}</Text>
            </Alert>
          ) : null}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={form.submitting} disabled={checking}>
              <Trans>Send challenge</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
