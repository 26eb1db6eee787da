import { ControlPlanePage } from '../components/control-plane-page.tsx'
import { ConsoleLink } from '../components/console-link.tsx'
import { ContentSourcesOverview } from '../components/content-sources/content-sources-overview.tsx'

export default function ContentSourcesPage () {
  return (
    <ControlPlanePage path='/control-plane/content-sources' actions={manifest => <ConsoleLink manifest={manifest} operation='content_sources.create' as='button'>New content source</ConsoleLink>}>
      {manifest => <ContentSourcesOverview manifest={manifest} />}
    </ControlPlanePage>
  )
}
