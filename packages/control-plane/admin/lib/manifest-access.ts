import { fetchManifest, type Manifest } from './svc-client.ts'

/** What the signed-in account may do with the control plane, decided by the manifest request. */
export type ManifestAccess =
  | { state: 'loading' }
  | { state: 'denied', status: number, message: string }
  | { state: 'failed', code: string, message: string }
  | { state: 'ready', manifest: Manifest }

/** Long enough that moving between pages does not refetch, short enough to notice a role change. */
const REUSE_FOR_MS = 60_000

let cached: { at: number, access: Promise<ManifestAccess> } | null = null
let settled: ManifestAccess | null = null

async function requestAccess (): Promise<ManifestAccess> {
  const response = await fetchManifest()
  if (response.ok) return { state: 'ready', manifest: response.data }
  if (response.status === 401 || response.status === 403) return { state: 'denied', status: response.status, message: response.error }
  return { state: 'failed', code: response.code, message: response.error }
}

/** The manifest access, shared by the navigation and the page; only a granted answer is reused. */
export function loadManifestAccess (now = Date.now()): Promise<ManifestAccess> {
  if (cached && now - cached.at < REUSE_FOR_MS) return cached.access
  const access = requestAccess().then(result => {
    settled = result
    if (result.state !== 'ready') cached = null
    return result
  })
  cached = { at: now, access }
  return access
}

/** The last answer, to render without a loading flash while the next one is on its way. */
export function lastManifestAccess (): ManifestAccess | null {
  return settled
}

/** Forgets the answer, e.g. when the account signs out. */
export function forgetManifestAccess (): void {
  cached = null
  settled = null
}

export function hasOperations (manifest: Manifest, names: readonly string[]): boolean {
  const present = new Set(manifest.operations.map(operation => operation.name))
  return names.every(name => present.has(name))
}

export function findOperation (manifest: Manifest, name: string) {
  return manifest.operations.find(operation => operation.name === name) ?? null
}
