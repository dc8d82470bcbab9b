import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { TargetingExportStatus } from '../../../contract/targeting-exports'

export const EXPORT_STATUS_LABELS: Record<TargetingExportStatus, MessageDescriptor> = {
  QUEUED: msg`Queued`,
  RUNNING: msg`Running`,
  READY: msg`Ready`,
  FAILED: msg`Failed`,
}

/** Colour only supports the label, never replaces it. */
export const EXPORT_STATUS_COLORS: Record<TargetingExportStatus, string> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  READY: 'teal',
  FAILED: 'red',
}
