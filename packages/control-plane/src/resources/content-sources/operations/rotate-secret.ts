import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { contentSourceChanged } from '../events.ts'
import { findSource, sourceIdParam, sourceNotFound, toSourceRecord } from '../shape.ts'
import { generateWebhookSecret } from '../webhook-signature.ts'
import { WEBHOOK_SECRET } from '../sealed-columns.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'

export const rotateContentSourceSecret = defineOperation({
  summary: 'Replace the webhook secret with a generated one, returned once; the old secret stops authenticating at once.',
  description: 'On a source with auth_mode none the new secret is kept (updates leave it alone) until auth_mode is switched to bearer or hmac, which then uses it; switching back to none drops it.',
  examples: [{
    title: 'Issue a new webhook secret; the old one stops working',
    setup: [{ operation: 'content_sources.create', params: { name: 'Press releases' }, as: 'source' }],
    params: { id: '{{source.id}}' },
  }],
  params: z.object({ id: sourceIdParam }),
  returns: z.object({ id: z.string(), secret: z.string().describe('The new webhook secret. Shown once.') }),
  async handler ({ id }, context) {
    const { db, secrets, options } = context
    const source = await db.svcContentSource.findUnique({ where: { id }, select: { slug: true } })
    if (!source) throw sourceNotFound(id)
    const secret = generateWebhookSecret()
    await context.withEvent(async tx => {
      const { count } = await tx.svcContentSource.updateMany({ where: { id }, data: { secretCiphertext: secrets.seal(secret, bindTo(WEBHOOK_SECRET, source.slug)), secretSource: 'generated' } })
      if (count === 0) throw sourceNotFound(id)
      return findSource(tx, id)
    }, contentSourceChanged, row => ({ action: 'secret_rotated', id, record: toSourceRecord(row, options.basePath) }))
    return { data: { id, secret }, changed: true }
  },
})
