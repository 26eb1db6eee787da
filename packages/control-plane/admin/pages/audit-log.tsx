import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { AuditLog } from '../components/audit/audit-log.tsx'

export default function AuditLogPage () {
  return <ControlPlanePage path='/control-plane/audit-log'>{manifest => <AuditLog manifest={manifest} />}</ControlPlanePage>
}
