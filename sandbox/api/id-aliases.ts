import { createHash } from 'node:crypto'
import type { Store } from '../store'
import type { PlatformSwitch } from './newer-platform'

/*
 * The spec and the tokens treat merchant and program ids as opaque text; the sandbox's own are UUIDs,
 * which a portal could come to rely on. In the spec-minimal mode the portal sees every merchant and
 * program through a fixed alias instead (`mer_7Qk2Xw9bRt:Ae3f`, `prg_…`), and the sandbox resolves
 * the aliases in what the portal sends before its routes see it. An alias holds a colon, which a
 * path carries escaped (`%3A`), so the recorded requests show that the portal escapes the ids it puts
 * in paths. The zero merchant id keeps its all-zeros form: the spec names it.
 */

export type AliasedKind = 'merchant' | 'program'

const PREFIXES: Readonly<Record<AliasedKind, string>> = { merchant: 'mer', program: 'prg' }
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g
const ALIAS = /(?:mer|prg)_[0-9A-Za-z]{10}:[0-9A-Za-z]{4}/g

/** The alias a merchant's or program's id has in the spec-minimal mode: the same in every run. */
export function aliasOf(kind: AliasedKind, id: string): string {
  const digest = createHash('sha256').update(`${kind} ${id}`).digest()
  const text = [...digest.subarray(0, 14)].map((byte) => ALPHABET.charAt(byte % ALPHABET.length)).join('')
  return `${PREFIXES[kind]}_${text.slice(0, 10)}:${text.slice(10)}`
}

interface AliasTable {
  store: Store
  aliases: Map<string, string>
  ids: Map<string, string>
}

/** Merchant and program ids as the portal sees them (aliased or not) and as the platform's routes take them. */
export class WireIds {
  #table: AliasTable | undefined

  constructor(
    private readonly store: () => Store,
    private readonly platform: PlatformSwitch,
  ) {}

  /** `text` with every merchant and program id in it aliased, while the mode is spec-minimal. */
  toWire(text: string): string {
    if (this.platform.mode !== 'spec-minimal') return text
    const { aliases } = this.#current()
    return text.replace(UUID, (id) => aliases.get(id) ?? id)
  }

  /**
   * `text` with every alias in it resolved to the id it stands for. In every mode: a token handed out
   * before the mode was switched keeps working.
   */
  toPlatform(text: string): string {
    const { ids } = this.#current()
    return text.replace(ALIAS, (alias) => ids.get(alias) ?? alias)
  }

  /**
   * What the portal sent in the spec-minimal mode, as the platform's routes take it: aliases resolved,
   * and a merchant or program id in its UUID form made into one no route knows, as it is to a
   * platform that hands out aliases only (a portal that assumed the form would be caught).
   */
  fromWire(text: string): string {
    const { aliases } = this.#current()
    const hidden = text.replace(UUID, (id) => (aliases.has(id) ? `unknown:${id}` : id))
    return this.toPlatform(hidden)
  }

  // Built again after a reset (a new store); the ids are seeded, so the aliases stay the same.
  #current(): AliasTable {
    const store = this.store()
    if (this.#table?.store === store) return this.#table
    const aliases = new Map<string, string>()
    for (const merchant of store.merchants) aliases.set(merchant.id, aliasOf('merchant', merchant.id))
    for (const id of store.programs.programs.keys()) aliases.set(id, aliasOf('program', id))
    const ids = new Map([...aliases].map(([id, alias]) => [alias, id]))
    this.#table = { store, aliases, ids }
    return this.#table
  }
}
