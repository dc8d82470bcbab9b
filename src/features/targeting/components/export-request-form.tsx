import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core'
import { IconAlertCircle, IconFileExport } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { TARGETING_MAX_DAYS } from '../../../../contract/targeting-exports'
import { isApiError } from '../../../api/api-error'
import type { Program } from '../../../api/schemas/programs'
import type { TargetingExport } from '../../../api/schemas/targeting-exports'
import { todayIn } from '../../../shared/calendar'
import { presetRange } from '../../../shared/date-presets'
import { DateRangeFilter } from '../../../ui/date-range-filter'
import { useRequestExport } from '../api/targeting-queries'
import { type ExportDraft, exportDays, exportProblem } from '../export-form'
import type { ExportFormat } from '../format'

interface ExportRequestFormProps {
  merchantId: string
  timeZone: string
  programs: readonly Program[]
  format: ExportFormat
  onRequested(job: TargetingExport): void
}

/** The range and the program of a new export; the platform builds the file in the background. */
export function ExportRequestForm({
  merchantId,
  timeZone,
  programs,
  format,
  onRequested,
}: ExportRequestFormProps) {
  const { t } = useLingui()
  const request = useRequestExport(merchantId)
  const [draft, setDraft] = useState<ExportDraft>(() => {
    const last30 = presetRange('last30', timeZone)
    return { from: last30.from, to: last30.to, programID: programs[0]?.id ?? null }
  })
  const [tried, setTried] = useState(false)
  const problem = exportProblem(draft, todayIn(timeZone))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (problem || request.isPending || !draft.from || !draft.to || !draft.programID) return
    request.mutate(
      { programID: draft.programID, from: draft.from, to: draft.to },
      { onSuccess: (job) => onRequested(job) },
    )
  }

  const maxDays = format.number(TARGETING_MAX_DAYS)
  const days = draft.from && draft.to ? format.number(exportDays(draft.from, draft.to)) : ''
  const rangeError =
    problem === 'rangeTooLong'
      ? t`An export covers at most ${maxDays} days; this range has ${days}. Choose a shorter range.`
      : problem === 'rangeInFuture'
        ? t`The range cannot end after today.`
        : tried && problem === 'rangeRequired'
          ? t`Choose the dates to export.`
          : null
  const refusal = request.error
  const refusalText =
    isApiError(refusal) && refusal.serverError && refusal.status !== undefined && refusal.status < 500
      ? refusal.serverError.message
      : t`The export could not be requested. Check your connection and try again.`

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={4}>
            <DateRangeFilter
              from={draft.from}
              to={draft.to}
              timeZone={timeZone}
              onChange={(range) => setDraft((current) => ({ ...current, ...range }))}
            />
            {rangeError ? (
              <Text size="sm" c="red.8" role="alert" maw={320}>
                {rangeError}
              </Text>
            ) : null}
          </Stack>
          <Select
            label={t`Program`}
            data={programs.map((program) => ({ value: program.id, label: program.name }))}
            value={draft.programID}
            allowDeselect={false}
            w={{ base: '100%', xs: 260 }}
            error={tried && problem === 'programRequired' ? t`Choose a program.` : undefined}
            onChange={(value) => setDraft((current) => ({ ...current, programID: value }))}
          />
        </Group>
        <Text size="sm" c="dimmed" maw={720}>
          <Trans>
            The file lists the customers who agreed to hear from you and bought through the program in the
            range: name, email, number of orders and amount spent.
          </Trans>
        </Text>
        {request.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            {refusalText}
          </Alert>
        ) : null}
        <Group>
          <Button
            type="submit"
            loading={request.isPending}
            disabled={problem !== null && problem !== 'rangeRequired'}
            leftSection={<IconFileExport size={16} aria-hidden="true" />}
          >
            <Trans>Request export</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
