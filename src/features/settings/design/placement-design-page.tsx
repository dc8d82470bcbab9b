import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Stack, Text, TextInput } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import * as v from 'valibot'
import {
  PAGE_TYPES,
  type PageType,
  type Placement,
  PlacementSchema,
  type PlacementsUpdate,
} from '../../../../contract/settings'
import type { Program } from '../../../api/schemas/programs'
import type { Placements } from '../../../api/schemas/settings'
import { useServices } from '../../../services/services-context'
import { useMerchantFormat } from '../../../shared/use-merchant-format'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import { SettingsSection } from '../components/settings-section'
import { NotSet, ValueList } from '../components/value-list'
import { SettingsForm } from '../form/settings-form'
import { useSettingsForm } from '../form/use-settings-form'
import { useSettingsContext } from '../use-settings-context'
import { placementsQueryOptions, savePlacements } from './design-api'
import { PlacementFields } from './placement-fields'
import { Previews } from './placement-previews'
import { usePageTypeText } from './placement-text'

interface PlacementValues {
  placements: Placement[]
}

const DEFAULT_PRICE = '250.00'

/** One placement per page type, in page order; a page type the platform has none for starts switched off. */
function placementValues(placements: Placements, programs: readonly Program[]): PlacementValues {
  const fallbackProgram = programs.find((program) => program.channel === 'ECOMM') ?? programs[0]
  return {
    placements: PAGE_TYPES.flatMap((pageType) => {
      const found = placements.placements.find((placement) => placement.pageType === pageType)
      if (found) return [{ ...found }]
      return fallbackProgram
        ? [
            {
              pageType,
              enabled: false,
              style: 'TEXT' as const,
              programID: fallbackProgram.id,
              termMonths: 12 as const,
            },
          ]
        : []
    }),
  }
}

const placementsSchema: v.GenericSchema<PlacementValues, PlacementsUpdate> = v.object({
  placements: v.array(PlacementSchema),
})

/** The placements as edited, for a draft kept across a sign-in (src/drafts). */
const placementsDraftShape: v.GenericSchema<unknown, PlacementValues> = v.strictObject({
  placements: v.pipe(v.array(PlacementSchema), v.maxLength(PAGE_TYPES.length)),
})

export function PlacementDesignPage() {
  const { merchant, programs, abilities } = useSettingsContext()
  const { api } = useServices()
  const placementsQuery = useQuery(placementsQueryOptions(api, merchant.id))
  const format = useMerchantFormat(merchant)
  const editable = abilities.placementDesignEdit

  return (
    <>
      <PageHeader
        title={<Trans>Placement design</Trans>}
        description={
          <Trans>Financing messages on your site that show shoppers what they would pay each month.</Trans>
        }
      />
      <PageData query={placementsQuery}>
        {(data) => (
          <SettingsSection
            titleId="placements"
            title={<Trans>Messages by page type</Trans>}
            description={<Trans>Last changed {format.dateTime(data.updatedAt)}.</Trans>}
          >
            {programs.length === 0 ? (
              <NotSet>
                <Trans>Messages quote an active program's terms; this merchant has none.</Trans>
              </NotSet>
            ) : editable ? (
              <PlacementsForm placements={data} />
            ) : (
              <PlacementsList placements={data} />
            )}
          </SettingsSection>
        )}
      </PageData>
    </>
  )
}

function PlacementsList({ placements }: { placements: Placements }) {
  const { t } = useLingui()
  const { merchant, programs } = useSettingsContext()
  const format = useMerchantFormat(merchant)
  const pageText = usePageTypeText()
  const values = placementValues(placements, programs)
  return (
    <Stack gap="lg">
      <ValueList
        items={values.placements.map((placement) => {
          const program = programs.find((candidate) => candidate.id === placement.programID)
          const style = placement.style === 'BANNER' ? t`Banner` : t`Text line`
          const programName = program?.name ?? t`a program that has ended`
          const months = placement.termMonths
          return {
            id: placement.pageType,
            label: pageText[placement.pageType].name,
            value: placement.enabled
              ? t`${style}, quoting ${plural(months, { one: '# month', other: '# months' })} of ${programName}`
              : t`Not shown`,
          }
        })}
      />
      <Previews placements={values.placements} price={DEFAULT_PRICE} format={format} />
    </Stack>
  )
}

function PlacementsForm({ placements }: { placements: Placements }) {
  const { t } = useLingui()
  const { api } = useServices()
  const { merchant, programs } = useSettingsContext()
  const queryClient = useQueryClient()
  const format = useMerchantFormat(merchant)
  const [price, setPrice] = useState(DEFAULT_PRICE)

  const form = useSettingsForm({
    initial: placementValues(placements, programs),
    schema: placementsSchema,
    save: (body) => savePlacements(api, merchant.id, body),
    valuesOf: (saved) => placementValues(saved, programs),
    onSaved: (saved) => queryClient.setQueryData(placementsQueryOptions(api, merchant.id).queryKey, saved),
    successMessage: (saved) => {
      const shown = saved.placements.filter((placement) => placement.enabled).length
      return t`Placements saved: ${plural(shown, { one: '# page type shows', other: '# page types show' })} a financing message.`
    },
  })

  function change(pageType: PageType, patch: Partial<Placement>) {
    form.update((values) => ({
      placements: values.placements.map((placement) =>
        placement.pageType === pageType ? { ...placement, ...patch } : placement,
      ),
    }))
  }

  return (
    <SettingsForm
      form={form}
      label={t`Placements`}
      draft={{ key: 'settings:placements', schema: placementsDraftShape }}
    >
      <Stack gap="md">
        {form.values.placements.map((placement) => (
          <PlacementFields
            key={placement.pageType}
            placement={placement}
            programs={programs}
            onChange={(patch) => change(placement.pageType, patch)}
          />
        ))}
      </Stack>
      <TextInput
        label={t`Sample price for the previews`}
        description={t`Not saved; try the prices you sell at`}
        leftSection={<Text size="sm">{format.currencySymbol}</Text>}
        inputMode="decimal"
        value={price}
        onChange={(event) => setPrice(event.currentTarget.value)}
        maw={260}
      />
      <Previews placements={form.values.placements} price={price} format={format} />
    </SettingsForm>
  )
}
