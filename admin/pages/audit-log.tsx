import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { AuditLog } from '../components/audit/audit-log.tsx'

export default function AuditLogPage () {
  return <ControlPlanePage page='audit'>{manifest => <AuditLog manifest={manifest} />}</ControlPlanePage>
}
