import '../../ui/mantine-later.css'
import '@mantine/spotlight/styles.css'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Modal, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { createSpotlight, Spotlight, useSpotlight } from '@mantine/spotlight'
import { IconFileSearch, IconReceipt, IconSearch } from '@tabler/icons-react'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { type ComponentType, type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react'
import { TRANSACTION_ID_PATTERN } from '../../../contract/transactions'
import type { FileRouteTypes } from '../../../routes.gen'
import type { TransactionSearchInput } from '../../features/transactions/search'
import { type Destination as PageDestination, useDestinations } from '../../navigation/destinations'

const authed = getRouteApi('/_authed/_merchant')

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>

type Destination =
  | { kind: 'page'; to: FileRouteTypes['to'] }
  | { kind: 'transactions'; search: TransactionSearchInput }

interface PaletteEntry {
  key: string
  label: string
  description?: string
  icon: Icon
  /** Words that find the entry besides its label (never shown). */
  keywords?: string
  destination: Destination
}

/** The start of a transaction id (`TX-7K2`): the list finds ids containing it. */
const PARTIAL_TRANSACTION_ID = /^TX-[0-9A-Z]{1,7}$/
/** What an order id looks like: letters, digits and dashes with a digit among them (`AO-1049213`). */
const ORDER_ID = /^(?=.*\d)[\p{L}\p{N}][\p{L}\p{N}_/#-]{2,63}$/u

function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/** The pages these facts open, as the route tree declares them: an area's pages described by its name. */
function pageEntries(pages: readonly PageDestination[], i18n: I18n): PaletteEntry[] {
  return pages.map((page) => {
    const area = page.area ? i18n._(page.area.label) : undefined
    const keywords = [area, page.keywords && i18n._(page.keywords)].filter(Boolean).join(' ')
    return {
      key: page.to,
      label: i18n._(page.label),
      description: area,
      icon: page.icon ?? page.area?.icon ?? IconFileSearch,
      keywords: keywords || undefined,
      destination: { kind: 'page', to: page.to },
    }
  })
}

/** What the query could be besides a page name: a transaction id, part of one, or an order id. */
function lookupEntries(query: string, transactions: boolean, i18n: I18n): PaletteEntry[] {
  const term = query.trim()
  if (term === '' || !transactions) return []
  const id = term.toUpperCase()
  if (TRANSACTION_ID_PATTERN.test(id)) {
    return [
      {
        key: 'transaction',
        label: i18n._(msg`Open transaction ${id}`),
        description: i18n._(msg`Shows the transaction's details`),
        icon: IconReceipt,
        destination: { kind: 'transactions', search: { search: id, tx: id } },
      },
    ]
  }
  if (PARTIAL_TRANSACTION_ID.test(id)) {
    return [
      {
        key: 'transaction-search',
        label: i18n._(msg`Find transaction IDs containing ${id}`),
        icon: IconFileSearch,
        destination: { kind: 'transactions', search: { search: id } },
      },
    ]
  }
  if (ORDER_ID.test(term)) {
    return [
      {
        key: 'order',
        label: i18n._(msg`Find order ${term}`),
        description: i18n._(msg`Lists the transactions with this order ID`),
        icon: IconFileSearch,
        destination: { kind: 'transactions', search: { searchType: 'Order', search: term } },
      },
    ]
  }
  return []
}

function matches(entry: PaletteEntry, words: readonly string[]): boolean {
  const haystack = normalize(`${entry.label} ${entry.keywords ?? ''}`)
  return words.every((word) => haystack.includes(word))
}

interface CommandPaletteDialogProps {
  opened: boolean
  onClose(): void
}

/**
 * The palette itself: a search field over a list box of destinations, driven from the keyboard
 * (arrows choose, Enter goes, Escape closes) and announced as a combo box with its active option.
 */
export default function CommandPaletteDialog({ opened, onClose }: CommandPaletteDialogProps) {
  const { t, i18n } = useLingui()
  const access = authed.useRouteContext({ select: (context) => context.access })
  const navigate = useNavigate()
  const [[store, palette]] = useState(createSpotlight)
  const { selected } = useSpotlight(store)
  const [query, setQuery] = useState('')
  const listboxId = useId()

  useEffect(() => {
    if (opened) palette.open()
    else palette.close()
  }, [opened, palette])

  const destinations = useDestinations(access)
  const pages = useMemo(() => pageEntries(destinations, i18n), [destinations, i18n])
  // Transaction and order ids lead to the transactions page, so only for those who may open it.
  const transactions = destinations.some((page) => page.to === '/transactions')
  const entries = useMemo(() => {
    const words = normalize(query).split(/\s+/).filter(Boolean)
    return [...lookupEntries(query, transactions, i18n), ...pages.filter((entry) => matches(entry, words))]
  }, [query, transactions, i18n, pages])
  // Nothing chosen yet (just opened) means the first entry: Enter goes there at once.
  const active = selected >= 0 && selected < entries.length ? selected : 0
  const optionId = (index: number) => `${listboxId}-option-${index}`

  function go(entry: PaletteEntry) {
    palette.close()
    if (entry.destination.kind === 'transactions') {
      void navigate({ to: '/transactions', search: entry.destination.search })
    } else {
      void navigate({ to: entry.destination.to })
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Spotlight moves from its own selection, which is none until the first arrow; start from the
    // entry shown as active so the first Down goes to the second entry.
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && store.getState().selected < 0) {
      store.updateState((state) => ({ ...state, selected: active }))
    }
  }

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      onSpotlightClose={onClose}
      scrollable
      maxHeight={440}
      // Opens at once, so the search field has the focus before the first key typed after Ctrl+K.
      transitionProps={{ duration: 0 }}
    >
      <VisuallyHidden>
        <Modal.Title>
          <Trans>Go to a page or transaction</Trans>
        </Modal.Title>
      </VisuallyHidden>
      <Spotlight.Search
        role="combobox"
        aria-label={t`Page, transaction ID or order ID`}
        aria-autocomplete="list"
        aria-expanded={entries.length > 0}
        aria-controls={entries.length > 0 ? listboxId : undefined}
        aria-activedescendant={entries.length > 0 ? optionId(active) : undefined}
        placeholder={t`Go to a page, or type a transaction or order ID`}
        leftSection={<IconSearch size={20} aria-hidden="true" />}
        onKeyDown={onKeyDown}
        data-autofocus
      />
      <Spotlight.ActionsList>
        {entries.length > 0 ? (
          <Box role="listbox" id={listboxId} aria-label={t`Destinations`}>
            {entries.map((entry, index) => {
              const EntryIcon = entry.icon
              return (
                <UnstyledButton
                  key={entry.key}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  data-action
                  data-selected={index === active || undefined}
                  tabIndex={-1}
                  className={Spotlight.classes.action}
                  // The focus stays in the search field.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => go(entry)}
                >
                  <Box
                    component="span"
                    className={Spotlight.classes.actionSection}
                    mod={{ position: 'left', dimmed: true }}
                  >
                    <EntryIcon size={20} aria-hidden />
                  </Box>
                  <span className={Spotlight.classes.actionBody}>
                    <span className={Spotlight.classes.actionLabel}>{entry.label}</span>
                    {entry.description ? (
                      <span className={Spotlight.classes.actionDescription}>{entry.description}</span>
                    ) : null}
                  </span>
                </UnstyledButton>
              )
            })}
          </Box>
        ) : (
          <Spotlight.Empty>
            <Trans>No page matches. Type a whole transaction ID (TX-…) or an order ID to look it up.</Trans>
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Text size="xs" c="dimmed">
          <Trans>↑ ↓ to choose, Enter to go, Esc to close. Transaction and order IDs work too.</Trans>
        </Text>
      </Spotlight.Footer>
    </Spotlight.Root>
  )
}
