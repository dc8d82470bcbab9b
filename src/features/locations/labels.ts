import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { LocationStatus, Weekday } from '../../../contract/locations'

export const LOCATION_STATUS_LABELS: Record<LocationStatus, MessageDescriptor> = {
  OPEN: msg`Open`,
  TEMPORARILY_CLOSED: msg`Temporarily closed`,
  CLOSED: msg`Closed permanently`,
}

export const LOCATION_STATUS_COLORS: Record<LocationStatus, string> = {
  OPEN: 'teal',
  TEMPORARILY_CLOSED: 'orange',
  CLOSED: 'gray',
}

export const WEEKDAY_LABELS: Record<Weekday, MessageDescriptor> = {
  MON: msg`Monday`,
  TUE: msg`Tuesday`,
  WED: msg`Wednesday`,
  THU: msg`Thursday`,
  FRI: msg`Friday`,
  SAT: msg`Saturday`,
  SUN: msg`Sunday`,
}
