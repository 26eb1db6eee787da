import type { PrismaClient } from '../generated/prisma/client.ts'
import { isUniqueViolation } from 'keystone-svc-control-plane'

/** The post types every site has. */
const BUILTIN_POST_TYPES = [
  { slug: 'post', name: 'Posts' },
  { slug: 'page', name: 'Pages' },
] as const

/** Creates the missing built-in post types; several processes may run it at once. */
export async function seedPostTypes (db: PrismaClient): Promise<void> {
  for (const type of BUILTIN_POST_TYPES) {
    if (await db.postType.findUnique({ where: { slug: type.slug }, select: { id: true } })) continue
    try {
      await db.postType.create({ data: type })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
  }
}
