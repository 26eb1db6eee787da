import { createHash } from 'node:crypto'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Db } from '../db/client.ts'
import type { SecretBox } from '../secrets/secret-box.ts'
import { bindTo, sealedColumn } from '../secrets/sealed-column.ts'
import { isRecordNotFound } from '../db/client.ts'

export const OAUTH_PAYLOAD = sealedColumn('SvcOAuthRecord', 'payload', 'key')

/** The stored key of a record: a hash, so a database read yields no usable token, code or session. */
export const recordKey = (model: string, id: string): string => createHash('sha256').update(`${model}\0${id}`).digest('base64url')

/**
 * How long a registered client lives unless someone grants it access: registrations nobody
 * consented to are pruned (retention rule `oauth_expired`) instead of piling up.
 */
export const UNGRANTED_CLIENT_TTL_SECONDS = 24 * 60 * 60

/** The lifetime a record gets: oidc-provider's, or the unclaimed-client limit for a new registration. */
const lifetimeOf = (model: string, expiresIn: number | undefined): number | undefined =>
  model === 'Client' ? UNGRANTED_CLIENT_TTL_SECONDS : expiresIn

export type OAuthStore = { db: Db, secrets: SecretBox, now: () => Date }

type Row = { key: string, payload: string, expiresAt: Date | null, consumedAt: Date | null }

/** A stored row's payload as oidc-provider wrote it, or undefined once expired. */
export function opened ({ secrets, now }: OAuthStore, row: Row | null): AdapterPayload | undefined {
  if (!row) return undefined
  if (row.expiresAt && row.expiresAt <= now()) return undefined
  const payload = JSON.parse(secrets.open(row.payload, bindTo(OAUTH_PAYLOAD, row.key))) as AdapterPayload
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload
}

/** oidc-provider's storage, one model (`AccessToken`, `Grant`, `Client`…) per instance, in `svc_oauth_records`. */
export class DatabaseAdapter implements Adapter {
  readonly #model: string
  readonly #store: OAuthStore

  constructor (model: string, store: OAuthStore) {
    this.#model = model
    this.#store = store
  }

  async upsert (id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const { db, secrets, now } = this.#store
    const key = recordKey(this.#model, id)
    const at = now()
    const columns = {
      payload: secrets.seal(JSON.stringify(payload), bindTo(OAUTH_PAYLOAD, key)),
      // A grant row carries its own id, so one statement finds a grant and everything issued under it.
      grantId: this.#model === 'Grant' ? id : payload.grantId ?? null,
      uid: payload.uid ?? null,
      userCode: payload.userCode ?? null,
      // A session's account too, so ending an account's sessions ends the authorization server's.
      accountId: this.#model === 'Grant' || this.#model === 'Session' ? payload.accountId ?? null : null,
      clientId: this.#model === 'Grant' ? payload.clientId ?? null : null,
    }
    const lifetime = lifetimeOf(this.#model, expiresIn)
    const expiresAt = lifetime ? new Date(at.getTime() + lifetime * 1000) : null
    // A client's row keeps the expiry it was created with (or none, once granted) when rewritten.
    const update = this.#model === 'Client' ? columns : { ...columns, expiresAt }
    await db.svcOAuthRecord.upsert({ where: { key }, create: { key, model: this.#model, createdAt: at, ...columns, expiresAt }, update })
    if (this.#model === 'Grant' && typeof payload.clientId === 'string') await keepClient(db, payload.clientId)
  }

  async find (id: string): Promise<AdapterPayload | undefined> {
    return opened(this.#store, await this.#store.db.svcOAuthRecord.findUnique({ where: { key: recordKey(this.#model, id) } }))
  }

  async findByUid (uid: string): Promise<AdapterPayload | undefined> {
    return opened(this.#store, await this.#store.db.svcOAuthRecord.findFirst({ where: { model: this.#model, uid } }))
  }

  async findByUserCode (userCode: string): Promise<AdapterPayload | undefined> {
    return opened(this.#store, await this.#store.db.svcOAuthRecord.findFirst({ where: { model: this.#model, userCode } }))
  }

  /**
   * Marks a code or refresh token used, once: of two concurrent exchanges of the same one, the
   * second finds it consumed and is refused, so it cannot rotate a second pair of tokens.
   */
  async consume (id: string): Promise<void> {
    const { db, now } = this.#store
    const consumed = await db.svcOAuthRecord.updateMany({ where: { key: recordKey(this.#model, id), consumedAt: null }, data: { consumedAt: now() } })
    if (consumed.count === 0) {
      // Imported here, not at the top: oidc-provider loads only once OAuth is used (server.ts), and by now it is.
      const { errors } = await import('oidc-provider')
      throw new errors.InvalidGrant('this code or refresh token was already used')
    }
  }

  async destroy (id: string): Promise<void> {
    try {
      await this.#store.db.svcOAuthRecord.delete({ where: { key: recordKey(this.#model, id) } })
    } catch (error) {
      if (!isRecordNotFound(error)) throw error
    }
  }

  /** Called by the provider for every model; one statement removes the grant and all its tokens. */
  async revokeByGrantId (grantId: string): Promise<void> {
    await revokeGrant(this.#store.db, grantId)
  }
}

/** A client someone granted access no longer expires unclaimed; it lives until deleted. */
async function keepClient (db: Db, clientId: string): Promise<void> {
  await db.svcOAuthRecord.updateMany({ where: { key: recordKey('Client', clientId), expiresAt: { not: null } }, data: { expiresAt: null } })
}

/** Removes a grant and every code and token issued under it, so they stop working at once. */
export async function revokeGrant (db: Db, grantId: string): Promise<void> {
  await db.svcOAuthRecord.deleteMany({ where: { grantId } })
}
