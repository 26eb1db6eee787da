import type { Db, Tx } from '../../db/client.ts'
import { conflict, invalidParams } from '../../errors.ts'

/** Ingested posts need their target post type to exist. */
export async function requirePostType (db: Db | Tx, slug: string): Promise<void> {
  if (await db.postType.findUnique({ where: { slug }, select: { id: true } })) return
  throw invalidParams(`post type "${slug}" does not exist; create it with new_cpt`, {
    issues: [{ path: 'target_post_type', code: 'not_found', message: `no post type "${slug}"` }],
  })
}

/** new_cpt on create: a new custom post type. An existing slug is a conflict, not a silent reuse. */
export async function addPostType (tx: Tx, type: { slug: string, name: string }): Promise<void> {
  if (await tx.postType.findUnique({ where: { slug: type.slug }, select: { id: true } })) {
    throw conflict(`post type "${type.slug}" already exists; target it with target_post_type instead of new_cpt`)
  }
  await tx.postType.create({ data: type })
}

/** On import: the source's custom post type, created when this site lacks it. */
export async function ensurePostType (tx: Tx, type: { slug: string, name: string }): Promise<void> {
  if (await tx.postType.findUnique({ where: { slug: type.slug }, select: { id: true } })) return
  await tx.postType.create({ data: type })
}

export async function postTypeName (db: Db, slug: string): Promise<string | null> {
  return (await db.postType.findUnique({ where: { slug }, select: { name: true } }))?.name ?? null
}
