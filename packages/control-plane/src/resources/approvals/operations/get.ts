import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { approvalRecord, toApprovalRecord } from '../shape.ts'
import { assertSignedIn } from '../../../platform/auth/signed-in.ts'

export const getApproval = defineOperation({
  summary: 'One held call: what it would run, who asked, who decided. Needs a session.',
  readonly: true,
  errors: ['not_found'],
  examples: [{ title: 'With an API key: refused, approvals are decided signed in', params: { id: 'no-such-approval' }, refusal: 'forbidden' }],
  params: z.object({ id: z.string().min(1).max(100) }),
  returns: approvalRecord,
  async handler ({ id }, { db, identity, now }) {
    assertSignedIn(identity, 'approvals are decided by an administrator')
    const row = await db.svcApproval.findUnique({ where: { id } })
    if (!row) throw notFound(`no approval ${id}`)
    return { data: toApprovalRecord(row, now()), changed: false }
  },
})
