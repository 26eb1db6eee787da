import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { SettingsOverview } from '../components/settings/settings-overview.tsx'

export default function SettingsPage () {
  return <ControlPlanePage path='/control-plane/settings'>{manifest => <SettingsOverview manifest={manifest} />}</ControlPlanePage>
}
