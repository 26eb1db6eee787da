import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import type { Tx } from '../../../platform/db/client.ts'
import { ownerIdOf } from '../owner-id.ts'
import { emitEvent, eventMetaOf } from '../../../platform/events/emit.ts'
import { apiKeyRevoked } from '../events.ts'

/** Revokes every active key descended from `publicIds`, generation by generation; returns how many. */
async function revokeDescendants (tx: Tx, publicIds: string[], at: Date): Promise<number> {
  let revoked = 0
  for (let parents = publicIds; parents.length > 0;) {
    const children = await tx.svcApiKey.findMany({ where: { parent: { publicId: { in: parents } }, revokedAt: null }, select: { publicId: true } })
    parents = children.map(child => child.publicId)
    if (parents.length > 0) await tx.svcApiKey.updateMany({ where: { publicId: { in: parents } }, data: { revokedAt: at } })
    revoked += parents.length
  }
  return revoked
}

export const revokeApiKey = defineOperation({
  summary: 'Revoke one of the calling account\'s API keys (signed in as an administrator: any account\'s), and every key minted with it; they stop working at once.',
  destructive: true,
  changesReach: true,
  idempotent: true,
  examples: [{
    title: 'Revoke a key you no longer use',
    setup: [{ operation: 'api_keys.mint', params: { label: 'Old script' }, as: 'key' }],
    params: { id: '{{key.id}}' },
    confirm: true,
  }],
  params: z.object({ id: z.string().min(1).describe('Public id of the key (the part after svc_ in its prefix).') }),
  returns: z.object({ id: z.string(), revoked: z.literal(true) }),
  async handler ({ id }, context) {
    const { db, identity, now, options } = context
    const publicId = id.replace(/^svc_/, '')
    // With a session the caller holds manage_options (the operation's capability): any account's key.
    const scope = identity.mode === 'session' ? {} : { ownerId: ownerIdOf(options, identity) }
    const key = await db.svcApiKey.findFirst({ where: { publicId, ...scope }, select: { revokedAt: true } })
    if (!key) throw notFound(identity.mode === 'session' ? `no API key ${id}` : `no API key ${id} belongs to this account`)
    return db.$transaction(async tx => {
      const at = now()
      const revokedNow = key.revokedAt === null && (await tx.svcApiKey.updateMany({ where: { publicId, revokedAt: null }, data: { revokedAt: at } })).count === 1
      // A child minted before an earlier revocation still goes: the lineage, not the call, decides.
      const descendants = await revokeDescendants(tx, [publicId], at)
      if (revokedNow || descendants > 0) await emitEvent(tx, apiKeyRevoked, { id: publicId, descendants_revoked: descendants }, eventMetaOf(context))
      return { data: { id: publicId, revoked: true as const }, changed: revokedNow || descendants > 0 }
    })
  },
})
