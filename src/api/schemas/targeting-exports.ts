import * as v from 'valibot'
import { dataOf } from '../../../contract/common'
import {
  TARGETING_EXPORT_STATUSES,
  TargetingExportFileSchema,
  TargetingExportSchema,
} from '../../../contract/targeting-exports'
import { absentAsNull, openPicklist, pageReader } from './common'

const TargetingExportReader = v.object({
  ...absentAsNull(TargetingExportSchema.entries),
  status: openPicklist(TARGETING_EXPORT_STATUSES),
})
export type TargetingExport = v.InferOutput<typeof TargetingExportReader>

export const TargetingExportResponseReader = dataOf(TargetingExportReader)
export const TargetingExportPageReader = pageReader(TargetingExportReader)
export type TargetingExportPage = v.InferOutput<typeof TargetingExportPageReader>['data']

/** The file of a READY export, read as the contract gives it. */
export const TargetingExportFileReader = TargetingExportFileSchema
