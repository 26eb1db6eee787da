import type { KeystoneConfigPre, KeystoneContext } from '@keystone-6/core/types'
import type { Db } from '../db/client.ts'
import { retryOnUniqueViolation } from '../db/retry-unique.ts'
import { endAuthorizationSessions } from '../oauth/account-records.ts'

/** The field a session carries its account's session version in, beside Keystone's `itemId`. */
const VERSION_FIELD = 'svcSessionVersion'

type SessionData = { itemId?: string | number, [VERSION_FIELD]?: number } & Record<string, unknown>

/** The account's current session version: 0 until its sessions are first ended. */
async function sessionVersionOf (db: Db, accountId: string): Promise<number> {
  const row = await db.svcSessionVersion.findUnique({ where: { accountId }, select: { version: true } })
  return row?.version ?? 0
}

/**
 * Ends every session of the account, on every instance: the sessions it holds carry an older
 * version; the authorization server's sessions of the account are deleted with them.
 */
export async function endAccountSessions (db: Db, accountId: string): Promise<void> {
  await endAuthorizationSessions(db, accountId)
  // Two instances may create the row at once on its first use; the loser increments the winner's.
  await retryOnUniqueViolation(() => db.svcSessionVersion.upsert({
    where: { accountId },
    create: { accountId, version: 1 },
    update: { version: { increment: 1 } },
  }))
}

const dbOf = (context: KeystoneContext) => context.prisma as Db

/**
 * The host's session strategy with sessions that can be ended: a new session records its
 * account's session version, and a session whose version is not the account's current one is no
 * session. Signing out raises the version, so a copied cookie dies with the one signed out; a
 * password change and `sessions.revoke` raise it too. Sessions made before the package counted
 * versions carry none and count as version 0.
 */
/** A host's session strategy, as Keystone's config takes it. */
type HostSessionStrategy = NonNullable<KeystoneConfigPre['session']>

export function revocableSessions<T extends HostSessionStrategy> (strategy: T): T {
  return {
    ...strategy,
    async start ({ data, context }: { data: unknown, context: KeystoneContext }) {
      const itemId = (data as SessionData | undefined)?.itemId
      if (itemId === undefined || itemId === null) return strategy.start({ data, context })
      const version = await sessionVersionOf(dbOf(context), String(itemId))
      return strategy.start({ data: { ...data as object, [VERSION_FIELD]: version }, context })
    },
    async get ({ context }) {
      const session = await strategy.get({ context }) as SessionData | undefined
      if (session?.itemId === undefined || session.itemId === null || session.itemId === '') return session
      const current = await sessionVersionOf(dbOf(context), String(session.itemId))
      return (session[VERSION_FIELD] ?? 0) === current ? session : undefined
    },
    async end ({ context }) {
      const session = await strategy.get({ context }) as SessionData | undefined
      if (session?.itemId !== undefined && session.itemId !== null && session.itemId !== '') {
        // Only a session still valid ends the account's others; an already ended one must not end the new ones.
        const current = await sessionVersionOf(dbOf(context), String(session.itemId))
        if ((session[VERSION_FIELD] ?? 0) === current) await endAccountSessions(dbOf(context), String(session.itemId))
      }
      return strategy.end({ context })
    },
  }
}
