import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useRouterState } from '@tanstack/react-router'
import { formatNumber } from '../../../i18n/format'
import { supportedLocale } from '../../../i18n/locales'
import { useServices } from '../../../services/services-context'
import { needsActionCountQueryOptions } from '../api/needs-action-count'
import { programIdsParam } from '../list-params'
import { programsParam } from '../search'

const merchantRoute = getRouteApi('/_authed/_merchant')

/**
 * The Transactions item's badge: how many transactions need action over the merchant's stored program
 * selection (what the needs-action view opens at), linking to that view. On the transactions page the
 * list's own answer gives the count (see transactionListQueryOptions), so the badge asks nothing there;
 * elsewhere it asks for one row, after the page's first paint (this module loads lazily).
 */
export default function NeedsActionNavBadge({ onNavigate }: { onNavigate(): void }) {
  const { t, i18n } = useLingui()
  const { merchant, programs } = merchantRoute.useRouteContext()
  const { api, storage, session } = useServices()
  // Read on every navigation, so that a program filter changed on the transactions page is followed.
  const onList = useRouterState({ select: (state) => state.location }).pathname === '/transactions'
  const ids = programs.map((program) => program.id)
  const programIds = programIdsParam(programsParam(storage.getProgramSelection(merchant.id, ids), ids))
  const count = useQuery({
    ...needsActionCountQueryOptions(api, merchant.id, programIds),
    // Only with a token for this merchant: while a merchant switch exchanges it, the old one is refused.
    enabled: !onList && session.current()?.claims.merchantID === merchant.id,
  }).data
  if (!count) return null
  const figure = formatNumber(count, supportedLocale(i18n.locale))
  return (
    <Link
      to="/transactions"
      search={{ needsAction: true }}
      onClick={onNavigate}
      aria-label={t`${plural(count, { one: '# transaction needs action', other: '# transactions need action' })}`}
      style={{ position: 'absolute', insetInlineEnd: 8, top: 10, lineHeight: 0 }}
    >
      <Badge color="red" variant="filled" size="sm" radius="xl" component="span">
        {figure}
      </Badge>
    </Link>
  )
}
