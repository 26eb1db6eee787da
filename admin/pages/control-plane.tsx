import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { OperationsConsole } from '../components/console/operations-console.tsx'

export default function OperationsConsolePage () {
  return <ControlPlanePage path='/control-plane'>{manifest => <OperationsConsole manifest={manifest} />}</ControlPlanePage>
}
