import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Code, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useMemo } from 'react'
import type { VerificationCode } from '../../../api/schemas/settings'
import { useServices } from '../../../services/services-context'
import { TableScrollContainer } from '../../../ui/list/table-scroll-container'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import { CopyValue } from '../components/copy-value'
import { SettingsSection } from '../components/settings-section'
import { NotSet } from '../components/value-list'
import { useSettingsContext } from '../use-settings-context'
import { CODES_PAGE_SIZE, matchesSearch, verificationCodesQueryOptions } from './verification-codes-api'

const route = getRouteApi('/_authed/_merchant/_settings/location-verification-codes')

export function VerificationCodesPage() {
  const { merchant } = useSettingsContext()
  const { api } = useServices()
  const codesQuery = useQuery(verificationCodesQueryOptions(api, merchant.id))

  return (
    <>
      <PageHeader
        title={<Trans>Location verification codes</Trans>}
        description={
          <Trans>Store staff enter a location's code to prove that an in-store purchase happens there.</Trans>
        }
      />
      <PageData query={codesQuery}>{(codes) => <CodesByLocation codes={codes} />}</PageData>
    </>
  )
}

function CodesByLocation({ codes }: { codes: readonly VerificationCode[] }) {
  const { t } = useLingui()
  const { q = '', page } = route.useSearch()
  const navigate = route.useNavigate()

  const matching = useMemo(() => codes.filter((code) => matchesSearch(code, q)), [codes, q])
  const pageCount = Math.max(1, Math.ceil(matching.length / CODES_PAGE_SIZE))
  const current = Math.min(page, pageCount)
  const shown = matching.slice((current - 1) * CODES_PAGE_SIZE, current * CODES_PAGE_SIZE)
  const total = codes.length
  const found = matching.length

  return (
    <SettingsSection
      titleId="codes"
      title={<Trans>Codes by location</Trans>}
      description={t`${plural(total, { one: '# open location', other: '# open locations' })}; closed locations have no code.`}
    >
      <Stack gap="md">
        <TextInput
          label={t`Search locations`}
          placeholder={t`Store number, name, city or code`}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={q}
          onChange={(event) => {
            const value = event.currentTarget.value
            void navigate({ search: { q: value || undefined, page: undefined }, replace: true })
          }}
          maw={420}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {q ? t`${plural(found, { one: '# location matches', other: '# locations match' })}.` : null}
        </Text>
        {shown.length === 0 ? (
          <NotSet>
            <Trans>No location matches “{q}”.</Trans>
          </NotSet>
        ) : (
          <>
            <Box visibleFrom="sm">
              <TableScrollContainer
                minWidth={520}
                tabIndex={0}
                role="region"
                aria-label={t`Codes by location`}
              >
                <Table striped highlightOnHover verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">
                        <Trans>Store</Trans>
                      </Table.Th>
                      <Table.Th scope="col">
                        <Trans>Location</Trans>
                      </Table.Th>
                      <Table.Th scope="col">
                        <Trans>City</Trans>
                      </Table.Th>
                      <Table.Th scope="col">
                        <Trans>Code</Trans>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((code) => (
                      <Table.Tr key={code.locationID}>
                        <Table.Td>{code.storeNumber}</Table.Td>
                        <Table.Td>{code.locationName}</Table.Td>
                        <Table.Td>
                          {code.city}, {code.region}
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Code fz="sm">{code.code}</Code>
                            <CopyValue value={code.code} label={t`Copy the code of ${code.locationName}`} />
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScrollContainer>
            </Box>
            <Stack
              gap={0}
              hiddenFrom="sm"
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={t`Codes by location`}
            >
              {shown.map((code) => (
                <Group
                  key={code.locationID}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  py="xs"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                >
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {code.storeNumber} · {code.locationName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {code.city}, {code.region}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Code fz="sm">{code.code}</Code>
                    <CopyValue value={code.code} label={t`Copy the code of ${code.locationName}`} />
                  </Group>
                </Group>
              ))}
            </Stack>
          </>
        )}
        {pageCount > 1 ? (
          <Pagination
            total={pageCount}
            value={current}
            onChange={(next) =>
              void navigate({ search: (prev) => ({ ...prev, page: next === 1 ? undefined : next }) })
            }
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? t`Previous page` : t`Next page`,
            })}
            getItemProps={(item) => ({ 'aria-label': t`Page ${item}` })}
            siblings={1}
            size="sm"
          />
        ) : null}
      </Stack>
    </SettingsSection>
  )
}
