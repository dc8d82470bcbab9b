import '../../../ui/mantine-later.css'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Input, Paper, SegmentedControl, Stack, Text } from '@mantine/core'
import { useQueries } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import type { PaymentProductType } from '../../../../contract/payment-products'
import type { Enrollment } from '../../../api/schemas/payment-products'
import type { Program } from '../../../api/schemas/programs'
import { useServices } from '../../../services/services-context'
import { allReads } from '../../../ui/all-reads'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import { SettingsSection } from '../components/settings-section'
import { NotSet } from '../components/value-list'
import { useSettingsContext } from '../use-settings-context'
import {
  enrollmentsQueryOptions,
  type ProgramProducts,
  programProductsQueryOptions,
} from './payment-products-api'
import { ProductType } from './product-type-card'
import { CONFIGURATION_FILTERS, type ConfigurationFilter } from './search'

const route = getRouteApi('/_authed/_merchant/_settings/payment-products')

const TYPE_ORDER: readonly PaymentProductType[] = [
  'SPLITPAY',
  'INSTALLMENTS',
  'HYBRID_LINE_OF_CREDIT',
  'DEBT_CONSOLIDATION',
]

export function PaymentProductsPage() {
  const { t } = useLingui()
  const { api } = useServices()
  const { merchant, programs } = useSettingsContext()
  const { state } = route.useSearch()
  // Every program's products and enrollments, shown together: one loading, one 'Oops...' box.
  const products = allReads(
    useQueries({
      queries: programs.map((program) => programProductsQueryOptions(api, merchant.id, program.id, state)),
    }),
  )
  const enrollments = allReads(
    useQueries({ queries: programs.map((program) => enrollmentsQueryOptions(api, merchant.id, program.id)) }),
  )
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
            data={CONFIGURATION_FILTERS.map((value) => ({ value, label: filterLabels[value] }))}
            value={state}
            onChange={(value) => {
              const next = CONFIGURATION_FILTERS.find((candidate) => candidate === value)
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
          <PageData query={products}>
            {(offered) => (
              <PageData query={enrollments}>
                {(enrolled) =>
                  // The answers come in the programs' order.
                  programs.map((program, index) => {
                    const data = offered[index]
                    return data ? (
                      <ProgramSection
                        key={program.id}
                        program={program}
                        filter={state}
                        data={data}
                        enrollments={enrolled[index] ?? []}
                      />
                    ) : null
                  })
                }
              </PageData>
            )}
          </PageData>
        )}
      </Stack>
    </>
  )
}

function ProgramSection({
  program,
  filter,
  data,
  enrollments,
}: {
  program: Program
  filter: ConfigurationFilter
  data: ProgramProducts
  enrollments: readonly Enrollment[]
}) {
  const { t } = useLingui()

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
              .flatMap((product) => product.name ?? [])}
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
