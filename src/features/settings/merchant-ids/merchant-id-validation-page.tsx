import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Badge, Button, Code, Group, Stack, Table, Text, Textarea } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useMemo } from 'react'
import * as v from 'valibot'
import { MAX_MERCHANT_IDS_PER_CHECK, type MerchantIdVerdict } from '../../../../contract/settings'
import { useDraft } from '../../../shared/form/use-draft'
import { useSchemaForm } from '../../../shared/form/use-schema-form'
import { MAX_DRAFT_CHARS } from '../../../storage/stored-values'
import { TableScrollContainer } from '../../../ui/list/table-scroll-container'
import { knownEntry, UNKNOWN_VALUE_COLOR } from '../../../ui/open-value'
import { PageHeader } from '../../../ui/page-header'
import { CopyValue } from '../components/copy-value'
import { SettingsSection } from '../components/settings-section'
import { saveErrorMessage } from '../form/save-error'
import { parseMerchantIds, useMerchantIdCheck } from './merchant-id-check-api'

function useVerdictText(): Record<MerchantIdVerdict, { label: string; color: string }> {
  const { t } = useLingui()
  return {
    VALID: { label: t`Valid`, color: 'green' },
    NOT_ENROLLED: { label: t`No virtual card program`, color: 'orange' },
    NOT_FOUND: { label: t`No such merchant`, color: 'red' },
    MALFORMED: { label: t`Not a merchant ID`, color: 'red' },
  }
}

/** The IDs as typed, for a draft kept across a sign-in (src/drafts). */
const idsDraftShape = v.strictObject({ text: v.pipe(v.string(), v.maxLength(MAX_DRAFT_CHARS)) })

/** Provider staff check merchant IDs before issuing virtual cards: valid means an active virtual card program. */
export function MerchantIdValidationPage() {
  const { t, i18n } = useLingui()
  const check = useMerchantIdCheck()
  const verdicts = useVerdictText()
  const schema = useMemo(() => {
    const max = MAX_MERCHANT_IDS_PER_CHECK
    return v.object({
      text: v.pipe(
        v.string(),
        v.transform(parseMerchantIds),
        v.minLength(1, i18n._(msg`Enter at least one merchant ID.`)),
        v.maxLength(max, (issue) =>
          i18n._(msg`Check at most ${max} IDs at a time; you entered ${issue.input.length}.`),
        ),
      ),
    })
  }, [i18n])
  const form = useSchemaForm({
    initialValues: { text: '' },
    schema,
    save: ({ text }) => check.mutateAsync(text),
  })
  const draft = useDraft(form, { key: 'settings:merchant-id-validation', schema: idsDraftShape })

  const results = check.data
  const validCount = results?.filter((result) => result.verdict === 'VALID').length ?? 0
  const checkedCount = results?.length ?? 0

  return (
    <>
      <PageHeader
        title={<Trans>Merchant ID validation</Trans>}
        description={
          <Trans>
            Check merchant IDs before issuing virtual cards: a valid ID has an active virtual card program.
          </Trans>
        }
      />
      <Stack gap="lg">
        <SettingsSection titleId="merchant-id-check" title={<Trans>Check merchant IDs</Trans>}>
          <form ref={form.formRef} onSubmit={form.submit} noValidate aria-label={t`Check merchant IDs`}>
            <Stack gap="md">
              {draft}
              <Textarea
                label={t`Merchant IDs`}
                description={t`One or many, one per line or separated by commas, up to ${MAX_MERCHANT_IDS_PER_CHECK} at a time`}
                placeholder="20000000-0000-4000-8000-000000000001"
                rows={5}
                {...form.field('text', { withFocus: false })}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              {form.saveError ? (
                <Alert variant="light" color="red" icon={<IconAlertTriangle aria-hidden="true" />}>
                  {saveErrorMessage(form.saveError, i18n)}
                </Alert>
              ) : null}
              <Group justify="flex-end">
                <Button type="submit" loading={form.submitting}>
                  <Trans>Check</Trans>
                </Button>
              </Group>
            </Stack>
          </form>
        </SettingsSection>
        {results ? (
          <SettingsSection
            titleId="merchant-id-results"
            title={<Trans>Results</Trans>}
            description={t`Valid: ${validCount} of ${plural(checkedCount, { one: '# ID', other: '# IDs' })}.`}
          >
            <TableScrollContainer minWidth={560} tabIndex={0} role="region" aria-label={t`Results`}>
              <Table verticalSpacing="xs" aria-label={t`Results`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">
                      <Trans>Merchant ID</Trans>
                    </Table.Th>
                    <Table.Th scope="col">
                      <Trans>Merchant</Trans>
                    </Table.Th>
                    <Table.Th scope="col">
                      <Trans>Result</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {results.map((result) => (
                    <Table.Tr key={result.merchantID}>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Code>{result.merchantID}</Code>
                          <CopyValue value={result.merchantID} label={t`Copy ${result.merchantID}`} />
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        {result.merchantName ?? (
                          <Text span c="dimmed" inherit>
                            —
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          variant="dot"
                          tt="none"
                          radius="sm"
                          color={knownEntry(verdicts, result.verdict)?.color ?? UNKNOWN_VALUE_COLOR}
                        >
                          {knownEntry(verdicts, result.verdict)?.label ?? result.verdict}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScrollContainer>
          </SettingsSection>
        ) : null}
      </Stack>
    </>
  )
}
