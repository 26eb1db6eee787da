import type { Db } from '../platform/db/client.ts'
import type { SecretBox } from '../platform/secrets/secret-box.ts'
import type { CapabilityMap } from '../platform/auth/capabilities.ts'
import type { AccountLoader } from '../platform/host-contract/load-account.ts'
import type { JobStarter } from '../platform/jobs/starter-refusal.ts'
import type { Operation } from './registry/define-operation.ts'
import { callerMayRun } from './pipeline/checks.ts'
import { credentialIdentity } from './event-reach.ts'
import { liveGrantIdentities } from '../platform/oauth/grant-identity.ts'

type StarterDeps = { db: Db, secrets: SecretBox, loadAccount: AccountLoader, capabilities: CapabilityMap, operation: (name: string) => Operation | undefined }

const OAUTH_STARTER = 'oauth:'

/** A job an OAuth client started: it may run on while a live grant of the account's to that client may run its operation. */
async function oauthStarterRefusal (deps: StarterDeps, job: JobStarter & { keyId: string }, now: Date): Promise<string | null> {
  const clientId = job.keyId.slice(OAUTH_STARTER.length)
  const who = `the OAuth client ${clientId} that started it`
  const identities = job.actorId === null ? [] : await liveGrantIdentities({ db: deps.db, secrets: deps.secrets, now: () => now }, deps.loadAccount, job.actorId, clientId)
  if (identities.length === 0) return `stopped: ${who} holds no live token any more (revoked, expired or disconnected)`
  const operation = deps.operation(job.kind)
  const holder = { options: { capabilities: deps.capabilities } }
  if (operation && !identities.some(identity => callerMayRun(holder, identity, operation))) return `stopped: ${who} may no longer run ${job.kind}`
  return null
}

/**
 * Whether a job's starter may still run it, read afresh before each batch: an API key revoked or
 * expired (or an ancestor), a session's account gone, or either no longer allowed the operation
 * (role capability, key scopes), stops the job; so does an OAuth client's job once the client holds
 * no live token of the account's (revoked, expired, the app disconnected) or none that reaches it.
 */
export async function starterRefusal (deps: StarterDeps, job: JobStarter, now: Date): Promise<string | null> {
  if (job.keyId?.startsWith(OAUTH_STARTER)) return oauthStarterRefusal(deps, { ...job, keyId: job.keyId }, now)
  if (job.keyId === null && job.actorMode !== 'session') return null
  const credential = job.keyId === null ? { keyId: null, accountId: job.actorId } : { keyId: job.keyId, accountId: null }
  const who = job.keyId === null ? 'the account that started it' : `the API key ${job.keyId} that started it`
  const identity = await credentialIdentity(deps.db, deps.loadAccount, credential, now)
  if (!identity) return `stopped: ${who} was revoked, expired or removed`
  const operation = deps.operation(job.kind)
  if (operation && !callerMayRun({ options: { capabilities: deps.capabilities } }, identity, operation)) return `stopped: ${who} may no longer run ${job.kind}`
  return null
}
