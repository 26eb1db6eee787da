import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { auditEntry, toAuditEntry } from '../entry.ts'

export const getAudit = defineOperation({
  summary: 'One audit entry with the rows the call changed (audit.revert undoes them).',
  readonly: true,
  since: '1.5.000',
  errors: ['not_found'],
  examples: [{
    title: 'What creating a CRM connection changed',
    setup: [{ operation: 'crm.create', params: { name: 'Audited CRM', url: 'https://crm.example.com' }, as: 'crm' }, { operation: 'audit.list', params: { operation: 'crm.create', per_page: 1 }, as: 'log' }],
    params: { id: '{{log.items.0.id}}' },
  }],
  params: z.object({ id: z.number().int().positive() }),
  returns: auditEntry,
  async handler ({ id }, { db }) {
    const row = await db.svcAuditEntry.findUnique({ where: { id } })
    if (!row) throw notFound(`no audit entry ${id}`)
    return { data: toAuditEntry(row), changed: false }
  },
})
