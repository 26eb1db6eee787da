import { list } from '@keystone-6/core'
import { text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'

/**
 * A destructive call an approval-gated key asked for, held until an administrator decides.
 * `params` and `result` may carry secrets the call was given or returned, so GraphQL never sees them.
 */
export const approvalList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Approvals', listView: { initialColumns: ['operation', 'status', 'requesterEmail', 'keyId', 'createdAt', 'decidedByEmail'] } },
  db: { map: 'svc_approvals' },
  fields: {
    operation: text({ validation: { isRequired: true } }),
    params: text({ validation: { isRequired: true }, graphql: { omit: true } }),
    /** `pending`, `approved`, `rejected`; an expired pending one reads as `expired`. */
    status: text({ defaultValue: 'pending', validation: { isRequired: true }, isIndexed: true }),
    keyId: text({ validation: { isRequired: true }, isIndexed: true }),
    requesterId: text({ validation: { isRequired: true } }),
    requesterEmail: text({ validation: { isRequired: true } }),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
    expiresAt: timestamp({ validation: { isRequired: true }, isIndexed: true }),
    decidedAt: timestamp({ db: { isNullable: true } }),
    decidedById: text({ db: { isNullable: true } }),
    decidedByEmail: text({ db: { isNullable: true } }),
    /** What the call's preview said it would do, as JSON (`{ operation, changes, effects, result }`); null when it cannot be previewed. */
    preview: text({ db: { isNullable: true }, graphql: { omit: true } }),
    /** The stored call's envelope parts once approved: `{ ok, data, changed }` or `{ ok: false, error }`. */
    result: text({ db: { isNullable: true }, graphql: { omit: true } }),
  },
})
