import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { InsightInterval } from '../../../contract/insights'
import type { Channel } from '../../../contract/programs'
import type { KpiKey } from './kpis'

export const KPI_LABELS: Record<KpiKey, MessageDescriptor> = {
  volume: msg`Sales volume`,
  orders: msg`Orders`,
  averageOrder: msg`Average order value`,
  approvalRate: msg`Approval rate`,
  refunded: msg`Refunds`,
}

/** What each figure counts, in a line under its title. */
export const KPI_HINTS: Record<KpiKey, MessageDescriptor> = {
  volume: msg`Approved orders, by order date`,
  orders: msg`Approved orders`,
  averageOrder: msg`Sales volume per order`,
  approvalRate: msg`Approved of all attempts`,
  refunded: msg`Money returned, by refund date`,
}

export const CHANNEL_LABELS: Record<Channel, MessageDescriptor> = {
  ECOMM: msg`Online`,
  INSTORE: msg`In store`,
}

export const INTERVAL_LABELS: Record<InsightInterval, MessageDescriptor> = {
  day: msg`Day`,
  week: msg`Week`,
}
