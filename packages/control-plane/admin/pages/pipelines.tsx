import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { PipelinesOverview } from '../components/pipelines/pipelines-overview.tsx'

export default function PipelinesPage () {
  return <ControlPlanePage path='/control-plane/pipelines'>{() => <PipelinesOverview />}</ControlPlanePage>
}
