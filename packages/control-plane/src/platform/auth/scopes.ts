/**
 * What a credential (an API key today, an OAuth token later) may do beyond its owner's role.
 * `scopes: null` grants everything the owner may do; otherwise each entry is a capability
 * (`manage_options`), a resource (`leads`) or one operation (`leads.list`).
 */
export type ScopeGrant = {
  scopes: readonly string[] | null
  /** Only operations flagged read-only. */
  readOnly: boolean
}

/**
 * The operation facts a scope decision reads. `ownRecords`: a credential reaches the records it
 * made itself without the operation's scope (the handler narrows to them); see `grantCovers`.
 */
export type ScopedOperation = { name: string, resource: string, capability: string, readonly: boolean, ownRecords?: boolean }

export const FULL_GRANT: ScopeGrant = { scopes: null, readOnly: false }

/**
 * Minting needs the resource or the operation itself: a capability scope such as
 * `manage_options` lets a key manage the site, not multiply itself.
 */
const NAMED_ONLY = new Set(['api_keys.mint'])

function scopeCovers (scope: string, operation: ScopedOperation): boolean {
  if (scope === operation.name || scope === operation.resource) return true
  return scope === operation.capability && !NAMED_ONLY.has(operation.name)
}

/**
 * The scope the grant lacks for the operation (the one to name in a refusal), or null when the
 * grant allows it. The owner's role is checked separately: a scope never adds power.
 */
export function missingScope (grant: ScopeGrant, operation: ScopedOperation): string | null {
  if (grant.readOnly && !operation.readonly) return `${operation.name} (this key is read-only)`
  return grantCovers(grant, operation) || operation.ownRecords === true ? null : operation.name
}

/** Whether the grant's scopes name the operation (its own name, its resource or its capability), its own records aside. */
export const grantCovers = (grant: ScopeGrant, operation: ScopedOperation): boolean =>
  grant.scopes === null || grant.scopes.some(scope => scopeCovers(scope, operation))

export const scopeAllows = (grant: ScopeGrant, operation: ScopedOperation): boolean => missingScope(grant, operation) === null

/** The names in `scopes` that are neither a capability, a resource nor an operation of `operations`. */
export function unknownScopes (scopes: readonly string[], operations: readonly ScopedOperation[], capabilities: Iterable<string>): string[] {
  const known = new Set<string>(capabilities)
  for (const operation of operations) known.add(operation.name).add(operation.resource).add(operation.capability)
  return [...new Set(scopes)].filter(scope => !known.has(scope))
}

/** The first operation `child` allows that `parent` does not, or null when the child stays within its parent. */
export function exceedsGrant (child: ScopeGrant, parent: ScopeGrant, operations: readonly ScopedOperation[]): ScopedOperation | null {
  return operations.find(operation => scopeAllows(child, operation) && !scopeAllows(parent, operation)) ?? null
}

/** Scopes as stored in one text column: JSON, `null` for the full grant. */
export const serializeScopes = (scopes: readonly string[] | null): string | null => scopes === null ? null : JSON.stringify([...new Set(scopes)].sort())

export function parseStoredScopes (stored: string | null | undefined): readonly string[] | null {
  if (stored === null || stored === undefined || stored === '') return null
  const value: unknown = JSON.parse(stored)
  // A malformed column must narrow, never widen, what the key may do.
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []
}
