import type { Db } from '../../platform/db/client.ts'
import type { ResolvedOptions } from '../../platform/settings/resolved-options.ts'
import type { Lists } from '../../kernel/define-resource.ts'
import { endAccountSessions } from '../../platform/auth/session-versions.ts'
import { revokeAccountGrants } from '../../platform/oauth/account-records.ts'

type HookArgs = {
  operation: 'create' | 'update' | 'delete'
  inputData?: Record<string, unknown> | undefined
  item?: { id: unknown } | undefined
  context: { prisma: unknown }
}

type HostHook = ((args: HookArgs) => unknown) | Partial<Record<HookArgs['operation'], (args: HookArgs) => unknown>>

async function runHostHook (hook: HostHook | undefined, args: HookArgs): Promise<void> {
  if (typeof hook === 'function') await hook(args)
  else await hook?.[args.operation]?.(args)
}

/**
 * The host's accounts list, ending an account's sessions when its password is set through
 * Keystone (Admin UI, GraphQL, a sudo context): whoever held a session under the old password
 * must sign in with the new one, and every app connected through OAuth is disconnected. Writes that bypass Keystone (Prisma directly, the CLI) end none.
 */
export function withPasswordChangeSignOut (lists: Lists, options: ResolvedOptions): Lists {
  const { list, passwordField } = options.host.accounts
  const accounts = lists[list]
  if (!accounts || passwordField === null) return lists
  const hostHook = accounts.hooks?.afterOperation as HostHook | undefined
  const afterOperation = async (args: HookArgs) => {
    await runHostHook(hostHook, args)
    if (args.operation !== 'update' || args.inputData?.[passwordField] === undefined || !args.item) return
    const db = args.context.prisma as Db
    await endAccountSessions(db, String(args.item.id))
    // Apps connected under the old password may have been connected by whoever knew it.
    await revokeAccountGrants(db, String(args.item.id))
  }
  return { ...lists, [list]: { ...accounts, hooks: { ...accounts.hooks, afterOperation: afterOperation as never } } }
}
