import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { ConsoleLink } from '../components/console-link.tsx'
import { RolesOverview } from '../components/roles/roles-overview.tsx'

export default function RolesPage () {
  return (
    <ControlPlanePage path='/control-plane/roles' actions={manifest => <ConsoleLink manifest={manifest} operation='roles.create' as='button'>New role</ConsoleLink>}>
      {manifest => <RolesOverview manifest={manifest} />}
    </ControlPlanePage>
  )
}
