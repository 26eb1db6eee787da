import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { connectedAppRecord, GRANT_ROW_FIELDS, toConnectedApp } from '../shape.ts'
import { assertSignedIn } from '../../../platform/auth/signed-in.ts'

export const listConnectedApps = defineOperation({
  summary: 'List the apps the signed-in account let in with OAuth, newest first: client, scopes, when granted and last used. Needs a session.',
  readonly: true,
  examples: [{ title: 'With an API key: refused, connected apps are managed signed in', params: {}, refusal: 'forbidden' }],
  params: z.object({}),
  returns: z.object({ apps: z.array(connectedAppRecord) }),
  async handler (_params, { db, identity, secrets, now }) {
    assertSignedIn(identity, 'connected apps are managed')
    const rows = await db.svcOAuthRecord.findMany({
      where: { model: 'Grant', accountId: identity.account.id },
      select: GRANT_ROW_FIELDS,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 200,
    })
    const apps = await Promise.all(rows.map(row => toConnectedApp(row, { db, secrets, now })))
    return { data: { apps: apps.filter(app => app !== null) }, changed: false }
  },
})
