import { z } from 'zod'
import type { Db } from '../../platform/db/client.ts'
import type { SecretBox } from '../../platform/secrets/secret-box.ts'
import { DatabaseAdapter, opened } from '../../platform/oauth/adapter.ts'

export const connectedAppRecord = z.object({
  grant_id: z.string(),
  client_id: z.string(),
  client_name: z.string().nullable(),
  scopes: z.array(z.string()).describe('What the app may call, as granted at consent (read_only when granted).'),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
})

export type ConnectedApp = z.infer<typeof connectedAppRecord>

export const GRANT_ROW_FIELDS = { key: true, payload: true, grantId: true, clientId: true, createdAt: true, lastUsedAt: true, expiresAt: true, consumedAt: true } as const

type GrantRow = { key: string, payload: string, grantId: string | null, clientId: string | null, createdAt: Date, lastUsedAt: Date | null, expiresAt: Date | null, consumedAt: Date | null }

type Store = { db: Db, secrets: SecretBox, now: () => Date }

/** A grant as "connected apps" shows it: the client's registered name, the scopes of its resources together. */
export async function toConnectedApp (row: GrantRow, store: Store): Promise<ConnectedApp | null> {
  const grant = opened(store, row) as { resources?: Record<string, string> } | undefined
  if (!grant || !row.grantId || !row.clientId) return null
  const client = await new DatabaseAdapter('Client', store).find(row.clientId) as { client_name?: string } | undefined
  const scopes = new Set(Object.values(grant.resources ?? {}).flatMap(scope => scope.split(' ').filter(Boolean)))
  return {
    grant_id: row.grantId,
    client_id: row.clientId,
    client_name: client?.client_name ?? null,
    scopes: [...scopes].sort(),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  }
}
