import '../../../ui/mantine-later.css'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Badge, Grid, Input, SegmentedControl, Stack, TextInput, VisuallyHidden } from '@mantine/core'
import { IconAlertTriangle, IconClockPause } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef } from 'react'
import { BANK_ACCOUNT_TYPES, type BankAccountType } from '../../../../contract/settings'
import type { BankInformation } from '../../../api/schemas/settings'
import { useServices } from '../../../services/services-context'
import { StepUpResumed } from '../../../shared/form/step-up-prompt'
import { useStepUp } from '../../../shared/form/use-step-up'
import { useMerchantFormat } from '../../../shared/use-merchant-format'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import { SettingsSection } from '../components/settings-section'
import { NotSet, ValueList } from '../components/value-list'
import { SettingsForm } from '../form/settings-form'
import { useSettingsForm } from '../form/use-settings-form'
import { settingsKeys } from '../settings-keys'
import { useSettingsContext } from '../use-settings-context'
import { bankDraftShape, bankDraftValues, bankSchema, bankValues } from './bank-form'
import { bankInformationQueryOptions, saveBankInformation } from './bank-information-api'

export function BankInformationPage() {
  const { merchant, abilities } = useSettingsContext()
  const { api } = useServices()
  const bankQuery = useQuery(bankInformationQueryOptions(api, merchant.id))
  const format = useMerchantFormat(merchant)
  const editable = abilities.bankInformationEdit

  return (
    <>
      <PageHeader
        title={<Trans>Bank information</Trans>}
        description={<Trans>The account your payouts are deposited into.</Trans>}
      />
      <PageData query={bankQuery}>
        {(bank) => (
          <Stack gap="lg">
            {bank.payoutsHeldUntil ? (
              <Alert variant="light" color="yellow" role="note" icon={<IconClockPause aria-hidden="true" />}>
                <Trans>
                  We are verifying this account. Payouts are on hold until{' '}
                  {format.date(bank.payoutsHeldUntil)}.
                </Trans>
              </Alert>
            ) : null}
            <SettingsSection
              titleId="bank-on-file"
              title={<Trans>Account on file</Trans>}
              description={<Trans>Last changed {format.dateTime(bank.updatedAt)}.</Trans>}
            >
              <BankValues bank={bank} />
            </SettingsSection>
            {editable ? (
              <SettingsSection
                titleId="bank-change"
                title={<Trans>Change bank account</Trans>}
                description={
                  <Trans>Type the new account's numbers, and its last 4 digits again to catch a typo.</Trans>
                }
              >
                <BankForm bank={bank} />
              </SettingsSection>
            ) : null}
          </Stack>
        )}
      </PageData>
    </>
  )
}

function useAccountTypeLabel() {
  const { t } = useLingui()
  return (type: BankAccountType) => (type === 'CHECKING' ? t`Checking` : t`Savings`)
}

function BankValues({ bank }: { bank: BankInformation }) {
  const { t } = useLingui()
  const typeLabel = useAccountTypeLabel()
  return (
    <ValueList
      items={[
        { id: 'holder', label: t`Account holder`, value: bank.accountHolder },
        {
          id: 'bank',
          label: t`Bank`,
          value: bank.bankName ?? (
            <NotSet>
              <Trans>Not known for this routing number</Trans>
            </NotSet>
          ),
        },
        { id: 'routing', label: t`Routing number`, value: bank.routingNumber },
        {
          id: 'account',
          label: t`Account number`,
          value: (
            <span data-testid="masked-account-number">
              <VisuallyHidden>
                <Trans>ending in</Trans>{' '}
              </VisuallyHidden>
              <span aria-hidden="true">•••• </span>
              {bank.accountNumberLast4}
            </span>
          ),
        },
        { id: 'type', label: t`Account type`, value: typeLabel(bank.accountType) },
        {
          id: 'status',
          label: t`Status`,
          value:
            bank.status === 'VERIFIED' ? (
              <Badge color="green" variant="dot" tt="none" radius="sm">
                <Trans>Verified</Trans>
              </Badge>
            ) : (
              <Badge color="yellow" variant="dot" tt="none" radius="sm">
                <Trans>Verification pending</Trans>
              </Badge>
            ),
        },
      ]}
    />
  )
}

function BankForm({ bank }: { bank: BankInformation }) {
  const { t, i18n } = useLingui()
  const { api } = useServices()
  const { merchant } = useSettingsContext()
  const queryClient = useQueryClient()
  const format = useMerchantFormat(merchant)
  const typeLabel = useAccountTypeLabel()
  const typeLabelId = useId()
  const schema = useMemo(() => bankSchema(i18n), [i18n])
  // The numbers are not kept through the fresh sign-in a change needs: the holder and the type are.
  const stepUp = useStepUp({ key: 'settings:bank', schema: bankDraftShape, keep: bankDraftValues })

  const form = useSettingsForm({
    initial: bankValues(bank),
    schema,
    save: (body) => {
      stepUp.check()
      return saveBankInformation(api, merchant.id, body)
    },
    valuesOf: bankValues,
    onSaved: ({ notifiedAdminCount: _count, ...saved }) =>
      queryClient.setQueryData(settingsKeys.bankInformation(merchant.id), saved),
    successMessage: (saved) => {
      const count = saved.notifiedAdminCount
      const savedText =
        count === undefined
          ? t`The new bank account was saved.`
          : t`The new bank account was saved. ${plural(count, { one: 'We notified # admin by email.', other: 'We notified # admins by email.' })}`
      return saved.payoutsHeldUntil
        ? `${savedText} ${t`Payouts are on hold until ${format.date(saved.payoutsHeldUntil)} while we verify it.`}`
        : savedText
    },
  })

  // Back from the fresh sign-in: the holder and type as typed, once (the form's setters are not stable).
  const { resumed } = stepUp
  const { update } = form
  const restored = useRef(false)
  useEffect(() => {
    if (!resumed || restored.current) return
    restored.current = true
    update(() => resumed)
  }, [resumed, update])

  return (
    <SettingsForm
      form={form}
      label={t`Change bank account`}
      submitLabel={<Trans>Save bank account</Trans>}
      draft={{ key: 'settings:bank', schema: bankDraftShape, keep: bankDraftValues }}
      stepUp={stepUp}
      stepUpKept={
        <Trans>
          The account holder and type are kept; for your security, type the routing and account numbers again
          when you are back.
        </Trans>
      }
    >
      {resumed ? (
        <StepUpResumed>
          <Trans>
            You signed in again. Type the routing and account numbers again, then select Save bank account.
          </Trans>
        </StepUpResumed>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={12}>
          <TextInput
            label={t`Account holder`}
            description={t`The name on the account, exactly as the bank has it`}
            required
            {...form.field('accountHolder')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Stack gap={4}>
            <Input.Label id={typeLabelId}>
              <Trans>Account type</Trans>
            </Input.Label>
            <SegmentedControl
              aria-labelledby={typeLabelId}
              data={BANK_ACCOUNT_TYPES.map((type) => ({
                value: type,
                label: typeLabel(type),
              }))}
              value={form.values.accountType}
              onChange={(value) => {
                if (value === 'CHECKING' || value === 'SAVINGS') form.set('accountType', value)
              }}
              w={{ base: '100%', sm: 'auto' }}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t`Routing number`}
            description={t`9 digits, the first number on a cheque`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
            required
            {...form.field('routingNumber')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }} visibleFrom="sm" />
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t`Account number`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            required
            {...form.field('accountNumber')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t`Confirm last 4 digits`}
            description={t`The new account number’s last 4 digits, typed again`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            required
            {...form.field('confirmLast4')}
          />
        </Grid.Col>
      </Grid>
      <Alert variant="light" color="orange" role="note" icon={<IconAlertTriangle aria-hidden="true" />}>
        <Trans>
          Saving a new account holds your payouts for the review period while we verify it, usually three
          business days; the page then says until when. Every admin of {merchant.name} is notified by email.
        </Trans>
      </Alert>
    </SettingsForm>
  )
}
