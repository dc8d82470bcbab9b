import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { InternalSettingsPage } from '../../../../features/settings/internal/internal-settings-page'
import {
  chosenProgram,
  merchantValuesQueryOptions,
} from '../../../../features/settings/internal/merchant-values-api'
import { internalSettingsSearchSchema } from '../../../../features/settings/internal/search'
import { guard } from '../../../../guards/guard'
import { startReads } from '../../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/_settings/internal-settings')({
  staticData: { nav: { label: msg`Internal settings`, order: 110 } },
  validateSearch: internalSettingsSearchSchema,
  beforeLoad: guard('internalSettings'),
  loaderDeps: ({ search }) => ({ program: search.program }),
  loader: ({ context: { queryClient, services, merchant, programs }, deps }) => {
    const program = chosenProgram(programs, deps.program)
    if (program) startReads(queryClient, merchantValuesQueryOptions(services.api, merchant.id, program.id))
  },
  component: InternalSettingsPage,
})
