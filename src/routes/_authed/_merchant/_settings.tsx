import { createFileRoute } from '@tanstack/react-router'
import { SettingsLayout } from '../../../features/settings/components/settings-layout'
import { guard } from '../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/_settings')({
  beforeLoad: guard('settings'),
  component: SettingsLayout,
})
