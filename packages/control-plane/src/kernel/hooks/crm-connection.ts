import type { ControlPlaneRuntime } from '../runtime.ts'
import { defineHook } from './define-hook.ts'

/** How a CRM slot is reached: its url and its api_key, opened; null where the slot has none. */
export type CrmConnection = { url: string | null, apiKey: string | null }

/**
 * Provided by crm: the connection of the slot, or null when the slot is empty. Read at each use,
 * so a rotated key applies to work already queued (the leads' contact pushes).
 */
export const crmConnection = defineHook<(deps: Pick<ControlPlaneRuntime, 'db' | 'secrets'>, slot: number) => Promise<CrmConnection | null>>('crm_connection')
