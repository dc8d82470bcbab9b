/**
 * Storage for oidc-provider's sessions, codes, grants and tokens, one per sandbox, in memory like the
 * rest of the sandbox. The library's quick-start adapter would do as well, but it prints a production
 * warning on every start, which buries the sandbox's own output and the test reports.
 */
type Payload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string }

interface Entry {
  payload: Payload
  expiresAt: number
}

/** Models whose records die with their grant (refresh-token reuse, logout, revocation). */
const GRANT_BOUND = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode'])

export class MemoryStorage {
  readonly records = new Map<string, Entry>()
  readonly byUid = new Map<string, string>()
  readonly byUserCode = new Map<string, string>()
  readonly byGrant = new Map<string, Set<string>>()
}

export class MemoryAdapter {
  constructor(
    private readonly model: string,
    private readonly storage: MemoryStorage,
  ) {}

  private key(id: string): string {
    return `${this.model}:${id}`
  }

  private read(key: string): Payload | undefined {
    const entry = this.storage.records.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= Date.now()) {
      this.storage.records.delete(key)
      return undefined
    }
    return entry.payload
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const key = this.key(id)
    const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY
    this.storage.records.set(key, { payload, expiresAt })
    if (this.model === 'Session' && payload.uid) this.storage.byUid.set(payload.uid, id)
    if (payload.userCode) this.storage.byUserCode.set(payload.userCode, id)
    if (GRANT_BOUND.has(this.model) && payload.grantId) {
      const members = this.storage.byGrant.get(payload.grantId) ?? new Set()
      members.add(key)
      this.storage.byGrant.set(payload.grantId, members)
    }
  }

  async find(id: string): Promise<Payload | undefined> {
    return this.read(this.key(id))
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    const id = this.storage.byUid.get(uid)
    return id === undefined ? undefined : this.find(id)
  }

  async findByUserCode(userCode: string): Promise<Payload | undefined> {
    const id = this.storage.byUserCode.get(userCode)
    return id === undefined ? undefined : this.find(id)
  }

  async consume(id: string): Promise<void> {
    const payload = this.read(this.key(id))
    if (payload) payload.consumed = Math.floor(Date.now() / 1000)
  }

  async destroy(id: string): Promise<void> {
    this.storage.records.delete(this.key(id))
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const key of this.storage.byGrant.get(grantId) ?? []) this.storage.records.delete(key)
    this.storage.byGrant.delete(grantId)
  }
}
