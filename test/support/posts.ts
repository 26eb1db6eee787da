import type { HostDb as Db } from './in-process-server.ts'

export type PostFields = {
  title?: string
  content?: string
  excerpt?: string
  status?: 'draft' | 'pending' | 'publish'
  postType?: string
  source?: string | null
  tags?: string[]
  categories?: string[]
}

const terms = (names: readonly string[]) => names.map(name => {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  return { where: { slug }, create: { name, slug } }
})

/**
 * A post written straight to the database, as the Admin UI or an import would leave it; with
 * `source`, recorded as delivered by that content source (the control plane's `SvcContentItem`).
 */
export async function createPost (db: Db, fields: PostFields = {}) {
  const postType = await db.postType.findUniqueOrThrow({ where: { slug: fields.postType ?? 'post' }, select: { id: true } })
  const title = fields.title ?? `Post ${Math.random().toString(36).slice(2, 8)}`
  const post = await db.post.create({
    data: {
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      content: fields.content ?? '<p>Body.</p>',
      excerpt: fields.excerpt ?? '',
      status: fields.status ?? 'draft',
      postType: { connect: { id: postType.id } },
      tags: { connectOrCreate: terms(fields.tags ?? []) },
      categories: { connectOrCreate: terms(fields.categories ?? []) },
    },
  })
  if (fields.source) await db.svcContentItem.create({ data: { source: fields.source, postId: String(post.id), contentHash: null } })
  return post
}

/** Where the control plane recorded a post came from: its source, external id and content hash. */
export async function provenanceOf (db: Db, postId: number | string) {
  return db.svcContentItem.findUnique({ where: { postId: String(postId) } })
}

/** The post's fields a pipeline may change, with term slugs. */
export async function readPost (db: Db, id: number) {
  const post = await db.post.findUniqueOrThrow({
    where: { id },
    include: { tags: { select: { slug: true }, orderBy: { slug: 'asc' } }, categories: { select: { slug: true }, orderBy: { slug: 'asc' } } },
  })
  return { ...post, tags: post.tags.map(term => term.slug), categories: post.categories.map(term => term.slug) }
}

/** Ids of the posts a content source delivered, oldest first; with a prefix, only those whose external id starts with it. */
export async function sourcePostIds (db: Db, source: string, externalIdPrefix?: string): Promise<number[]> {
  const items = await db.svcContentItem.findMany({
    where: { source, ...externalIdPrefix === undefined ? {} : { externalId: { startsWith: externalIdPrefix } } },
    select: { postId: true },
  })
  return items.map(item => Number(item.postId)).sort((a, b) => a - b)
}
