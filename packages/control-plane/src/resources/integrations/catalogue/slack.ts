import { z } from 'zod'
import type { IntegrationDefinition } from './definition.ts'

export const slack: IntegrationDefinition = {
  key: 'slack',
  label: 'Slack',
  description: 'Notifications posted to a Slack channel through an incoming webhook.',
  settings: z.object({
    channel: z.string().trim()
      .regex(/^(#?[a-z0-9][a-z0-9._-]{0,79}|[CG][A-Z0-9]{8,20})$/, 'a channel name such as #marketing or a channel ID such as C0123ABCDE')
      .describe('Channel name (#marketing) or channel ID (C0123ABCDE).'),
  }),
  secret: {
    description: 'Incoming webhook URL, https://hooks.slack.com/services/…',
    schema: z.string().max(2048).regex(/^https:\/\/hooks\.slack(-gov)?\.com\/[\x21-\x7e]+$/, 'must be a Slack incoming webhook URL (https://hooks.slack.com/…)'),
  },
}
