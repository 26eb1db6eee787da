import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { ConsoleLink } from '../components/console-link.tsx'
import { CrmOverview } from '../components/crm/crm-overview.tsx'

export default function CrmPage () {
  return (
    <ControlPlanePage path='/control-plane/crm' actions={manifest => <ConsoleLink manifest={manifest} operation='crm.create' as='button'>New CRM connection</ConsoleLink>}>
      {manifest => <CrmOverview manifest={manifest} />}
    </ControlPlanePage>
  )
}
