import type { ReactNode } from 'react'
import { Flex, VStack } from '@keystar/ui/layout'
import { Notice } from '@keystar/ui/notice'
import { ProgressCircle } from '@keystar/ui/progress'
import { Content } from '@keystar/ui/slots'
import { Heading, Text } from '@keystar/ui/typography'
import { InlineCode, PageContainer } from '@keystone-6/core/admin-ui/components'
import { CONSOLE_PAGE, findPage } from '../lib/control-plane-pages.ts'
import type { AdminPage } from '../../src/kernel/registry/manifest.ts'
import { hasOperations, type ManifestAccess } from '../lib/manifest-access.ts'
import type { Manifest } from '../lib/svc-client.ts'
import { useManifestAccess } from '../lib/use-manifest-access.ts'

type ControlPlanePageProps = {
  /** Where the page lives, e.g. `/control-plane/crm`; its title and the operations it needs come from the manifest's `admin_pages`. */
  path: string
  /** Header buttons, shown once the account's access is known. */
  actions?: (manifest: Manifest) => ReactNode
  children: (manifest: Manifest) => ReactNode
}

function Gate ({ access, page, children }: { access: ManifestAccess, page: AdminPage | null, children: (manifest: Manifest) => ReactNode }) {
  switch (access.state) {
    case 'loading':
      return (
        <Flex justifyContent='center' paddingY='xxlarge'>
          <ProgressCircle aria-label='Loading the control plane' isIndeterminate />
        </Flex>
      )
    case 'denied':
      return (
        <Notice tone='caution' data-testid='control-plane-denied'>
          <Heading>No access to the control plane</Heading>
          <Content>
            <Text>
              {access.status === 401
                ? 'Your session has ended. Sign in again to use these pages.'
                : 'These pages are for site administrators. Your account’s role does not hold the capability '}
              {access.status !== 401 && <><InlineCode>manage_options</InlineCode>.</>}
            </Text>
          </Content>
        </Notice>
      )
    case 'failed':
      return (
        <Notice tone='critical'>
          <Heading>The control plane did not answer</Heading>
          <Content><Text>{access.message} (code <InlineCode>{access.code}</InlineCode>)</Text></Content>
        </Notice>
      )
    case 'ready': {
      if (page && hasOperations(access.manifest, page.requires)) return <>{children(access.manifest)}</>
      const requires = page?.requires ?? []
      const present = new Set(access.manifest.operations.map(operation => operation.name))
      return (
        <Notice tone='neutral' data-testid='control-plane-missing'>
          <Heading>Not installed on this site</Heading>
          <Content>
            <Text>
              {page
                ? <>This page appears when the control plane offers{' '}
                  {requires.filter(name => !present.has(name)).map((name, index) => (
                    <span key={name}>{index > 0 && ', '}<InlineCode>{name}</InlineCode></span>
                  ))}.{' '}
                </>
                : 'No resource installed on this site has this page. '}
              The operations console lists everything this site offers.
            </Text>
          </Content>
        </Notice>
      )
    }
  }
}

/** A control-plane page in the Admin UI: the header, then the page once the manifest says it may show. */
export function ControlPlanePage ({ path, actions, children }: ControlPlanePageProps) {
  const access = useManifestAccess()
  const page = path === CONSOLE_PAGE.path ? CONSOLE_PAGE : access.state === 'ready' ? findPage(access.manifest, path) : null
  const title = page?.title ?? 'Control plane'
  const ready = access.state === 'ready' && page !== null && hasOperations(access.manifest, page.requires)
  return (
    <PageContainer
      title={title}
      header={
        <>
          <Heading elementType='h1' size='small'>{title}</Heading>
          {ready && actions?.(access.manifest)}
        </>
      }
    >
      <VStack gap='xlarge' paddingY='xlarge' minWidth={0} data-testid={`control-plane-page-${path.slice(1)}`}>
        <Gate access={access} page={page}>{children}</Gate>
      </VStack>
    </PageContainer>
  )
}
