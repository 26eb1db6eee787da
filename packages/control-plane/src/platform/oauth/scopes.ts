import { roleHasCapability } from '../auth/capabilities.ts'
import type { ScopedOperation, ScopeGrant } from '../auth/scopes.ts'
import type { CapabilityMap } from '../auth/capabilities.ts'

/** The scope that narrows a token to read-only operations, as `read_only` does for a key. */
export const READ_ONLY_SCOPE = 'read_only'

/** Every scope a client may ask for: each capability, resource and operation, and `read_only`. */
export function oauthScopes (operations: readonly ScopedOperation[], capabilities: CapabilityMap): string[] {
  const names = new Set<string>(Object.keys(capabilities))
  for (const operation of operations) names.add(operation.resource).add(operation.name)
  return [...[...names].sort(), READ_ONLY_SCOPE]
}

/** The scopes among `scopes` that the role reaches: a scope never adds power, so consent cannot grant more. */
export function scopesHeldBy (role: string, scopes: readonly string[], operations: readonly ScopedOperation[], capabilities: CapabilityMap): string[] {
  const holds = (capability: string) => roleHasCapability(capabilities, role, capability)
  return scopes.filter(scope => scope === READ_ONLY_SCOPE ||
    (scope in capabilities ? holds(scope) : operations.some(operation => (operation.name === scope || operation.resource === scope) && holds(operation.capability))))
}

/** A token's scope string as the grant every scope check reads. */
export function grantOfScope (scope: string | undefined): ScopeGrant {
  const scopes = (scope ?? '').split(' ').filter(Boolean)
  return { scopes: scopes.filter(entry => entry !== READ_ONLY_SCOPE), readOnly: scopes.includes(READ_ONLY_SCOPE) }
}
