import { z } from 'zod'
import { defineOperation } from '../../../registry/define-operation.ts'
import { isoOrNull } from '../../../lib/timestamps.ts'
import type { DatabaseProvider } from '../../../db/database-url.ts'

export const postChoice = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.string(),
  post_type: z.string().nullable().describe('Slug of the post type.'),
  source: z.string().nullable().describe('Slug of the content source that delivered the post; null for posts written by hand.'),
  updated_at: z.string().nullable(),
})

/** SQLite's LIKE ignores the case of ASCII letters already; PostgreSQL's needs to be told. */
const titleContains = (search: string, provider: DatabaseProvider) =>
  ({ title: { contains: search, ...(provider === 'postgresql' ? { mode: 'insensitive' as const } : {}) } })

export const listPosts = defineOperation({
  resource: 'pipelines',
  action: 'list_posts',
  summary: 'Find the posts a recipe can run on, by title, most recently updated first.',
  description: 'For choosing the post_id of pipelines.run and pipelines.list_runs by title.',
  readonly: true,
  examples: [{ title: 'Posts whose title mentions "launch"', params: { search: 'launch', limit: 10 } }],
  params: z.object({
    search: z.string().trim().min(1).max(200).optional().describe('Only posts whose title contains this, ignoring case.'),
    limit: z.number().int().min(1).max(50).optional().describe('At most this many posts, 1–50. Default 20.'),
  }),
  returns: z.object({ posts: z.array(postChoice) }),
  async handler ({ search, limit = 20 }, { db, options }) {
    const rows = await db.post.findMany({
      where: search === undefined ? {} : titleContains(search, options.databaseProvider),
      select: { id: true, title: true, status: true, source: true, updatedAt: true, postType: { select: { slug: true } } },
      orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      take: limit,
    })
    const posts = rows.map(row => ({
      id: row.id,
      title: row.title,
      status: row.status,
      post_type: row.postType?.slug ?? null,
      source: row.source,
      updated_at: isoOrNull(row.updatedAt),
    }))
    return { data: { posts }, changed: false }
  },
})
