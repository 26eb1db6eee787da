import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { displayName } from '../../../platform/lib/fields.ts'
import { exceedsGrant, unknownScopes, type ScopeGrant } from '../../../platform/auth/scopes.ts'
import { forbidden, invalidParams } from '../../../platform/errors/errors.ts'
import type { OperationContext } from '../../../kernel/registry/operation-context.ts'
import { apiKeyRecord } from '../shape.ts'
import { issueApiKey } from '../issue-key.ts'
import { expiryOf } from '../expiry.ts'
import { ownerIdOf } from '../owner-id.ts'
import { apiKeyMinted } from '../events.ts'
import { pinnedVersionOf } from '../pinned-version.ts'
import { addedIn } from '../../../kernel/registry/since.ts'

/** The new key's grant: what was asked, within the minting key's (a child narrows, never widens). */
function grantOf (asked: { scopes?: string[] | undefined, read_only?: boolean | undefined }, { identity, registry, options }: Pick<OperationContext, 'identity' | 'registry' | 'options'>): ScopeGrant {
  const operations = registry.all()
  if (asked.scopes) {
    const unknown = unknownScopes(asked.scopes, operations, Object.keys(options.capabilities))
    if (unknown.length > 0) throw invalidParams(`scopes: unknown scope${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`, { unknown_scopes: unknown })
  }
  const parent = identity.grant
  const grant = { scopes: asked.scopes ?? parent.scopes, readOnly: (asked.read_only ?? false) || parent.readOnly }
  const beyond = exceedsGrant(grant, parent, operations)
  if (beyond) throw forbidden(`a key cannot grant more than the key minting it: its scopes do not include ${beyond.name}`)
  return grant
}

/**
 * A connector mints no key: a key lives on its own expiry and survives "Disconnect", so one minted
 * through an OAuth grant would carry the grant's reach past its end.
 */
function assertNotThroughOAuth (identity: OperationContext['identity']): void {
  if (identity.mode === 'oauth') throw forbidden('api_keys.mint is refused through an OAuth grant: a key would outlive the grant; mint keys signed in or with an API key')
}

export const mintApiKey = defineOperation({
  summary: 'Mint an API key for the calling account. The key is shown once, in this response.',
  description: 'The key acts as the calling account, narrowed by its scopes: if that account loses the capability, so does the key. ' +
    'A key minted with a key is its child (parent in api_keys.list): its scopes and expiry never exceed its parent\'s, ' +
    'it needs the api_keys (or api_keys.mint) scope, and revoking the parent revokes it too. Refused through an OAuth grant (a key would outlive it).',
  examples: [
    { title: 'A key for a build pipeline, valid for 30 days', params: { label: 'Build pipeline', expires_in_days: 30 } },
    { title: 'A read-only key for a dashboard that reads leads', params: { label: 'Dashboard', expires_in_days: 30, scopes: ['leads'], read_only: true } },
    { title: 'A key for an AI agent whose destructive calls wait for approval', params: { label: 'Agent', expires_in_days: 7, approval: 'destructive' } },
    { title: 'A key for an integration written against release 1.5.000: refused by any site that cannot answer as it', params: { label: 'Zapier', expires_in_days: 30, pinned_version: '1.5.000' } },
  ],
  params: z.object({
    label: displayName.describe('What the key is for, e.g. "CI pipeline".'),
    expires_in_days: z.number().int().min(1).max(36500).nullable().optional()
      .describe('Days until the key stops working, at most the site\'s maximum (security.apiKeys.maxExpiryDays, 90 by default). Default: that maximum, or the minting key\'s own expiry if sooner. null (never) only where the site allows it.'),
    scopes: z.array(z.string().min(1).max(100)).max(200).optional()
      .describe('What the key may call: capabilities (manage_options), resources (leads) or operations (leads.list). Default: everything the account may do (or the minting key\'s scopes).'),
    read_only: z.boolean().optional().describe('Only operations flagged read-only. Default: false (true when minted with a read-only key).'),
    approval: z.enum(['none', 'destructive']).optional()
      .describe('destructive: the key\'s destructive calls answer 202 approval_required and wait for an administrator. Default: none (destructive when minted with such a key).'),
    pinned_version: z.string().min(1).max(20).nullable().optional()
      .describe('The product version (1.5.000) every call with the key pins, as if it sent Svc-Version: a site that cannot answer as it refuses the key\'s calls with unsupported_version. ' +
        'At most the installed version, of its major. Default: none (the minting key\'s pin when minted with a pinned key); null: none.')
      .meta(addedIn('1.5.000')),
  }),
  shownOnce: ['key'],
  returns: apiKeyRecord.extend({ key: z.string().describe('The API key. Store it now: it cannot be shown again.') }),
  errors: ['conflict'],
  async handler ({ label, expires_in_days, scopes, read_only, approval, pinned_version }, context) {
    const { identity, now, options } = context
    assertNotThroughOAuth(identity)
    const at = now()
    const grant = grantOf({ scopes, read_only }, context)
    const expiresAt = expiryOf(expires_in_days, options.apiKeys, identity, at)
    const parent = identity.mode === 'api_key' && identity.keyId ? { publicId: identity.keyId, maxChildren: options.apiKeys.maxChildren } : null
    // An approval-gated key cannot shed its gate by minting an ungated child.
    const gate = identity.approval === 'destructive' ? 'destructive' : approval ?? 'none'
    const pinnedVersion = pinnedVersionOf(pinned_version, identity)
    const input = { accountId: ownerIdOf(options, identity), label, expiresAt, grant, approval: gate, parent, pinnedVersion }
    const data = await context.withEvent(tx => issueApiKey(tx, input, at), apiKeyMinted, minted => minted)
    return { data, changed: true }
  },
})
