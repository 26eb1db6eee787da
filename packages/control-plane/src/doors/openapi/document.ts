import type { Operation } from '../../kernel/registry/define-operation.ts'
import type { OperationRegistry } from '../../kernel/registry/registry.ts'
import { PRODUCT_VERSION } from '../../platform/version.ts'
import { FAILURE_SCHEMA, HEADERS, PARAMETERS } from './envelopes.ts'
import { CONTROL_PLANE_TAG, fixedFragment } from './fixed-paths.ts'
import { MANIFEST_SCHEMAS } from './manifest-schema.ts'
import { operationFragment, operationPath } from './operation-paths.ts'
import { mergeFragments, type JsonObject } from './types.ts'
import { weakMemo } from '../../platform/lib/weak-memo.ts'

export type OpenApiSite = {
  /** Public address of the site (`SITE_URL`). */
  siteUrl: string
  /** The namespace's path on the site, e.g. `/api/svc/v1`. */
  basePath: string
}

/** Keystone's session cookie, which the host's `statelessSessions` keeps by default. */
const SESSION_COOKIE = 'keystonejs-session'

const SECURITY_SCHEMES = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'svc_<id>_<secret>',
    description: 'An API key, minted with `api_keys.mint`, on the Admin UI\'s API keys page, or with `npm run cli -- mint-key`.',
  },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session of an account signed in to the Admin UI. Writes must send JSON, from the site\'s own origin.',
  },
}

const DESCRIPTION = [
  'The management control plane: every operation of the registry, with its params, its data and its refusals.',
  'Each operation has its own route, `POST /manage/{resource}/{action}`, whose JSON body is the params object; destructive operations run only with `"confirm": true` in it. ' +
    'Readonly operations also answer `GET` with the params in the query string. `POST /manage/dispatch` runs any operation named in its body.',
  'Every response is an envelope `{ok, data, changed, error}`; failures add `code`, `request_id` and sometimes `details`, with the HTTP status of their code. Every response carries a `Request-Id`; writes take an `Idempotency-Key` for safe retries.',
].join('\n\n')

/** Everything but the module switches, which change at run time: built once per registry. */
const registryDocument = weakMemo((registry: OperationRegistry) => {
  const operations = registry.all()
  const merged = mergeFragments([fixedFragment(operations), ...operations.map(operationFragment)])
  return {
    operations,
    tags: [
      { name: CONTROL_PLANE_TAG, description: 'Dispatch, the manifest and this document.' },
      ...[...new Set(operations.map(operation => operation.resource))].map(name => ({ name })),
    ],
    paths: merged.paths,
    components: {
      schemas: { Failure: FAILURE_SCHEMA, ...MANIFEST_SCHEMAS, ...merged.schemas },
      responses: merged.responses,
      headers: HEADERS,
      parameters: PARAMETERS,
      securitySchemes: SECURITY_SCHEMES,
    },
  }
})

function disabledNote (operation: Operation, method: JsonObject): JsonObject {
  return {
    ...method,
    description: `${String(method.description)}\n\n**Disabled:** the ${operation.module} module is switched off, so calls answer 409 \`module_disabled\` until \`modules.enable\` turns it on.`,
    'x-svc-enabled': false,
  }
}

/** The operation's path item as it stands now: marked disabled while its module is. */
function currentPathItem (operation: Operation, item: JsonObject, disabledModules: ReadonlySet<string>): JsonObject {
  if (!disabledModules.has(operation.module)) return item
  return Object.fromEntries(Object.entries(item).map(([method, object]) => [method, disabledNote(operation, object as JsonObject)]))
}

/** The OpenAPI 3.1 document of the control plane: the registry as it is, with its modules as they are now. */
export function openApiDocument (
  registry: OperationRegistry, site: OpenApiSite, disabledModules: ReadonlySet<string>, visible: (operation: Operation) => boolean = () => true,
): JsonObject {
  const { operations, tags, paths, components } = registryDocument(registry)
  const current = { ...paths }
  for (const operation of operations) {
    const path = operationPath(operation)
    if (visible(operation)) current[path] = currentPathItem(operation, paths[path]!, disabledModules)
    else delete current[path]
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Management control plane', version: PRODUCT_VERSION, description: DESCRIPTION },
    servers: [{ url: `${site.siteUrl}${site.basePath}`, description: 'This site' }],
    security: [{ apiKey: [] }, { session: [] }],
    tags,
    paths: current,
    components,
  }
}
