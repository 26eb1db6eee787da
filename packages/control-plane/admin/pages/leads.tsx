import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { LeadsOverview } from '../components/leads/leads-overview.tsx'

export default function LeadsPage () {
  return <ControlPlanePage path='/control-plane/leads'>{manifest => <LeadsOverview manifest={manifest} />}</ControlPlanePage>
}
