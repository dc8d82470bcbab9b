import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Grid, Select, Text, TextInput } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useMemo } from 'react'
import { COUNTRIES, type Country } from '../../../../contract/settings'
import type { BusinessProfile } from '../../../api/schemas/settings'
import { merchantQueryOptions } from '../../../merchant/merchant-queries'
import { useServices } from '../../../services/services-context'
import { useMerchantFormat } from '../../../shared/use-merchant-format'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import { SettingsSection } from '../components/settings-section'
import { NotSet, ValueList } from '../components/value-list'
import { SettingsForm } from '../form/settings-form'
import { useSettingsForm } from '../form/use-settings-form'
import { settingsKeys } from '../settings-keys'
import { useSettingsContext } from '../use-settings-context'
import { businessProfileQueryOptions, saveBusinessProfile } from './business-profile-api'
import { profileDraftShape, profileSchema, profileValues, TIME_ZONES, timeZoneLabel } from './profile-form'

/** Account and general settings (both paths): the business profile. */
export function AccountSettingsPage() {
  const { merchant, abilities } = useSettingsContext()
  const { api } = useServices()
  const profileQuery = useQuery(businessProfileQueryOptions(api, merchant.id))
  const format = useMerchantFormat(merchant)
  const editable = abilities.accountSettingsEdit

  return (
    <>
      <PageHeader
        title={<Trans>Account settings</Trans>}
        description={<Trans>How customers and the provider reach your business.</Trans>}
      />
      <PageData query={profileQuery}>
        {(profile) => (
          <SettingsSection
            titleId="business-profile"
            title={<Trans>Business profile</Trans>}
            description={
              <Trans>
                Last changed {format.dateTime(profile.updatedAt)}. Dates and reports across the portal use the
                time zone set here.
              </Trans>
            }
          >
            {editable ? <ProfileForm profile={profile} /> : <ProfileValues profile={profile} />}
          </SettingsSection>
        )}
      </PageData>
    </>
  )
}

function countryName(country: Country, locale: string): string {
  return new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country
}

function ProfileValues({ profile }: { profile: BusinessProfile }) {
  const { t, i18n } = useLingui()
  const { address } = profile
  return (
    <ValueList
      items={[
        { id: 'legal', label: t`Legal name`, value: profile.legalName },
        { id: 'display', label: t`Display name`, value: profile.displayName },
        { id: 'contact', label: t`Contact name`, value: profile.contactName },
        { id: 'email', label: t`Support email`, value: profile.supportEmail },
        { id: 'phone', label: t`Support phone`, value: profile.supportPhone },
        {
          id: 'website',
          label: t`Website`,
          value: profile.website ? (
            <Anchor href={profile.website} target="_blank" rel="noreferrer" inherit>
              {profile.website}
            </Anchor>
          ) : (
            <NotSet>
              <Trans>No website</Trans>
            </NotSet>
          ),
        },
        {
          id: 'address',
          label: t`Business address`,
          value: (
            <Text component="span" inherit style={{ whiteSpace: 'pre-line' }}>
              {[
                address.line1,
                address.line2,
                `${address.city}, ${address.region} ${address.postalCode}`,
                countryName(address.country, i18n.locale),
              ]
                .filter(Boolean)
                .join('\n')}
            </Text>
          ),
        },
        { id: 'zone', label: t`Time zone`, value: timeZoneLabel(profile.timeZone, i18n.locale) },
      ]}
    />
  )
}

function ProfileForm({ profile }: { profile: BusinessProfile }) {
  const { t, i18n } = useLingui()
  const { api } = useServices()
  const { merchant } = useSettingsContext()
  const queryClient = useQueryClient()
  const router = useRouter()
  const schema = useMemo(() => profileSchema(i18n), [i18n])

  const form = useSettingsForm({
    initial: profileValues(profile),
    schema,
    save: (body) => saveBusinessProfile(api, merchant.id, body),
    valuesOf: profileValues,
    onSaved: (saved) => {
      queryClient.setQueryData(settingsKeys.businessProfile(merchant.id), saved)
      if (saved.timeZone !== merchant.timeZone) {
        // The merchant's time zone changed: every date in the portal follows it.
        void queryClient
          // The merchant query has no observer of its own (the guard reads it), so refetch it regardless.
          .invalidateQueries({
            queryKey: merchantQueryOptions(api, merchant.id).queryKey,
            refetchType: 'all',
          })
          .then(() => router.invalidate())
      }
    },
    successMessage: () => t`Your business profile was saved.`,
  })

  const zones = useMemo(() => {
    const ids: string[] = [...TIME_ZONES]
    if (!ids.includes(form.saved.timeZone)) ids.unshift(form.saved.timeZone)
    return ids.map((id) => ({ value: id, label: timeZoneLabel(id, i18n.locale) }))
  }, [form.saved.timeZone, i18n.locale])

  const us = form.values.country === 'US'

  return (
    <SettingsForm
      form={form}
      label={t`Business profile`}
      draft={{ key: 'settings:profile', schema: profileDraftShape }}
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t`Legal name`}
            description={t`As registered, for contracts and tax forms`}
            autoComplete="organization"
            required
            {...form.field('legalName')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t`Display name`}
            description={t`What customers see at checkout and on statements`}
            required
            {...form.field('displayName')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t`Contact name`} autoComplete="name" required {...form.field('contactName')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t`Support email`}
            type="email"
            autoComplete="email"
            required
            {...form.field('supportEmail')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t`Support phone`}
            type="tel"
            autoComplete="tel"
            required
            {...form.field('supportPhone')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t`Website`}
            type="url"
            autoComplete="url"
            placeholder="https://"
            {...form.field('website')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            label={t`Street address`}
            autoComplete="address-line1"
            required
            {...form.field('line1')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput label={t`Suite, unit or floor`} autoComplete="address-line2" {...form.field('line2')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t`City`} autoComplete="address-level2" required {...form.field('city')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={us ? t`State` : t`Province`}
            autoComplete="address-level1"
            required
            {...form.field('region')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={us ? t`ZIP code` : t`Postal code`}
            autoComplete="postal-code"
            required
            {...form.field('postalCode')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label={t`Country`}
            autoComplete="country"
            data={COUNTRIES.map((country) => ({
              value: country,
              label: countryName(country, i18n.locale),
            }))}
            value={form.values.country}
            onChange={(value) => {
              if (value === 'US' || value === 'CA') form.set('country', value)
            }}
            allowDeselect={false}
            required
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Select
            label={t`Time zone`}
            description={t`Dates in reports and in the portal are shown in this time zone`}
            data={zones}
            value={form.values.timeZone}
            onChange={(value) => {
              if (value) form.set('timeZone', value)
            }}
            onBlur={() => form.touch('timeZone')}
            error={form.errorOf('timeZone')}
            allowDeselect={false}
            searchable
            required
          />
        </Grid.Col>
      </Grid>
    </SettingsForm>
  )
}
