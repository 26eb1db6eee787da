import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { ConnectedAppsOverview } from '../components/oauth/connected-apps-overview.tsx'

export default function ConnectedAppsPage () {
  return <ControlPlanePage path='/control-plane/connected-apps'>{() => <ConnectedAppsOverview />}</ControlPlanePage>
}
