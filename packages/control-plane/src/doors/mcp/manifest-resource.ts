import { ResourceNotFoundError, type ReadResourceResult, type Resource } from '@modelcontextprotocol/server'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../kernel/access/door-auth.ts'
import { READER_CAPABILITY, roleHolds } from '../../kernel/pipeline/capability-outside-operation.ts'
import { currentManifest } from '../http/manifest-route.ts'

export const MANIFEST_URI = 'svc://manifest'

const MANIFEST_RESOURCE: Resource = {
  uri: MANIFEST_URI,
  name: 'manifest',
  title: 'Operation manifest',
  description: 'Every operation the installed version supports, with its params and returns JSON Schemas, capability and flags — the same document as GET /manage/manifest.',
  mimeType: 'application/json',
}

/** Like GET /manage/manifest, the resource is for holders of manage_options. */
const mayRead = (runtime: ControlPlaneRuntime, identity: Identity) => roleHolds(runtime, identity.account.role, READER_CAPABILITY)

export function listResources (runtime: ControlPlaneRuntime, identity: Identity): Resource[] {
  return mayRead(runtime, identity) ? [MANIFEST_RESOURCE] : []
}

export async function readResource (runtime: ControlPlaneRuntime, identity: Identity, uri: string): Promise<ReadResourceResult> {
  if (uri !== MANIFEST_URI || !mayRead(runtime, identity)) throw new ResourceNotFoundError(uri, `no resource ${uri}`)
  const manifest = await currentManifest(runtime, identity)
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(manifest) }] }
}
