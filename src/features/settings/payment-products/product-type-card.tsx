import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Paper, Stack, Text } from '@mantine/core'
import { useId } from 'react'
import type { PaymentProductType } from '../../../../contract/payment-products'
import type { Enrollment, PaymentProductConfiguration } from '../../../api/schemas/payment-products'
import type { Program } from '../../../api/schemas/programs'
import { useMerchantFormat } from '../../../shared/use-merchant-format'
import { openLabel } from '../../../ui/open-value'
import { NotSet } from '../components/value-list'
import { useSettingsContext } from '../use-settings-context'
import { EnrollmentActions } from './enrollment-actions'
import { offeredAtCheckout } from './payment-products-api'
import type { ConfigurationFilter } from './search'
import { describeTerms, PRODUCT_TYPE_NAMES, termsOf } from './terms'

interface ProductTypeProps {
  program: Program
  type: PaymentProductType
  productNames: string[]
  configurations: PaymentProductConfiguration[]
  activeCount: number
  enrollment: Enrollment | undefined
  filter: ConfigurationFilter
}

/** One payment product type of a program: its enrollment and the terms of its configurations. */
export function ProductType({
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
              {enrollment?.createdAt ? ` · ${t`enrolled on ${format.date(enrollment.createdAt)}`}` : ''}
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
            {configurations.map((configuration, index) => (
              // A configuration's id is not promised (spec section 3); the list is not reordered in place.
              <Group
                key={configuration.id ?? index}
                component="li"
                gap="xs"
                wrap="nowrap"
                justify="space-between"
              >
                <Text size="sm">{describeTerms(termsOf(configuration), i18n, format.percent)}</Text>
                {/* No state when the answer gave none and all states were asked for. */}
                {configuration.state === undefined ? null : (
                  <Badge
                    variant="dot"
                    tt="none"
                    radius="sm"
                    color={configuration.state === 'ACTIVE' ? 'green' : 'gray'}
                    style={{ flexShrink: 0 }}
                  >
                    {configuration.state === 'ACTIVE' ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}
                  </Badge>
                )}
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
