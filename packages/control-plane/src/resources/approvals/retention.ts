import { datedRowsRule } from '../../platform/retention/rule.ts'

/** Calls held for approval, decided or not, a month after they could no longer be decided or collected. */
export const approvalRetention = [
  datedRowsRule({
    name: 'approvals',
    table: 'svc_approvals',
    removes: 'approvals past their expiry',
    defaultDays: 30,
    rows: db => db.svcApproval,
    datedBy: 'expiresAt',
  }),
]
