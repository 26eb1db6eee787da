import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { OperationsConsole } from '../components/console/operations-console.tsx'
import { ApiReferenceLinks } from '../components/console/api-reference-links.tsx'
import { HealthSummary } from '../components/status/health-summary.tsx'
import { findOperation } from '../lib/manifest-access.ts'

export default function OperationsConsolePage () {
  return (
    <ControlPlanePage path='/control-plane' actions={() => <ApiReferenceLinks />}>
      {manifest => (
        <>
          {findOperation(manifest, 'status.get') && <HealthSummary />}
          <OperationsConsole manifest={manifest} />
        </>
      )}
    </ControlPlanePage>
  )
}
