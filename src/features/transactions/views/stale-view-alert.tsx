import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { StaleFilter } from './view-filters'

const FIELD_LABELS: Record<StaleFilter['field'], MessageDescriptor> = {
  needsAction: msg`Needs action`,
  search: msg`Search`,
  searchType: msg`Search by`,
  from: msg`From`,
  to: msg`To`,
  status: msg`Status`,
  programs: msg`Program`,
  pageSize: msg`Rows per page`,
  sort: msg`Sort`,
  columns: msg`Column`,
}

interface StaleViewNoticeProps {
  notice: { name: string; stale: StaleFilter[] }
  programNames: ReadonlyMap<string, string>
}

/** Says which filters of the saved view just opened no longer apply (the view opened with the rest). */
export function StaleViewNotice({ notice, programNames }: StaleViewNoticeProps) {
  const { t, i18n } = useLingui()
  const list = notice.stale
    .map(({ field, value }) => {
      const label = i18n._(FIELD_LABELS[field])
      const shown = programNames.get(value) ?? value
      return t`${label}: ${shown}`
    })
    .join(', ')
  const name = notice.name
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title={t`The view “${name}” opened in part`}
    >
      <Trans>Some of this view's filters no longer apply: {list}.</Trans>
    </Alert>
  )
}
