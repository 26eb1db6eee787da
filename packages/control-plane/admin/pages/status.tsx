import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { HealthOverview } from '../components/status/health-overview.tsx'

export default function StatusPage () {
  return <ControlPlanePage path='/control-plane/status'>{manifest => <HealthOverview manifest={manifest} />}</ControlPlanePage>
}
