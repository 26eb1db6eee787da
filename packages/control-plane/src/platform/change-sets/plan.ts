import { randomBytes } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { isUniqueViolation } from '../db/client.ts'
import type { SecretBox } from '../secrets/secret-box.ts'
import { bindTo, sealedColumn } from '../secrets/sealed-column.ts'
import { canonicalJson } from '../lib/canonical-json.ts'
import { sha256Hex } from '../lib/sha256.ts'
import { planStale } from '../errors/errors.ts'
import type { ChangeSet } from './change.ts'
import { currentImage, delegateOf, idValue } from './undo.ts'

/** How long a plan can be applied after its preview. */
const PLAN_LIFETIME_MS = 10 * 60 * 1000

/** Plans are sealed like stored secrets, bound to this pseudo-column and the operation's name, so a plan of one operation opens for no other. */
const PLAN_TOKEN = sealedColumn('plan', 'token', 'operation')

/** The idempotency claims' caller under which applied plans are kept until they expire: a plan applies once. */
const APPLIED_PLANS = 'plan'

/** A row the preview would update or delete, a digest of it as it was then, and the relations its image held. */
type RowFingerprint = { entity: string, id: string | number, digest: string, relations: string[] }

/** What a plan binds: who may apply it, to which call, the rows it saw, until when; `nonce` makes it one of a kind. */
type PlanClaims = { credential: string, operation: string, params: string, rows: RowFingerprint[], expires: number, nonce: string }

/** The call a plan is made for or applied to. */
export type PlannedCall = { credential: string, operation: string, params: unknown }

const digestOf = (value: unknown): string => sha256Hex(canonicalJson(value ?? null))

/** A plan for what a preview showed: sealed, for the caller to send back as `plan` within ten minutes. */
export function sealPlan (secrets: SecretBox, call: PlannedCall, changeSet: ChangeSet | null, now: Date): { plan: string, expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + PLAN_LIFETIME_MS)
  // A row as it was before the call: its first change's before image. A later change of the same
  // row starts from what the call itself wrote, and a row the call created had no before at all.
  const seen = new Set<string>()
  const firstChanges = (changeSet?.changes ?? []).filter(({ entity, id }) => !seen.has(`${entity}:${id}`) && Boolean(seen.add(`${entity}:${id}`)))
  const rows = firstChanges.flatMap(({ entity, id, before }) => before
    ? [{ entity, id, digest: digestOf(before), relations: Object.keys(before).filter(field => Array.isArray(before[field])) }]
    : [])
  const claims: PlanClaims = { credential: call.credential, operation: call.operation, params: digestOf(call.params), rows, expires: expiresAt.getTime(), nonce: randomBytes(12).toString('base64url') }
  return { plan: secrets.seal(JSON.stringify(claims), bindTo(PLAN_TOKEN, call.operation)), expiresAt }
}

function openPlan (secrets: SecretBox, token: string, operation: string): PlanClaims {
  try {
    return JSON.parse(secrets.open(token, bindTo(PLAN_TOKEN, operation))) as PlanClaims
  } catch {
    throw planStale('the plan is not one this site made for this operation', [])
  }
}

/** The rows the plan saw that are not as they were: changed, or gone. */
async function movedRows (db: Db, rows: readonly RowFingerprint[]): Promise<Array<{ entity: string, id: string | number }>> {
  const moved: Array<{ entity: string, id: string | number }> = []
  for (const row of rows) {
    const delegate = delegateOf(db, row.entity)
    const now = delegate ? await currentImage(delegate, idValue(delegate, row.id), Object.fromEntries(row.relations.map(relation => [relation, []]))) : null
    if (!now || digestOf(now) !== row.digest) moved.push({ entity: row.entity, id: row.id })
  }
  return moved
}

const applied = () => planStale('the plan was applied already', [])

/**
 * Lets the call run only as its plan previewed it: the same caller, operation and params, within
 * ten minutes, every row it would change as it was, and the plan not applied before. Otherwise
 * 409 `plan_stale`, before anything is written.
 */
export async function assertPlanHolds (db: Db, secrets: SecretBox, token: string, call: PlannedCall, now: Date): Promise<void> {
  const claims = openPlan(secrets, token, call.operation)
  if (claims.credential !== call.credential) throw planStale('the plan was made for another credential', [])
  if (claims.params !== digestOf(call.params)) throw planStale('the plan was made for other params', [])
  if (claims.expires <= now.getTime()) throw planStale('the plan expired: preview again', [])
  if (await db.svcIdempotencyKey.findUnique({ where: { caller_key: { caller: APPLIED_PLANS, key: claims.nonce } }, select: { id: true } })) throw applied()
  const moved = await movedRows(db, claims.rows)
  if (moved.length > 0) throw planStale(`${moved.length} row(s) the plan previewed changed since: preview again`, moved)
  try {
    await db.svcIdempotencyKey.create({ data: { caller: APPLIED_PLANS, key: claims.nonce, fingerprint: claims.params, claimedAt: now, expiresAt: new Date(claims.expires), status: 0 }, select: { id: true } })
  } catch (error) {
    if (isUniqueViolation(error)) throw applied()
    throw error
  }
}
