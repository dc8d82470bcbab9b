import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Grid, Paper, Stack, Text, Title } from '@mantine/core'
import type { Placement } from '../../../../contract/settings'
import { parseAmount } from '../../../shared/money'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { NotSet } from '../components/value-list'
import { useSettingsContext } from '../use-settings-context'
import { useMessageText, usePageTypeText } from './placement-text'

/** Each shown placement's message on a sample page, for the price typed (or the default one). */
export function Previews({
  placements,
  price,
  format,
}: {
  placements: readonly Placement[]
  price: string
  format: MerchantFormat
}) {
  const { t } = useLingui()
  const { programs } = useSettingsContext()
  const pageText = usePageTypeText()
  const messageText = useMessageText()
  const priceMinor = parseAmount(price) ?? 0
  const shown = placements.filter((placement) => placement.enabled)

  return (
    <Box component="section" aria-labelledby="placement-previews">
      <Title order={3} size="h5" id="placement-previews" mb="xs">
        <Trans>Previews</Trans>
      </Title>
      {shown.length === 0 ? (
        <NotSet>
          <Trans>No page type shows a message.</Trans>
        </NotSet>
      ) : (
        <Grid gap="md">
          {shown.map((placement) => {
            const program = programs.find((candidate) => candidate.id === placement.programID)
            const message = messageText(placement, program, priceMinor, format)
            return (
              <Grid.Col key={placement.pageType} span={{ base: 12, md: 4 }}>
                <Paper
                  withBorder
                  radius="sm"
                  p="md"
                  h="100%"
                  bg="white"
                  component="figure"
                  m={0}
                  aria-label={t`Preview on ${pageText[placement.pageType].name}`}
                >
                  <Stack gap={6}>
                    <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                      {pageText[placement.pageType].name}
                    </Text>
                    <Text fw={600}>{pageText[placement.pageType].sample}</Text>
                    <Text fw={700} size="lg">
                      {format.money(priceMinor)}
                    </Text>
                    {placement.style === 'BANNER' ? (
                      <Box
                        p="sm"
                        data-testid={`message-${placement.pageType}`}
                        style={{
                          borderRadius: 6,
                          background: 'var(--mantine-color-gray-1)',
                          borderLeft: '4px solid var(--mantine-primary-color-filled)',
                        }}
                      >
                        <Text size="sm">{message}</Text>
                      </Box>
                    ) : (
                      <Text size="sm" data-testid={`message-${placement.pageType}`}>
                        {message}
                      </Text>
                    )}
                  </Stack>
                </Paper>
              </Grid.Col>
            )
          })}
        </Grid>
      )}
    </Box>
  )
}
