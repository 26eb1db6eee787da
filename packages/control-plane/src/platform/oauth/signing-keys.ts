import { randomBytes } from 'node:crypto'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import { isUniqueViolation } from '../db/client.ts'
import { bindTo } from '../secrets/sealed-column.ts'
import { DatabaseAdapter, OAUTH_PAYLOAD, recordKey, type OAuthStore } from './adapter.ts'

/** What every instance must share to verify and decrypt each other's output: the signing key and the cookie keys. */
export type ServerKeys = { jwks: { keys: JWK[] }, cookieKeys: string[] }

const MODEL = 'ServerKeys'
const ID = 'current'

async function generate (): Promise<ServerKeys> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const jwk = { ...await exportJWK(privateKey), alg: 'ES256', use: 'sig', kid: randomBytes(8).toString('base64url') }
  return { jwks: { keys: [jwk] }, cookieKeys: [randomBytes(32).toString('base64url')] }
}

/**
 * The keys, created by the first instance that needs them; the unique key makes a second
 * instance starting at the same moment read the first one's instead of writing its own.
 */
export async function loadServerKeys (store: OAuthStore): Promise<ServerKeys> {
  const records = new DatabaseAdapter(MODEL, store)
  const stored = await records.find(ID)
  if (stored) return stored as unknown as ServerKeys
  const keys = await generate()
  try {
    const key = recordKey(MODEL, ID)
    // create, not upsert: a second instance must not replace keys the first already signs with.
    await store.db.svcOAuthRecord.create({
      data: { key, model: MODEL, payload: store.secrets.seal(JSON.stringify(keys), bindTo(OAUTH_PAYLOAD, key)), createdAt: store.now() },
    })
    return keys
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    return await records.find(ID) as unknown as ServerKeys
  }
}
