import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { isoOrNull } from '../../../platform/lib/timestamps.ts'
import { hostPosts } from '../../../platform/host-contract/posts.ts'
import { storedPostId } from '../../../platform/host-contract/post-ids.ts'
import { postProvenance } from '../../../kernel/hooks/post-provenance.ts'
import { postIdValue } from '../post-id.ts'

const postChoice = z.object({
  id: postIdValue,
  title: z.string(),
  status: z.string().nullable().describe('draft, pending or publish (or the host\'s own value when it maps to none of them); null when the host\'s posts have no status.'),
  post_type: z.string().nullable().describe('Slug of the post type.'),
  source: z.string().nullable().describe('Slug of the content source that delivered the post; null for posts written by hand.'),
  updated_at: z.string().nullable(),
})

export const listPosts = defineOperation({
  summary: 'Find the posts a recipe can run on, by title, most recently updated first.',
  description: 'For choosing the post_id of pipelines.run and pipelines.list_runs by title. Reads the host\'s posts list (host.content).',
  readonly: true,
  examples: [{ title: 'Posts whose title mentions "launch"', params: { search: 'launch', limit: 10 } }],
  params: z.object({
    search: z.string().trim().min(1).max(200).optional().describe('Only posts whose title contains this, ignoring case.'),
    limit: z.number().int().min(1).max(50).optional().describe('At most this many posts, 1–50. Default 20.'),
  }),
  returns: z.object({ posts: z.array(postChoice) }),
  async handler ({ search, limit = 20 }, { db, options, hooks }) {
    // SQLite's LIKE ignores the case of ASCII letters already; PostgreSQL's needs to be told.
    const rows = await hostPosts(db, options).list({ search, limit, insensitive: options.databaseProvider === 'postgresql' })
    const sources = await hooks.get(postProvenance)?.sourcesOf(db, rows.map(row => row.id)) ?? new Map<string, string>()
    const posts = rows.map(row => ({
      id: row.id,
      title: row.title,
      status: row.status,
      post_type: row.postType?.slug ?? null,
      source: sources.get(storedPostId(row.id)) ?? null,
      updated_at: isoOrNull(row.updatedAt),
    }))
    return { data: { posts }, changed: false }
  },
})
