import { z } from 'zod'
import { defineOperation } from '../../registry/define-operation.ts'
import { notFound } from '../../errors.ts'

export const revokeApiKey = defineOperation({
  resource: 'api_keys',
  action: 'revoke',
  summary: 'Revoke one of the calling account\'s API keys; it stops working at once.',
  destructive: true,
  idempotent: true,
  examples: [{
    title: 'Revoke a key you no longer use',
    setup: [{ operation: 'api_keys.mint', params: { label: 'Old script' }, as: 'key' }],
    params: { id: '{{key.id}}' },
    confirm: true,
  }],
  params: z.object({ id: z.string().min(1).describe('Public id of the key (the part after svc_ in its prefix).') }),
  returns: z.object({ id: z.string(), revoked: z.literal(true) }),
  async handler ({ id }, { db, identity, now }) {
    const publicId = id.replace(/^svc_/, '')
    const key = await db.svcApiKey.findFirst({ where: { publicId, ownerId: identity.account.id }, select: { revokedAt: true } })
    if (!key) throw notFound(`no API key ${id} belongs to this account`)
    if (key.revokedAt) return { data: { id: publicId, revoked: true as const }, changed: false }
    await db.svcApiKey.update({ where: { publicId }, data: { revokedAt: now() } })
    return { data: { id: publicId, revoked: true as const }, changed: true }
  },
})
