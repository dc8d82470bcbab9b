import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  ColorInput,
  ColorSwatch,
  Grid,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo } from 'react'
import { BUTTON_STYLES, type ButtonStyle } from '../../../../contract/settings'
import type { CheckoutDesign } from '../../../api/schemas/settings'
import { useServices } from '../../../services/services-context'
import { useMerchantFormat } from '../../../shared/use-merchant-format'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import { SettingsSection } from '../components/settings-section'
import { NotSet, ValueList } from '../components/value-list'
import { SettingsForm } from '../form/settings-form'
import { useSettingsForm } from '../form/use-settings-form'
import { useSettingsContext } from '../use-settings-context'
import { checkoutDesignDraftShape, checkoutDesignSchema, checkoutDesignValues } from './checkout-design-form'
import { CheckoutPreview } from './checkout-preview'
import { checkoutDesignQueryOptions, saveCheckoutDesign } from './design-api'

const SWATCHES = ['#1C7C54', '#2B59C3', '#6741D9', '#B4413C', '#E8590C', '#0B7285', '#212529']

function useButtonStyleLabels(): Record<ButtonStyle, string> {
  const { t } = useLingui()
  return { ROUNDED: t`Rounded`, PILL: t`Pill`, SQUARE: t`Square` }
}

export function CheckoutDesignPage() {
  const { merchant, abilities } = useSettingsContext()
  const { api } = useServices()
  const designQuery = useQuery(checkoutDesignQueryOptions(api, merchant.id))
  const format = useMerchantFormat(merchant)
  const editable = abilities.checkoutDesignEdit

  return (
    <>
      <PageHeader
        title={<Trans>Checkout design</Trans>}
        description={<Trans>How the financing checkout looks to your customers.</Trans>}
      />
      <PageData query={designQuery}>
        {(design) => (
          <SettingsSection
            titleId="checkout-design"
            title={<Trans>Colours, logo and buttons</Trans>}
            description={<Trans>Last changed {format.dateTime(design.updatedAt)}.</Trans>}
          >
            {editable ? <DesignForm design={design} /> : <DesignValues design={design} />}
          </SettingsSection>
        )}
      </PageData>
    </>
  )
}

function useCheckoutProgram() {
  const { programs } = useSettingsContext()
  return programs.find((program) => program.channel === 'ECOMM') ?? programs[0]
}

function DesignValues({ design }: { design: CheckoutDesign }) {
  const { t } = useLingui()
  const { merchant } = useSettingsContext()
  const format = useMerchantFormat(merchant)
  const styles = useButtonStyleLabels()
  const program = useCheckoutProgram()
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <ValueList
          items={[
            {
              id: 'color',
              label: t`Brand colour`,
              value: (
                <Group gap="xs">
                  <ColorSwatch color={design.primaryColor} size={18} aria-hidden="true" />
                  {design.primaryColor.toUpperCase()}
                </Group>
              ),
            },
            { id: 'button', label: t`Button style`, value: styles[design.buttonStyle] },
            {
              id: 'logo',
              label: t`Logo`,
              value: design.logoUrl ? (
                <Text inherit style={{ overflowWrap: 'anywhere' }}>
                  {design.logoUrl}
                </Text>
              ) : (
                <NotSet>
                  <Trans>No logo: the checkout shows your name</Trans>
                </NotSet>
              ),
            },
            {
              id: 'headline',
              label: t`Headline`,
              value: design.headline || (
                <NotSet>
                  <Trans>The standard headline</Trans>
                </NotSet>
              ),
            },
          ]}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <CheckoutPreview
          merchantName={merchant.name}
          primaryColor={design.primaryColor}
          buttonStyle={design.buttonStyle}
          logoUrl={design.logoUrl}
          headline={design.headline}
          program={program}
          format={format}
        />
      </Grid.Col>
    </Grid>
  )
}

function DesignForm({ design }: { design: CheckoutDesign }) {
  const { t, i18n } = useLingui()
  const { api } = useServices()
  const { merchant } = useSettingsContext()
  const queryClient = useQueryClient()
  const format = useMerchantFormat(merchant)
  const styles = useButtonStyleLabels()
  const program = useCheckoutProgram()
  const buttonLabelId = useId()
  const schema = useMemo(() => checkoutDesignSchema(i18n), [i18n])

  const form = useSettingsForm({
    initial: checkoutDesignValues(design),
    schema,
    save: (body) => saveCheckoutDesign(api, merchant.id, body),
    valuesOf: checkoutDesignValues,
    onSaved: (saved) =>
      queryClient.setQueryData(checkoutDesignQueryOptions(api, merchant.id).queryKey, saved),
    successMessage: () => t`Your checkout design was saved. Customers see it from their next checkout.`,
  })
  const { values } = form

  return (
    <SettingsForm
      form={form}
      label={t`Checkout design`}
      draft={{ key: 'settings:checkout-design', schema: checkoutDesignDraftShape }}
    >
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="md">
            <ColorInput
              label={t`Brand colour`}
              description={t`Buttons and the selected plan use it`}
              format="hex"
              swatches={SWATCHES}
              swatchesPerRow={7}
              eyeDropperButtonProps={{ 'aria-label': t`Pick a colour from the screen` }}
              value={values.primaryColor}
              onChange={(color) => form.set('primaryColor', color.toUpperCase())}
              onBlur={() => form.touch('primaryColor')}
              error={form.errorOf('primaryColor')}
              name="primaryColor"
            />
            <Stack gap={4}>
              <Input.Label id={buttonLabelId}>
                <Trans>Button style</Trans>
              </Input.Label>
              <SegmentedControl
                aria-labelledby={buttonLabelId}
                data={BUTTON_STYLES.map((style) => ({ value: style, label: styles[style] }))}
                value={values.buttonStyle}
                onChange={(value) => {
                  const style = BUTTON_STYLES.find((candidate) => candidate === value)
                  if (style) form.set('buttonStyle', style)
                }}
              />
            </Stack>
            <TextInput
              label={t`Logo address`}
              description={t`An https:// address of a PNG, SVG, JPEG or WebP image, at least 64 pixels high`}
              placeholder="https://"
              type="url"
              {...form.field('logoUrl')}
            />
            <TextInput
              label={t`Headline`}
              description={t`Up to 60 characters; empty shows "Pay over time"`}
              maxLength={60}
              {...form.field('headline')}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <CheckoutPreview
            merchantName={merchant.name}
            primaryColor={values.primaryColor}
            buttonStyle={values.buttonStyle}
            logoUrl={form.errors.logoUrl ? '' : values.logoUrl.trim()}
            headline={values.headline.trim()}
            program={program}
            format={format}
          />
        </Grid.Col>
      </Grid>
    </SettingsForm>
  )
}
