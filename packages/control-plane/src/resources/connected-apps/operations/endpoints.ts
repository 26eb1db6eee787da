import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { originOf, resourceUrls } from '../../../platform/oauth/resource-urls.ts'

export const connectionEndpoints = defineOperation({
  summary: 'The URLs an assistant connects to this site with: the MCP endpoint, its read-only and toolset forms, and the OAuth sign-in it offers.',
  description: 'What the Admin UI\'s Connect an assistant page shows. The URLs are under the site\'s address (SITE_URL), as the OAuth tokens name it.',
  readonly: true,
  examples: [{ title: 'Where an assistant connects', params: {} }],
  errors: [],
  params: z.object({}),
  returns: z.object({
    mcp_url: z.string().describe('Every tool the credential may run.'),
    read_only_url: z.string().describe('Only the tools that change nothing.'),
    toolset_url_template: z.string().describe('Replace {toolsets} with comma-separated resource names (one of toolsets) for their tools alone; append /readonly for their read-only tools.'),
    toolsets: z.array(z.string()).describe('The resources whose operations this site offers, in name order.'),
    oauth: z.object({
      authorization_server_metadata: z.string().describe('Where an OAuth client discovers the sign-in (RFC 8414).'),
      client_id_metadata_documents: z.boolean().describe('A client may name itself by an https URL serving its metadata (the usual way for hosted connectors).'),
      dynamic_registration: z.boolean().describe('Clients may register at /oauth/register with the operator\'s registration token.'),
    }),
  }),
  async handler (_params, { options, registry }) {
    const { mcp } = resourceUrls(options)
    const toolsets = [...new Set(registry.all().map(operation => operation.resource))].sort()
    return {
      data: {
        mcp_url: mcp,
        read_only_url: `${mcp}/readonly`,
        toolset_url_template: `${mcp}/x/{toolsets}`,
        toolsets,
        oauth: {
          authorization_server_metadata: `${originOf(options)}/.well-known/oauth-authorization-server`,
          client_id_metadata_documents: options.oauth.clientIdMetadataDocuments,
          dynamic_registration: options.oauth.dynamicRegistration,
        },
      },
      changed: false,
    }
  },
})
