import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { approvalRecord, toApprovalRecord } from '../shape.ts'
import { assertSignedIn } from '../../../platform/auth/signed-in.ts'

export const listApprovals = defineOperation({
  summary: 'List calls held for approval, newest first; pending ones by default. Needs a session.',
  readonly: true,
  errors: [],
  examples: [{ title: 'With an API key: refused, approvals are decided signed in', params: {}, refusal: 'forbidden' }],
  params: z.object({
    status: z.enum(['pending', 'all']).default('pending').describe('pending (not yet decided nor expired) or all.'),
  }),
  returns: z.object({ approvals: z.array(approvalRecord) }),
  async handler ({ status }, { db, identity, now }) {
    assertSignedIn(identity, 'approvals are decided by an administrator')
    const at = now()
    const rows = await db.svcApproval.findMany({
      where: status === 'pending' ? { status: 'pending', expiresAt: { gt: at } } : {},
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 200,
    })
    return { data: { approvals: rows.map(row => toApprovalRecord(row, at)) }, changed: false }
  },
})
