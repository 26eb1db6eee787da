import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { ConnectAssistantOverview } from '../components/connect/connect-assistant-overview.tsx'

export default function ConnectAssistantPage () {
  return <ControlPlanePage path='/control-plane/connect-assistant'>{() => <ConnectAssistantOverview />}</ControlPlanePage>
}
