import { Trans } from '@lingui/react/macro'
import { Paper, Stack, Text } from '@mantine/core'
import { PageHeader } from '../../ui/page-header'
import { MerchantChooser } from './merchant-chooser'

/** What a user without an assigned merchant sees until they pick one. */
export function ChooseMerchantPage() {
  return (
    <Stack maw={560}>
      <PageHeader
        title={<Trans>Choose a merchant</Trans>}
        description={<Trans>Your account works across merchants. Pick the one you want to work with.</Trans>}
      />
      <Paper withBorder p="lg">
        <Stack gap="xs">
          <MerchantChooser current={null} prominent />
          <Text size="sm" c="dimmed">
            <Trans>You can switch merchant at any time from the top bar.</Trans>
          </Text>
        </Stack>
      </Paper>
    </Stack>
  )
}
