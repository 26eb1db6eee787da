import { randomBytes } from 'node:crypto'
import type { PrismaClient } from '../../generated/prisma/client.ts'
import { hashPassword } from '../../schema/password-kdf.ts'

/** The e-mail belongs to an account that is not an administrator, and promoting it was not asked for. */
class PromotionRefused extends Error {
  constructor (email: string, role: string) {
    super(`${email} belongs to an existing ${role} account; nothing was changed. Any account can set its own e-mail, ` +
      'so it is promoted only when asked: run again with --promote to make it an administrator (its password is replaced too).')
    this.name = 'PromotionRefused'
  }
}

/**
 * Creates the administrator, or resets an existing administrator's password. An existing
 * account of another role is promoted only with `promote: true`; `promotedFrom` names its old role.
 */
async function upsertAdministrator (db: PrismaClient, input: { email: string, password: string, name?: string | undefined, promote?: boolean }) {
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { role: true } })
  if (existing && existing.role !== 'administrator' && !input.promote) throw new PromotionRefused(input.email, existing.role)
  const password = await hashPassword(input.password)
  const account = await db.user.upsert({
    where: { email: input.email },
    create: { email: input.email, name: input.name ?? 'Administrator', password, role: 'administrator' },
    update: { password, role: 'administrator', ...(input.name ? { name: input.name } : {}) },
  })
  return { account, promotedFrom: existing && existing.role !== 'administrator' ? existing.role : null }
}

/** On a fresh database, an administrator so the site can be signed in to at all. */
export async function ensureFirstAdministrator (db: PrismaClient, env: NodeJS.ProcessEnv = process.env) {
  if (await db.user.count({ where: { role: 'administrator' } }) > 0) return null
  const email = env.SVC_ADMIN_EMAIL?.trim() || 'admin@example.com'
  const password = env.SVC_ADMIN_PASSWORD || randomBytes(12).toString('base64url')
  await upsertAdministrator(db, { email, password }).catch(error => {
    if (!(error instanceof PromotionRefused)) throw error
    throw new Error(`SVC_ADMIN_EMAIL ${email} belongs to an existing non-administrator account, which is not promoted on its own: ` +
      `set SVC_ADMIN_EMAIL to another address, or promote it with npm run cli -- create-admin --email ${email} --password … --promote`)
  })
  return { email, password, generated: !env.SVC_ADMIN_PASSWORD }
}
