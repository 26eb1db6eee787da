import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { integrationKeyParam, integrationOf } from '../catalogue/index.ts'
import { secretSpecOf } from '../shape.ts'

export const clearIntegrationSecret = defineOperation({
  summary: 'Erase the stored secret of an integration. changed is false when none was set.',
  description: 'Integrations that take no secret answer invalid_params. Settings and the enabled flag are kept.',
  destructive: true,
  idempotent: true,
  examples: [{
    title: 'Forget the Slack webhook URL',
    setup: [{ operation: 'integrations.set_secret', params: { key: 'slack', secret: 'https://hooks.slack.com/services/T000/B000/example' }, as: 'stored' }],
    params: { key: 'slack' },
    confirm: true,
  }],
  params: z.object({ key: integrationKeyParam }),
  returns: z.object({ key: z.string(), secret_set: z.literal(false) }),
  async handler ({ key }, { db }) {
    secretSpecOf(integrationOf(key))
    const { count } = await db.svcIntegration.updateMany({
      where: { key, secretCiphertext: { not: null } },
      data: { secretCiphertext: null, version: { increment: 1 } },
    })
    return { data: { key, secret_set: false as const }, changed: count > 0 }
  },
})
