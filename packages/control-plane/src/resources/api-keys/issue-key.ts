import type { Db, Tx } from '../../platform/db/client.ts'
import { mintKey } from '../../platform/auth/api-key-format.ts'
import { serializeScopes, type ScopeGrant } from '../../platform/auth/scopes.ts'
import type { ApprovalMode } from '../../platform/auth/identity.ts'
import { conflict, unauthenticated } from '../../platform/errors/errors.ts'
import { API_KEY_ROW_FIELDS, toApiKeyRecord } from './shape.ts'

export const DAY_MS = 24 * 60 * 60 * 1000

export type IssueKeyInput = {
  /** The owner's id as the accounts table holds it. */
  accountId: string
  label: string
  expiresAt: Date | null
  grant?: ScopeGrant | undefined
  approval?: ApprovalMode | undefined
  /** The product version the key's calls pin, already checked (`assertPinnable`). */
  pinnedVersion?: string | null | undefined
  /** The key minting this one, with how many live children it may have. */
  parent?: { publicId: string, maxChildren: number } | null | undefined
}

/** The parent row, locked against a concurrent revocation, or a refusal when it is no longer active. */
async function lockActiveParent (tx: Tx, publicId: string, maxChildren: number, now: Date): Promise<void> {
  const live = { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }
  // A write that changes nothing still takes the row lock (PostgreSQL) or the write lock (SQLite):
  // a revocation either committed before it, and the parent reads inactive here, or waits for the
  // child to commit and then revokes it with the rest of the lineage.
  const locked = await tx.svcApiKey.updateMany({ where: { publicId, ...live }, data: { publicId } })
  if (locked.count === 0) throw unauthenticated('this API key was revoked or has expired')
  const children = await tx.svcApiKey.count({ where: { parent: { publicId }, ...live } })
  if (children >= maxChildren) {
    throw conflict(`this key already has ${children} live keys minted with it (at most ${maxChildren}); revoke one first`, { max_children: maxChildren })
  }
}

/** Runs `work` in `db`'s transaction, or in a new one when `db` is the client. */
const inTransaction = <T>(db: Db | Tx, work: (tx: Tx) => Promise<T>): Promise<T> =>
  '$transaction' in db ? (db as Db).$transaction(work) : work(db)

/** Creates a key, in the caller's transaction when given one; `now` starts its lifetime. The plaintext exists only in the return value. */
export async function issueApiKey (db: Db | Tx, input: IssueKeyInput, now: Date) {
  const minted = mintKey()
  const grant = input.grant ?? { scopes: null, readOnly: false }
  const data = {
    publicId: minted.publicId,
    secretDigest: minted.secretDigest,
    label: input.label,
    owner: { connect: { id: input.accountId } },
    expiresAt: input.expiresAt,
    scopes: serializeScopes(grant.scopes),
    readOnly: grant.readOnly,
    approval: input.approval ?? 'none',
    pinnedVersion: input.pinnedVersion ?? null,
  }
  const parent = input.parent
  const row = parent
    ? await inTransaction(db, async tx => {
      await lockActiveParent(tx, parent.publicId, parent.maxChildren, now)
      return tx.svcApiKey.create({ data: { ...data, parent: { connect: { publicId: parent.publicId } } }, select: API_KEY_ROW_FIELDS })
    })
    : await db.svcApiKey.create({ data, select: API_KEY_ROW_FIELDS })
  return { ...toApiKeyRecord(row, now), key: minted.plaintext }
}
