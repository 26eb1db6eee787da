import { VStack } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'
import { InlineCode } from '@keystone-6/core/admin-ui/components'
import { operation } from '../../lib/svc-client.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { CopyableUrl } from './copyable-url.tsx'
import { ClientInstructions } from './client-instructions.tsx'
import { ConsentPreview } from './consent-preview.tsx'

const ENDPOINTS = operation('connected_apps', 'endpoints')

/** Everything needed to connect an assistant to this site: the URLs to paste, how, and what consent will ask. */
export function ConnectAssistantOverview () {
  const endpoints = useOperation(ENDPOINTS)
  return (
    <OperationState state={endpoints}>
      {data => (
        <VStack gap='xlarge'>
          <Panel title='This site’s MCP server' testId='connect-urls'>
            <CopyableUrl label='MCP URL' value={data.mcp_url} testId='connect-mcp-url' />
            <CopyableUrl label='Read-only URL' value={data.read_only_url} testId='connect-read-only-url' />
            <VStack gap='small'>
              <CopyableUrl label='Toolset URL' value={data.toolset_url_template} testId='connect-toolset-url' />
              <Text>
                Replace <InlineCode>{'{toolsets}'}</InlineCode> with resource names separated by commas, e.g.{' '}
                <InlineCode>{data.toolset_url_template.replace('{toolsets}', data.toolsets.slice(0, 2).join(','))}</InlineCode>; add{' '}
                <InlineCode>/readonly</InlineCode> for their read-only tools. Resources: {data.toolsets.join(', ')}.
              </Text>
            </VStack>
          </Panel>
          <Panel title='Add it to your assistant' testId='connect-clients'>
            <ClientInstructions mcpUrl={data.mcp_url} />
          </Panel>
          <Panel title='What you will see when an app asks to connect' testId='connect-consent'>
            <ConsentPreview />
          </Panel>
        </VStack>
      )}
    </OperationState>
  )
}
