import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { invalidParamsFromZod } from '../../../platform/errors/zod-issues.ts'
import { INTEGRATIONS, integrationKeyParam, integrationOf } from '../catalogue/index.ts'
import { secretSpecOf } from '../shape.ts'
import { INTEGRATION_SECRET } from '../sealed-columns.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'

const secretsByIntegration = INTEGRATIONS
  .filter(integration => integration.secret)
  .map(integration => `${integration.key}: ${integration.secret!.description}`)
  .join('; ')

export const setIntegrationSecret = defineOperation({
  summary: 'Store the secret of an integration that takes one, encrypted. It is never returned.',
  description: `Integrations that take no secret answer invalid_params. Secrets: ${secretsByIntegration}.`,
  idempotent: true,
  examples: [{ title: 'Store the Slack incoming webhook URL', params: { key: 'slack', secret: 'https://hooks.slack.com/services/T000/B000/example' } }],
  params: z.object({
    key: integrationKeyParam,
    secret: z.string().min(1, 'must not be empty').max(4096).describe('The secret, checked against the integration\'s format. Write-only.'),
  }),
  returns: z.object({ key: z.string(), secret_set: z.literal(true) }),
  async handler ({ key, secret }, { db, secrets }) {
    const spec = secretSpecOf(integrationOf(key))
    const parsed = spec.schema.safeParse(secret)
    if (!parsed.success) throw invalidParamsFromZod(`invalid secret for ${key}`, parsed.error.issues, { under: 'secret', list: 'messages' })
    const sealed = secrets.seal(parsed.data, bindTo(INTEGRATION_SECRET, key))
    await db.svcIntegration.upsert({
      where: { key },
      create: { key, settings: {}, secretCiphertext: sealed },
      update: { secretCiphertext: sealed, version: { increment: 1 } },
    })
    return { data: { key, secret_set: true as const }, changed: true }
  },
})
