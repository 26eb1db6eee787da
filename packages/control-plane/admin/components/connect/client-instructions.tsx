import { VStack } from '@keystar/ui/layout'
import { css } from '@keystar/ui/style'
import { Heading, Text } from '@keystar/ui/typography'
import { InlineCode } from '@keystone-6/core/admin-ui/components'
import { codeBox } from '../code-box.ts'

const block = css({ ...codeBox, lineHeight: 1.5, whiteSpace: 'pre' })

/** The JSON most clients that take a URL and a header read (Cursor, VS Code, Windsurf, …). */
const keyConfig = (mcpUrl: string) => JSON.stringify({ mcpServers: { site: { url: mcpUrl, headers: { Authorization: 'Bearer svc_…' } } } }, null, 2)

/** How to add the site in the common clients: by its URL with OAuth sign-in, or with an API key. */
export function ClientInstructions ({ mcpUrl }: { mcpUrl: string }) {
  return (
    <VStack gap='large'>
      <VStack gap='regular'>
        <Heading elementType='h3' size='small'>Assistants that sign in (OAuth)</Heading>
        <Text>
          Hosted assistants (Claude, ChatGPT and other web or mobile apps) add a remote MCP server by its URL alone, usually under
          Settings → Connectors → Add a custom connector. Paste the MCP URL; the app sends you here to sign in and to consent, and
          then calls the tools with a token limited to what you granted. Disconnect it at any time under Connected apps.
        </Text>
      </VStack>
      <VStack gap='regular'>
        <Heading elementType='h3' size='small'>Clients without OAuth: an API key</Heading>
        <Text>
          Mint a key under API keys (narrow its scopes, make it read-only where the assistant only reads, or have destructive calls wait
          for your approval) and send it as a bearer header. Cursor (<InlineCode>~/.cursor/mcp.json</InlineCode>), Windsurf and most
          desktop clients take this shape; VS Code takes it under <InlineCode>servers</InlineCode> with <InlineCode>{'"type": "http"'}</InlineCode>:
        </Text>
        <pre className={block} data-testid='connect-key-config'>{keyConfig(mcpUrl)}</pre>
        <Text>
          Claude Code: <InlineCode>{`claude mcp add --transport http site ${mcpUrl} --header "Authorization: Bearer svc_…"`}</InlineCode>
        </Text>
      </VStack>
    </VStack>
  )
}
