import { randomUUID } from 'node:crypto'
import type { Db } from '../../packages/control-plane/src/platform/db/client.ts'
import type { HostRole } from '../../schema/roles.ts'
import { hashPassword } from '../../schema/password-kdf.ts'
import { DAY_MS, issueApiKey } from '../../packages/control-plane/src/resources/api-keys/issue-key.ts'

export type TestAccount = { id: string, email: string, password: string, key: string, keyId: string }

/** An account of the given role with one API key. */
export async function createAccount (db: Db, role: HostRole = 'administrator', options: { expiresInDays?: number } = {}): Promise<TestAccount> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`
  const password = `pw-${randomUUID()}`
  const account = await db.user.create({ data: { email, name: role, role, password: await hashPassword(password) } })
  const now = new Date()
  const expiresAt = options.expiresInDays ? new Date(now.getTime() + options.expiresInDays * DAY_MS) : null
  const key = await issueApiKey(db, { accountId: account.id, label: 'test', expiresAt }, now)
  return { id: account.id, email, password, key: key.key, keyId: key.id }
}
