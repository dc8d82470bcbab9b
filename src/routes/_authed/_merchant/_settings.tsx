import { msg } from '@lingui/core/macro'
import { IconSettings } from '@tabler/icons-react'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { lazyRoutePage } from '../../../shared/load-chunk'

export const Route = createFileRoute('/_authed/_merchant/_settings')({
  staticData: { nav: { label: msg`Settings`, order: 80, icon: IconSettings } },
  beforeLoad: guard('settings'),
  // No loader: its component is fetched as lazyRoutePage says, not split by the router.
  codeSplitGroupings: [],
  component: lazyRoutePage(
    () => import('../../../features/settings/components/settings-layout'),
    'SettingsLayout',
  ),
})
