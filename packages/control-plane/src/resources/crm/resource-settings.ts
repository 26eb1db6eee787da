import { z } from 'zod'
import { defineSettings } from '../../platform/settings/define-settings.ts'
import { integerEnv } from '../../platform/settings/env-values.ts'
import { MAX_SLOT } from '../../platform/db/slots.ts'

export const crmSettings = defineSettings('crm', z.strictObject({
  /** Highest CRM slot number (`SVC_MAX_CRM_SYSTEMS`). @default 10 */
  maxSystems: z.number().int().min(1).max(MAX_SLOT).default(10),
}), env => ({ maxSystems: integerEnv(env, 'SVC_MAX_CRM_SYSTEMS') }))

export type CrmSettings = z.input<typeof crmSettings.schema>
