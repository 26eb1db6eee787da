import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { OperationsConsole } from '../components/console/operations-console.tsx'
import { ApiReferenceLinks } from '../components/console/api-reference-links.tsx'

export default function OperationsConsolePage () {
  return (
    <ControlPlanePage page='console' actions={() => <ApiReferenceLinks />}>
      {manifest => <OperationsConsole manifest={manifest} />}
    </ControlPlanePage>
  )
}
