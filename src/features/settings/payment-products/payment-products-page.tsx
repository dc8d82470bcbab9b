import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Group, Input, Paper, SegmentedControl, Stack, Switch, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type {
  Enrollment,
  PaymentProductConfiguration,
  PaymentProductType,
} from '../../../api/schemas/payment-products'
import type { Program } from '../../../api/schemas/programs'
import { useServices } from '../../../services/services-context'
import { useMerchantFormat } from '../../../shared/use-merchant-format'
import { openLabel } from '../../../ui/open-value'
import { PageHeader } from '../../../ui/page-header'
import { ConfirmDialog } from '../components/confirm-dialog'
import { SettingsSection } from '../components/settings-section'
import { NotSet } from '../components/value-list'
import { saveErrorMessage } from '../form/save-error'
import { useSettingsContext } from '../use-settings-context'
import {
  enrollmentsQueryOptions,
  offeredAtCheckout,
  programProductsQueryOptions,
  useEnrollmentChange,
} from './payment-products-api'
import { CONFIGURATION_STATES, type ConfigurationFilter } from './search'
import { describeTerms, PRODUCT_TYPE_NAMES, termsOf } from './terms'

const route = getRouteApi('/_authed/_merchant/_settings/payment-products')

const TYPE_ORDER: readonly PaymentProductType[] = [
  'SPLITPAY',
  'INSTALLMENTS',
  'HYBRID_LINE_OF_CREDIT',
  'DEBT_CONSOLIDATION',
]

export function PaymentProductsPage() {
  const { t } = useLingui()
  const { programs } = useSettingsContext()
  const { state } = route.useSearch()
  const navigate = route.useNavigate()
  const filterLabels: Record<ConfigurationFilter, string> = {
    ACTIVE: t`Active`,
    INACTIVE: t`Inactive`,
    ALL: t`All`,
  }

  return (
    <>
      <PageHeader
        title={<Trans>Payment products</Trans>}
        description={<Trans>The financing your customers can choose, per program, and its terms.</Trans>}
      />
      <Stack gap="lg">
        <Group gap="sm" align="center">
          <Input.Label id="configuration-filter">
            <Trans>Configurations</Trans>
          </Input.Label>
          <SegmentedControl
            aria-labelledby="configuration-filter"
            data={CONFIGURATION_STATES.map((value) => ({ value, label: filterLabels[value] }))}
            value={state}
            onChange={(value) => {
              const next = CONFIGURATION_STATES.find((candidate) => candidate === value)
              if (next) void navigate({ search: { state: next }, replace: true })
            }}
          />
        </Group>
        {programs.length === 0 ? (
          <Paper withBorder p="xl" radius="md">
            <Text c="dimmed">
              <Trans>This merchant takes part in no active program, so there are no payment products.</Trans>
            </Text>
          </Paper>
        ) : (
          programs.map((program) => <ProgramProducts key={program.id} program={program} filter={state} />)
        )}
      </Stack>
    </>
  )
}

function ProgramProducts({ program, filter }: { program: Program; filter: ConfigurationFilter }) {
  const { t } = useLingui()
  const { api } = useServices()
  const { merchant } = useSettingsContext()
  const { data } = useSuspenseQuery(programProductsQueryOptions(api, merchant.id, program.id, filter))
  const { data: enrollments } = useSuspenseQuery(enrollmentsQueryOptions(api, merchant.id, program.id))

  const types = TYPE_ORDER.filter(
    (type) =>
      data.products.some((product) => product.type === type) ||
      enrollments.some((enrollment) => enrollment.paymentProductType === type),
  )
  const enrolledCount = types.filter((type) => enrollments.some((e) => e.paymentProductType === type)).length
  const channel = program.channel === 'ECOMM' ? t`Online checkout` : t`In store`

  return (
    <SettingsSection
      titleId={`program-${program.id}`}
      title={program.name}
      description={t`${channel} · enrolled in ${plural(enrolledCount, { one: '# product', other: '# products' })} of ${types.length}`}
    >
      <Stack gap="md">
        {types.map((type) => (
          <ProductType
            key={type}
            program={program}
            type={type}
            productNames={data.products
              .filter((product) => product.type === type)
              .map((product) => product.name)}
            configurations={data.configurations.filter(
              (configuration) => configuration.paymentProduct.type === type,
            )}
            activeCount={data.aggregation.find((entry) => entry.type === type)?.activeConfigurationCount ?? 0}
            enrollment={enrollments.find((enrollment) => enrollment.paymentProductType === type)}
            filter={filter}
          />
        ))}
        {types.length === 0 ? (
          <NotSet>
            <Trans>The program offers no payment products yet.</Trans>
          </NotSet>
        ) : null}
      </Stack>
    </SettingsSection>
  )
}

interface ProductTypeProps {
  program: Program
  type: PaymentProductType
  productNames: string[]
  configurations: PaymentProductConfiguration[]
  activeCount: number
  enrollment: Enrollment | undefined
  filter: ConfigurationFilter
}

function ProductType({
  program,
  type,
  productNames,
  configurations,
  activeCount,
  enrollment,
  filter,
}: ProductTypeProps) {
  const { t, i18n } = useLingui()
  const { merchant, abilities } = useSettingsContext()
  const format = useMerchantFormat(merchant)
  const editable = abilities.paymentProductsEdit
  const name = openLabel(i18n, PRODUCT_TYPE_NAMES, type)
  // Product names the program gives beyond the type's own name, e.g. a branded "Summer Pay Later".
  const otherNames = productNames.filter((productName) => productName !== name)
  const headingId = useId()

  return (
    <Paper
      withBorder
      radius="sm"
      p="md"
      bg="var(--mantine-color-gray-0)"
      component="article"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600} component="h3" size="md" m={0} id={headingId}>
                {name}
              </Text>
              {enrollment ? (
                <Badge color="green" variant="dot" tt="none" radius="sm">
                  <Trans>Enrolled</Trans>
                </Badge>
              ) : (
                <Badge color="gray" variant="dot" tt="none" radius="sm">
                  <Trans>Not enrolled</Trans>
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {otherNames.length > 0 ? `${otherNames.join(', ')} · ` : ''}
              {t`${plural(activeCount, { one: '# active configuration', other: '# active configurations' })}`}
              {enrollment ? ` · ${t`enrolled on ${format.date(enrollment.createdAt)}`}` : ''}
            </Text>
          </Stack>
          {editable ? (
            <EnrollmentActions program={program} type={type} name={name} enrollment={enrollment} />
          ) : null}
        </Group>
        {enrollment && !editable ? (
          <Text size="sm">
            {offeredAtCheckout(enrollment) ? (
              <Trans>Offered at checkout</Trans>
            ) : (
              <Trans>Not offered at checkout for now</Trans>
            )}
          </Text>
        ) : null}
        {configurations.length > 0 ? (
          <Stack
            gap={6}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t`Configurations of ${name}`}
          >
            {configurations.map((configuration) => (
              <Group key={configuration.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm">{describeTerms(termsOf(configuration), i18n, format.percent)}</Text>
                <Badge
                  variant="dot"
                  tt="none"
                  radius="sm"
                  color={configuration.state === 'ACTIVE' ? 'green' : 'gray'}
                  style={{ flexShrink: 0 }}
                >
                  {configuration.state === 'ACTIVE' ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}
                </Badge>
              </Group>
            ))}
          </Stack>
        ) : (
          <NotSet>
            {filter === 'INACTIVE' ? (
              <Trans>No inactive configurations.</Trans>
            ) : filter === 'ACTIVE' ? (
              <Trans>No active configurations.</Trans>
            ) : (
              <Trans>No configurations.</Trans>
            )}
          </NotSet>
        )}
      </Stack>
    </Paper>
  )
}

function EnrollmentActions({
  program,
  type,
  name,
  enrollment,
}: {
  program: Program
  type: PaymentProductType
  name: string
  enrollment: Enrollment | undefined
}) {
  const { t, i18n } = useLingui()
  const { alerts } = useServices()
  const { merchant } = useSettingsContext()
  const change = useEnrollmentChange(merchant.id, program.id)
  const [asking, setAsking] = useState<'enroll' | 'remove' | null>(null)
  const [offerError, setOfferError] = useState<unknown>(null)

  function close() {
    setAsking(null)
    change.reset()
  }

  function confirm() {
    if (asking === 'enroll') {
      change.mutate(
        { kind: 'create', type },
        {
          onSuccess: () => {
            setAsking(null)
            alerts.show({ status: 'SUCCESS', message: t`Enrolled in ${name} for ${program.name}.` })
          },
        },
      )
    } else if (asking === 'remove' && enrollment) {
      change.mutate(
        { kind: 'remove', enrollment },
        {
          onSuccess: () => {
            setAsking(null)
            alerts.show({
              status: 'SUCCESS',
              message: t`The ${name} enrollment for ${program.name} was removed.`,
            })
          },
        },
      )
    }
  }

  return (
    <Stack gap={4} align="flex-end">
      {enrollment ? (
        <Group gap="md" justify="flex-end">
          <Switch
            label={t`Offer at checkout`}
            checked={offeredAtCheckout(enrollment)}
            disabled={change.isPending}
            onChange={(event) => {
              const offered = event.currentTarget.checked
              setOfferError(null)
              change.mutate(
                { kind: 'offer', enrollment, offered },
                {
                  onSuccess: () =>
                    alerts.show({
                      status: 'SUCCESS',
                      message: offered
                        ? t`${name} is offered at checkout again.`
                        : t`${name} is no longer offered at checkout.`,
                    }),
                  onError: setOfferError,
                },
              )
            }}
          />
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => setAsking('remove')}>
            <Trans>Remove enrollment</Trans>
          </Button>
        </Group>
      ) : (
        <Button size="compact-sm" variant="light" onClick={() => setAsking('enroll')}>
          <Trans>Enroll</Trans>
        </Button>
      )}
      {offerError ? (
        <Text size="xs" c="red.8" role="alert">
          {saveErrorMessage(offerError, i18n)}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={asking !== null}
        title={asking === 'remove' ? t`Remove the ${name} enrollment?` : t`Enroll in ${name}?`}
        confirmLabel={asking === 'remove' ? <Trans>Remove enrollment</Trans> : <Trans>Enroll</Trans>}
        danger={asking === 'remove'}
        pending={change.isPending}
        error={asking ? change.error : null}
        onConfirm={confirm}
        onCancel={close}
      >
        <Text>
          {asking === 'remove' ? (
            <Trans>
              Customers can no longer choose {name} in {program.name}. Purchases already made are not
              affected.
            </Trans>
          ) : (
            <Trans>
              Customers can choose {name} in {program.name} from now on, on the terms listed for it.
            </Trans>
          )}
        </Text>
      </ConfirmDialog>
    </Stack>
  )
}
