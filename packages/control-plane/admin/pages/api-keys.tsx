import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { ApiKeysOverview } from '../components/api-keys/api-keys-overview.tsx'

export default function ApiKeysPage () {
  return <ControlPlanePage path='/control-plane/api-keys'>{() => <ApiKeysOverview />}</ControlPlanePage>
}
