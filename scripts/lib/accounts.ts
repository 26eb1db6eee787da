import { randomBytes } from 'node:crypto'
import type { PrismaClient } from '../../generated/prisma/client.ts'
import { hashPassword } from '../../schema/password-kdf.ts'

/** Creates the administrator, or makes an existing account with that e-mail one, with this password. */
export async function upsertAdministrator (db: PrismaClient, input: { email: string, password: string, name?: string }) {
  const password = await hashPassword(input.password)
  return db.user.upsert({
    where: { email: input.email },
    create: { email: input.email, name: input.name ?? 'Administrator', password, role: 'administrator' },
    update: { password, role: 'administrator', ...(input.name ? { name: input.name } : {}) },
  })
}

/** On a fresh database, an administrator so the site can be signed in to at all. */
export async function ensureFirstAdministrator (db: PrismaClient, env: NodeJS.ProcessEnv = process.env) {
  if (await db.user.count({ where: { role: 'administrator' } }) > 0) return null
  const email = env.SVC_ADMIN_EMAIL?.trim() || 'admin@example.com'
  const password = env.SVC_ADMIN_PASSWORD || randomBytes(12).toString('base64url')
  await upsertAdministrator(db, { email, password })
  return { email, password, generated: !env.SVC_ADMIN_PASSWORD }
}
