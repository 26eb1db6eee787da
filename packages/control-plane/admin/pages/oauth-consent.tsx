import { useRouter } from '@keystone-6/core/admin-ui/router'
import { VStack } from '@keystar/ui/layout'
import { Heading } from '@keystar/ui/typography'
import { PageContainer } from '@keystone-6/core/admin-ui/components'
import { ConsentForm } from '../components/oauth/consent-form.tsx'

/** Where an OAuth client's sign-in stops for the account's consent; any signed-in account may see it. */
export default function OAuthConsentPage () {
  const { query } = useRouter()
  const uid = typeof query.uid === 'string' ? query.uid : null
  return (
    <PageContainer title='Connect an app' header={<Heading elementType='h1' size='small'>Connect an app</Heading>}>
      <VStack gap='xlarge' paddingY='xlarge' minWidth={0}>
        {uid && <ConsentForm uid={uid} />}
      </VStack>
    </PageContainer>
  )
}
