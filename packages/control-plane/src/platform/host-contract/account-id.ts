import type { ResolvedAccounts } from './accounts.ts'
import { ROW_ID_MAX } from '../db/row-id.ts'

/** An account id as the accounts table stores it: Keystone ids are strings (cuid, uuid, …) or integers. */
export type AccountId = string | number | bigint

const INTEGER = /^-?\d+$/

/**
 * The id of an account as the host's Prisma client takes it, from the string the control plane
 * carries it as (sessions, params, identities); null when it cannot be an id of that list.
 */
export function accountIdValue (accounts: Pick<ResolvedAccounts, 'idType'>, id: string): AccountId | null {
  if (accounts.idType === 'string') return id
  if (!INTEGER.test(id)) return null
  if (accounts.idType === 'bigint') return BigInt(id)
  const value = Number(id)
  return Number.isInteger(value) && Math.abs(value) <= ROW_ID_MAX ? value : null
}
