import '../../../ui/mantine-later.css'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Paper, SimpleGrid, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { SettlementReport } from '../../../api/schemas/settlements'
import type { ReportFormat } from '../format'

function Total({ label, value, hint }: { label: ReactNode; value: string; hint: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  )
}

/** What the range adds up to: the four figures a merchant reconciles against the bank statement. */
export function SettlementTotals({
  totals,
  format,
}: {
  totals: SettlementReport['totals']
  format: ReportFormat
}) {
  const { t } = useLingui()
  const { amounts } = totals
  return (
    <SimpleGrid
      component="section"
      aria-label={t`Totals for the range`}
      cols={{ base: 2, md: 4 }}
      spacing="sm"
    >
      <Total
        label={<Trans>Settled</Trans>}
        value={format.money(amounts.settled)}
        hint={<Plural value={totals.settlements} one="in # settlement" other="in # settlements" />}
      />
      <Total
        label={<Trans>Refunded</Trans>}
        value={format.money(amounts.refunded)}
        hint={<Trans>Returned to customers</Trans>}
      />
      <Total
        label={<Trans>Fees</Trans>}
        value={format.money(amounts.fees)}
        hint={<Trans>On settled amounts</Trans>}
      />
      <Total
        label={<Trans>Net</Trans>}
        value={format.money(amounts.net)}
        hint={<Plural value={totals.entries} one="From # sale or refund" other="From # sales and refunds" />}
      />
    </SimpleGrid>
  )
}
