import { z } from 'zod'
import { defineSettings } from '../../platform/settings/define-settings.ts'
import { integerEnv, listEnv } from '../../platform/settings/env-values.ts'
import { rateLimitSetting } from '../../platform/settings/rate-limit-setting.ts'
import { MAX_SLOT } from '../../platform/db/slots.ts'

/** `'*'` or a bare origin; `https://Example.com/` becomes `https://example.com`. */
const origin = z.string().transform((value, ctx) => {
  if (value === '*') return value
  const url = URL.canParse(value) ? new URL(value) : null
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not an origin like https://www.example.com` })
    return z.NEVER
  }
  return url.origin
})

export const leadsSettings = defineSettings('leads', z.strictObject({
  /**
   * Browser origins (`https://www.example.com`) whose pages may post to the public lead form
   * endpoint, or `'*'` for any (`SVC_PUBLIC_LEAD_ORIGINS`, comma-separated). Requests from other
   * origins are refused; requests without an `Origin` header (server-side posts) are accepted.
   * @default []
   */
  publicOrigins: z.array(origin).default([]),
  /**
   * Public lead form submissions allowed per client address in each window, or `false` to turn
   * the limit off (`SVC_PUBLIC_LEAD_RATE_LIMIT_PER_HOUR` sets `points`).
   * @default { points: 30, durationSeconds: 3600, store: 'database' }
   */
  publicRateLimit: rateLimitSetting({ points: 30, durationSeconds: 3600, store: 'database' }),
  /**
   * CRM slot (1–999) of the external contact system that local lead status changes are pushed
   * to, with the slot's `url` and `api_key` (`SVC_LEADS_CONTACT_CRM_NUM`). The site variable
   * `leads.contact_crm_num`, when set, overrides it at run time. Unset: pushes wait in the outbox,
   * retried, until one is configured.
   * @default null
   */
  contactCrmNum: z.number().int().min(1, 'must be a slot number from 1 to 999').max(MAX_SLOT, 'must be a slot number from 1 to 999').nullable().default(null),
}), env => {
  const perHour = integerEnv(env, 'SVC_PUBLIC_LEAD_RATE_LIMIT_PER_HOUR')
  return {
    publicOrigins: listEnv(env, 'SVC_PUBLIC_LEAD_ORIGINS'),
    publicRateLimit: perHour === undefined ? undefined : { points: perHour },
    contactCrmNum: integerEnv(env, 'SVC_LEADS_CONTACT_CRM_NUM'),
  }
})

export type LeadsSettings = z.input<typeof leadsSettings.schema>
