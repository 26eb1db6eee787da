import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { revokeGrant } from '../../../platform/oauth/adapter.ts'
import { assertSignedIn } from '../../../platform/auth/signed-in.ts'

export const revokeConnectedApp = defineOperation({
  summary: 'Disconnect an app: its grant, refresh tokens and access tokens end at once, on every instance. Needs a session.',
  destructive: true,
  changesReach: true,
  idempotent: false,
  examples: [{ title: 'With an API key: refused, connected apps are managed signed in', params: { grant_id: 'a-grant-id' }, confirm: true, refusal: 'forbidden' }],
  params: z.object({
    grant_id: z.string().trim().min(1, 'must not be empty').max(200).describe('grant_id of the app, from connected_apps.list.'),
  }),
  returns: z.object({ grant_id: z.string(), revoked: z.literal(true) }),
  async handler ({ grant_id }, { db, identity }) {
    assertSignedIn(identity, 'connected apps are managed')
    // Another account's grant is not found rather than forbidden: its id says nothing to this caller.
    const grant = await db.svcOAuthRecord.findFirst({ where: { model: 'Grant', grantId: grant_id, accountId: identity.account.id }, select: { id: true } })
    if (!grant) throw notFound(`no connected app with grant ${grant_id}`)
    await revokeGrant(db, grant_id)
    return { data: { grant_id, revoked: true as const }, changed: true }
  },
})
