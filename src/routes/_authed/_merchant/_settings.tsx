import { msg } from '@lingui/core/macro'
import { IconSettings } from '@tabler/icons-react'
import { createFileRoute } from '@tanstack/react-router'
import { SettingsLayout } from '../../../features/settings/components/settings-layout'
import { guard } from '../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/_settings')({
  staticData: { nav: { label: msg`Settings`, order: 80, icon: IconSettings } },
  beforeLoad: guard('settings'),
  component: SettingsLayout,
})
