import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Suspense, useEffect, useRef, useState } from 'react'
import type { TransactionAction } from '../../../../contract/transactions'
import type { Abilities } from '../../../access/abilities'
import { isApiError } from '../../../api/api-error'
import type { Merchant } from '../../../api/schemas/merchants'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import { useServices } from '../../../services/services-context'
import { lazyChunk } from '../../../shared/load-chunk'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { transactionQueryOptions } from '../api/transaction-queries'
import { ACTION_LABELS } from '../labels'
import { availableActions, expiresSoon, isOpenAuthorization } from '../lifecycle'
import { CopyValue } from './copy-value'
import { DisputeSection } from './dispute-section'
import { Amount, Fact } from './drawer-facts'
import { OrderDetails } from './order-details'
import { ExpiresSoonBadge, StatusBadge } from './status-badge'
import { TransactionTimeline } from './transaction-timeline'

// The confirmation dialog (Modal, Radio) loads once the drawer shows actions, before anyone picks one.
const loadActionDialog = () => import('./action-dialog')
const ActionDialog = lazyChunk(() => loadActionDialog().then((module) => ({ default: module.ActionDialog })))

interface TransactionDrawerProps {
  /** The transaction in the URL (`?tx=`); undefined closes the drawer. */
  id: string | undefined
  /** Its row when the current page lists it, so the drawer opens with content at once. */
  listed: TransactionListItem | undefined
  merchant: Merchant
  programNames: ReadonlyMap<string, string>
  /** What the user may do to a transaction: settle, refund, cancel, answer its dispute. */
  abilities: Pick<Abilities, TransactionAction | 'disputeAnswer'>
  format: MerchantFormat
  onClose(): void
}

export function TransactionDrawer({ id, onClose, ...rest }: TransactionDrawerProps) {
  const { t } = useLingui()
  // The drawer keeps showing the last transaction while it slides out.
  const shown = useRef(id)
  if (id) shown.current = id
  const current = id ?? shown.current
  useEffect(() => {
    if (id === undefined) return
    loadActionDialog().catch(() => {
      // Picking an action loads it again and shows the failure there.
    })
  }, [id])
  return (
    <Drawer
      opened={id !== undefined}
      onClose={onClose}
      position="right"
      size="lg"
      title={current ? t`Transaction ${current}` : t`Transaction`}
      closeButtonProps={{ 'aria-label': t`Close transaction details` }}
    >
      {current ? <DrawerBody id={current} {...rest} /> : null}
    </Drawer>
  )
}

function DrawerBody({
  id,
  listed,
  merchant,
  programNames,
  abilities,
  format,
}: Omit<TransactionDrawerProps, 'id' | 'onClose'> & { id: string }) {
  const { t, i18n } = useLingui()
  const { api } = useServices()
  const detail = useQuery(transactionQueryOptions(api, merchant.id, id))
  const [action, setAction] = useState<TransactionAction | null>(null)
  const [openings, setOpenings] = useState(0)

  const tx = detail.data ?? (listed?.id === id ? listed : undefined)
  if (!tx) {
    if (detail.isError) {
      const missing = isApiError(detail.error) && detail.error.status === 404
      return (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          <Stack gap="xs">
            <Text size="sm">
              {missing
                ? t`There is no transaction ${id} for ${merchant.name}.`
                : t`We could not load this transaction.`}
            </Text>
            {missing ? null : (
              <Group>
                <Button size="xs" color="red" onClick={() => detail.refetch()}>
                  <Trans>Try again</Trans>
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )
    }
    return (
      <Stack aria-busy="true">
        <Skeleton h={28} />
        <Skeleton h={90} />
        <Skeleton h={180} />
      </Stack>
    )
  }

  const now = Date.now()
  const actions = availableActions(tx, abilities, now)
  const open = isOpenAuthorization(tx, now)
  const programName = programNames.get(tx.programID) ?? t`Other program`
  const remainingHint = open
    ? t`Available to settle`
    : tx.amounts.remaining > 0
      ? t`Available to refund`
      : undefined

  return (
    <Stack gap="lg">
      <Group gap="xs">
        <StatusBadge status={tx.status} />
        {expiresSoon(tx, now) ? <ExpiresSoonBadge /> : null}
        <Text size="sm" c="dimmed">
          {format.dateTime(tx.createdAt)}
        </Text>
      </Group>

      <section aria-labelledby="tx-amounts">
        <Title order={3} size="h5" id="tx-amounts" mb="xs">
          <Trans>Amounts</Trans>
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Amount label={<Trans>Authorized</Trans>} value={format.money(tx.amounts.authorized)} />
          <Amount label={<Trans>Settled</Trans>} value={format.money(tx.amounts.settled)} />
          <Amount label={<Trans>Refunded</Trans>} value={format.money(tx.amounts.refunded)} />
          <Amount
            label={<Trans>Remaining</Trans>}
            value={format.money(tx.amounts.remaining)}
            hint={remainingHint}
          />
        </SimpleGrid>
      </section>

      {tx.dispute ? (
        <DisputeSection
          merchantId={merchant.id}
          transaction={tx}
          dispute={tx.dispute}
          detail={detail.data?.dispute ?? undefined}
          detailFailed={detail.isError}
          canAnswer={abilities.disputeAnswer}
          format={format}
        />
      ) : null}

      {actions.length > 0 ? (
        <Group gap="sm" role="group" aria-label={t`Actions`}>
          {actions.map((name) => (
            <Button
              key={name}
              variant={name === 'cancel' ? 'default' : 'filled'}
              // Shade 8 keeps white text above 4.5:1 contrast.
              color={name === 'refund' ? 'red.8' : undefined}
              onClick={() => {
                setOpenings((count) => count + 1)
                setAction(name)
              }}
            >
              {i18n._(ACTION_LABELS[name])}
            </Button>
          ))}
        </Group>
      ) : null}

      <section aria-labelledby="tx-details">
        <Title order={3} size="h5" id="tx-details" mb="xs">
          <Trans>Details</Trans>
        </Title>
        <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="sm" m={0}>
          <Fact label={<Trans>Transaction ID</Trans>}>
            <Group gap={4} wrap="nowrap" component="span">
              {tx.id}
              <CopyValue
                value={tx.id}
                label={t`Copy transaction ID`}
                copied={t`Transaction ID ${tx.id} copied`}
                failed={t`The browser did not let us copy the transaction ID.`}
              />
            </Group>
          </Fact>
          <Fact label={<Trans>Order ID</Trans>}>
            <Group gap={4} wrap="nowrap" component="span">
              {tx.orderId}
              <CopyValue
                value={tx.orderId}
                label={t`Copy order ID`}
                copied={t`Order ID ${tx.orderId} copied`}
                failed={t`The browser did not let us copy the order ID.`}
              />
            </Group>
          </Fact>
          <Fact label={<Trans>Program</Trans>}>{programName}</Fact>
          <Fact label={<Trans>Customer</Trans>}>
            {tx.customer.name}
            <br />
            {tx.customer.email}
          </Fact>
          <Fact label={<Trans>Channel</Trans>}>{tx.channel === 'ECOMM' ? t`Online` : t`In store`}</Fact>
          {tx.status === 'AUTHORIZED' || tx.status === 'EXPIRED' ? (
            <Fact
              label={
                tx.status === 'EXPIRED' ? (
                  <Trans>Authorization expired</Trans>
                ) : (
                  <Trans>Authorization expires</Trans>
                )
              }
            >
              {format.dateTime(tx.expiresAt)}
            </Fact>
          ) : null}
        </SimpleGrid>
      </section>

      {detail.data ? <OrderDetails transaction={detail.data} format={format} /> : null}

      <Divider />

      <section aria-labelledby="tx-timeline">
        <Title order={3} size="h5" id="tx-timeline" mb="sm">
          <Trans>Timeline</Trans>
        </Title>
        {detail.data ? (
          <TransactionTimeline events={detail.data.timeline} format={format} />
        ) : detail.isError ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{t`We could not load the timeline.`}</Text>
              <Button size="xs" color="red" onClick={() => detail.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </Group>
          </Alert>
        ) : (
          <Stack gap="xs" aria-busy="true">
            <Skeleton h={40} />
            <Skeleton h={40} />
          </Stack>
        )}
      </section>

      {action ? (
        <Suspense fallback={null}>
          <ActionDialog
            key={openings}
            merchantId={merchant.id}
            transaction={tx}
            action={action}
            format={format}
            onClose={() => setAction(null)}
          />
        </Suspense>
      ) : null}
    </Stack>
  )
}
