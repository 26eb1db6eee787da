import type { Db } from '../platform/db/client.ts'
import type { CapabilityMap } from '../platform/auth/capabilities.ts'
import type { AccountLoader } from '../platform/host-contract/load-account.ts'
import type { JobStarter } from '../platform/jobs/starter-refusal.ts'
import type { Operation } from './registry/define-operation.ts'
import { callerMayRun } from './pipeline/checks.ts'
import { credentialIdentity } from './event-reach.ts'

type StarterDeps = { db: Db, loadAccount: AccountLoader, capabilities: CapabilityMap, operation: (name: string) => Operation | undefined }

/**
 * Whether a job's starter may still run it, read afresh before each batch: an API key revoked or
 * expired (or an ancestor), a session's account gone, or either no longer allowed the operation
 * (role capability, key scopes), stops the job. OAuth-started jobs are answered by their grant's
 * own revocation (it revokes the tokens, not the jobs), so only keys and sessions are read here.
 */
export async function starterRefusal (deps: StarterDeps, job: JobStarter, now: Date): Promise<string | null> {
  if (job.keyId?.startsWith('oauth:') || (job.keyId === null && job.actorMode !== 'session')) return null
  const credential = job.keyId === null ? { keyId: null, accountId: job.actorId } : { keyId: job.keyId, accountId: null }
  const who = job.keyId === null ? 'the account that started it' : `the API key ${job.keyId} that started it`
  const identity = await credentialIdentity(deps.db, deps.loadAccount, credential, now)
  if (!identity) return `stopped: ${who} was revoked, expired or removed`
  const operation = deps.operation(job.kind)
  if (operation && !callerMayRun({ options: { capabilities: deps.capabilities } }, identity, operation)) return `stopped: ${who} may no longer run ${job.kind}`
  return null
}
