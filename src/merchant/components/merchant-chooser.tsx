import '../../ui/mantine-later.css'
import { useLingui } from '@lingui/react/macro'
import { Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconBuildingStore } from '@tabler/icons-react'
import { useQueries, useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { Merchant } from '../../api/schemas/merchants'
import { useServices } from '../../services/services-context'
import { merchantQueryOptions, merchantSearchQueryOptions } from '../merchant-queries'
import { useSwitchMerchant } from '../use-switch-merchant'

interface MerchantChooserProps {
  current: Merchant | null
  /** Wider, for the page that asks a user to choose before anything else. */
  prominent?: boolean
}

/** Searchable merchant picker for users without an assigned merchant; recent merchants come first. */
export function MerchantChooser({ current, prominent = false }: MerchantChooserProps) {
  const { api, storage } = useServices()
  const { t } = useLingui()
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search, 250)
  // The header chooser remembers whether it was open; the full-page one always starts closed.
  const [opened, setOpened] = useState(() => !prominent && (storage.get('merchantChooserOpen') ?? false))
  const [switching, setSwitching] = useState(false)
  const [failed, setFailed] = useState(false)
  const switchMerchant = useSwitchMerchant(current?.id ?? null)

  const recentIds = storage.get('previousMerchants') ?? []
  const recent = useQueries({
    queries: recentIds.map((id) => ({ ...merchantQueryOptions(api, id), retry: false })),
  })
    .map((result) => result.data)
    .filter((merchant): merchant is Merchant => merchant !== undefined)

  // While the field shows a name a choice put there (the current merchant's, the one being opened, or
  // the previous one's until the debounce catches up), it lists everyone rather than search for it.
  const chosenNames = useRef(new Set<string>())
  if (current) chosenNames.current.add(current.name)
  const term = chosenNames.current.has(debounced) ? '' : debounced
  const results = useQuery(merchantSearchQueryOptions(api, term))
  // The current merchant is always an option, so the field can show its name whatever the search.
  const first = current && !recent.some((m) => m.id === current.id) ? [current, ...recent] : recent
  const firstIds = new Set(first.map((m) => m.id))
  const found = results.data?.items ?? []
  const option = (m: Merchant) => ({ value: m.id, label: m.name })
  const data = term
    ? [
        {
          group: t`Matching merchants`,
          items: [
            ...first.filter((m) => m.id === current?.id),
            ...found.filter((m) => m.id !== current?.id),
          ].map(option),
        },
      ]
    : [
        ...(first.length > 0 ? [{ group: t`Recent`, items: first.map(option) }] : []),
        { group: t`All merchants`, items: found.filter((m) => !firstIds.has(m.id)).map(option) },
      ]

  function setOpen(open: boolean) {
    setOpened(open)
    if (!prominent) storage.set('merchantChooserOpen', open)
  }

  return (
    <Select
      aria-label={t`Merchant`}
      placeholder={t`Choose a merchant`}
      searchable
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={data}
      value={current?.id ?? null}
      allowDeselect={false}
      nothingFoundMessage={results.isFetching ? t`Searching…` : t`No merchant matches`}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      leftSection={<IconBuildingStore size={16} aria-hidden="true" />}
      w={prominent ? '100%' : { base: 160, sm: 240 }}
      disabled={switching}
      error={failed ? t`That merchant could not be opened. Try again.` : undefined}
      onChange={async (merchantId) => {
        if (!merchantId) return
        const chosen = [...first, ...found].find((m) => m.id === merchantId)
        if (chosen) chosenNames.current.add(chosen.name)
        setSwitching(true)
        setFailed(false)
        try {
          await switchMerchant(merchantId)
        } catch {
          setFailed(true)
        } finally {
          setSwitching(false)
        }
      }}
    />
  )
}
