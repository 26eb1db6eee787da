import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { ApprovalsOverview } from '../components/approvals/approvals-overview.tsx'

export default function ApprovalsPage () {
  return <ControlPlanePage path='/control-plane/approvals'>{() => <ApprovalsOverview />}</ControlPlanePage>
}
