import { list } from '@keystone-6/core'
import { integer, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../auth/list-access.ts'
import { compoundUnique } from '../db/compound-unique.ts'

/**
 * One row per (caller, Idempotency-Key): claimed by its INSERT before the operation runs, so the
 * unique constraint, not process memory, decides which of two concurrent calls runs.
 */
export const idempotencyKeyList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Idempotency keys', hideNavigation: true },
  db: { map: 'svc_idempotency_keys', extendPrismaSchema: compoundUnique('caller', 'key') },
  fields: {
    /** `key:<public id>` for API keys, `oauth:<client id>:<account id>` for OAuth tokens, `account:<id>` for sessions. */
    caller: text({ validation: { isRequired: true } }),
    key: text({ validation: { isRequired: true } }),
    /** sha256 of the canonical JSON of the door, resource, action, params and confirm. */
    fingerprint: text({ validation: { isRequired: true } }),
    claimedAt: timestamp({ validation: { isRequired: true } }),
    expiresAt: timestamp({ validation: { isRequired: true }, isIndexed: true }),
    /** The stored response, once the call finished; null while it runs. */
    status: integer({ db: { isNullable: true } }),
    response: text({ db: { isNullable: true }, graphql: { omit: true } }),
  },
})
