import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { accountLoader } from '../../../platform/host-contract/load-account.ts'
import { endAccountSessions } from '../../../platform/auth/session-versions.ts'
import { revokeAccountGrants } from '../../../platform/oauth/account-records.ts'

export const revokeSessions = defineOperation({
  summary: 'Sign an account out everywhere: every Admin UI session it holds ends at once, on every instance. Its connected apps (OAuth grants) are disconnected too; its API keys are not touched.',
  destructive: true,
  idempotent: false,
  examples: [{
    title: 'Sign an account out on every device',
    params: { account_id: '{{account.id}}' },
    confirm: true,
  }],
  params: z.object({
    account_id: z.string().trim().min(1, 'must not be empty').max(100).describe('Id of the host account whose sessions end.'),
  }),
  returns: z.object({ account_id: z.string(), sessions_ended: z.literal(true) }),
  async handler ({ account_id }, { db, options }) {
    const account = await accountLoader(db, options.host.accounts)(account_id)
    if (!account) throw notFound(`no account ${account_id}`)
    await endAccountSessions(db, account.id)
    // An administrator signing an account out everywhere answers a compromise: its connectors go too.
    await revokeAccountGrants(db, account.id)
    return { data: { account_id: account.id, sessions_ended: true as const }, changed: true }
  },
})
