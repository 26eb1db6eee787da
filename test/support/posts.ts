import type { Db } from '../../packages/control-plane/src/db/client.ts'

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

/** A post written straight to the database, as the Admin UI or an import would leave it. */
export async function createPost (db: Db, fields: PostFields = {}) {
  const postType = await db.postType.findUniqueOrThrow({ where: { slug: fields.postType ?? 'post' }, select: { id: true } })
  const title = fields.title ?? `Post ${Math.random().toString(36).slice(2, 8)}`
  return db.post.create({
    data: {
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      content: fields.content ?? '<p>Body.</p>',
      excerpt: fields.excerpt ?? '',
      status: fields.status ?? 'draft',
      source: fields.source ?? null,
      postType: { connect: { id: postType.id } },
      tags: { connectOrCreate: terms(fields.tags ?? []) },
      categories: { connectOrCreate: terms(fields.categories ?? []) },
    },
  })
}

/** The post's fields a pipeline may change, with term slugs. */
export async function readPost (db: Db, id: number) {
  const post = await db.post.findUniqueOrThrow({
    where: { id },
    include: { tags: { select: { slug: true }, orderBy: { slug: 'asc' } }, categories: { select: { slug: true }, orderBy: { slug: 'asc' } } },
  })
  return { ...post, tags: post.tags.map(term => term.slug), categories: post.categories.map(term => term.slug) }
}
