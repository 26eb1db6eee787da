import { listAudit } from './list.ts'

export const auditOperations = [listAudit]
