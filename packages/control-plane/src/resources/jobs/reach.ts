import type { OperationContext } from '../../kernel/registry/operation-context.ts'
import { roleHasCapability } from '../../platform/auth/capabilities.ts'
import { grantCovers, scopeAllows } from '../../platform/auth/scopes.ts'
import { startedBy } from '../../platform/jobs/started-by.ts'
import type { JobReach } from './shape.ts'

/**
 * The jobs a caller reaches through `operation` (a `jobs.*` operation, declared `ownRecords`): those
 * its own credential started, always; others' only when its scopes cover `operation` too, and then
 * those of the operations it may run itself (its role's capability and its scopes): a `jobs` key
 * does not see the jobs of a resource it cannot reach.
 */
export function reachableJobs ({ identity, registry, options }: Pick<OperationContext, 'identity' | 'registry' | 'options'>, operation: string): JobReach {
  const own = startedBy(identity)
  const jobsOperation = registry.all().find(entry => entry.name === operation)
  if (!jobsOperation || !grantCovers(identity.grant, jobsOperation)) return own
  const kinds = registry.all()
    .filter(entry => roleHasCapability(options.capabilities, identity.account.role, entry.capability) && scopeAllows(identity.grant, entry))
    .map(entry => entry.name)
  return { OR: [own, { kind: { in: kinds } }] }
}
