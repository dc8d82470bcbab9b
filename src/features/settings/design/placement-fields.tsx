import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Grid, Input, Paper, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core'
import { useId } from 'react'
import { MESSAGE_STYLES, PLACEMENT_TERMS, type Placement } from '../../../../contract/settings'
import type { Program } from '../../../api/schemas/programs'
import { usePageTypeText } from './placement-text'

/** One page type's placement in the form: shown or not, and then its style, program and months. */
export function PlacementFields({
  placement,
  programs,
  onChange,
}: {
  placement: Placement
  programs: readonly Program[]
  onChange: (patch: Partial<Placement>) => void
}) {
  const { t } = useLingui()
  const pageText = usePageTypeText()
  const styleLabelId = useId()
  const text = pageText[placement.pageType]
  return (
    <Paper withBorder radius="sm" p="md" bg="var(--mantine-color-gray-0)">
      <Stack gap="sm">
        <Switch
          label={<Text fw={600}>{text.show}</Text>}
          checked={placement.enabled}
          onChange={(event) => onChange({ enabled: event.currentTarget.checked })}
        />
        {placement.enabled ? (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Stack gap={4}>
                <Input.Label id={styleLabelId}>
                  <Trans>Style</Trans>
                </Input.Label>
                <SegmentedControl
                  aria-labelledby={styleLabelId}
                  fullWidth
                  data={MESSAGE_STYLES.map((style) => ({
                    value: style,
                    label: style === 'BANNER' ? t`Banner` : t`Text line`,
                  }))}
                  value={placement.style}
                  onChange={(value) => {
                    const style = MESSAGE_STYLES.find((candidate) => candidate === value)
                    if (style) onChange({ style })
                  }}
                />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <Select
                label={t`Program quoted`}
                data={programs.map((program) => ({ value: program.id, label: program.name }))}
                value={placement.programID}
                onChange={(programID) => {
                  if (programID) onChange({ programID })
                }}
                allowDeselect={false}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <Select
                label={t`Months quoted`}
                data={PLACEMENT_TERMS.map((months) => ({ value: String(months), label: String(months) }))}
                value={String(placement.termMonths)}
                onChange={(value) => {
                  const months = PLACEMENT_TERMS.find((candidate) => String(candidate) === value)
                  if (months) onChange({ termMonths: months })
                }}
                allowDeselect={false}
              />
            </Grid.Col>
          </Grid>
        ) : null}
      </Stack>
    </Paper>
  )
}
