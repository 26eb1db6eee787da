import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { ConsoleLink } from '../components/console-link.tsx'
import { TeamOverview } from '../components/team/team-overview.tsx'

export default function TeamPage () {
  return (
    <ControlPlanePage path='/control-plane/team' actions={manifest => <ConsoleLink manifest={manifest} operation='users.create' as='button'>Add team member</ConsoleLink>}>
      {manifest => <TeamOverview manifest={manifest} />}
    </ControlPlanePage>
  )
}
