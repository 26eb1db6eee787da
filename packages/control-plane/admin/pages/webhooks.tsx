import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { WebhooksOverview } from '../components/webhooks/webhooks-overview.tsx'

export default function WebhooksPage () {
  return <ControlPlanePage path='/control-plane/webhooks'>{() => <WebhooksOverview />}</ControlPlanePage>
}
