import type { Db, Tx } from '../db/client.ts'
import type { PostStatus } from '../html/post-statuses.ts'
import type { ResolvedContent } from './content.ts'
import { delegateKey } from './content.ts'
import { bodyCodecFor } from './post-body.ts'
import { postIdOfRow, prismaPostId, type PostId } from './post-ids.ts'
import { invalidParams } from '../errors/errors.ts'
import { factsOf, termListOf, type TermKind } from './model-facts.ts'
import { authorSelect, readAuthor, writeAuthor, type AuthorValue } from './post-author.ts'
import { createTerm, ensureTermIds, findTerm, termSelect, toTerm, type Term, type TermDelegate } from './term-lists.ts'

export type { Term } from './term-lists.ts'

/** A post as the control plane reads it, whatever the host calls its fields. Parts the field map leaves out are null (or empty). */
export type HostPost = {
  id: PostId
  title: string
  /** The body as HTML (a document body is converted). */
  body: string
  slug: string | null
  /** The contract's state (`draft`, `pending`, `publish`) when the host's value is mapped, else the host's value; null without a status field. */
  status: string | null
  excerpt: string | null
  /** A team-member slot, or the id of an account (`host.content.fields.author`); null when none. */
  author: AuthorValue | null
  meta: unknown
  /** The concurrency token of pipeline runs; null when the map has no `updatedAt`. */
  updatedAt: Date | null
  postType: Term | null
  tags: Term[]
  categories: Term[]
  createdAt: Date | null
}

/** What the control plane writes to a post; a part the field map leaves out is not written. */
export type PostWrite = {
  title?: string
  /** HTML; written in the body's format. */
  body?: string
  slug?: string
  status?: PostStatus
  excerpt?: string
  author?: AuthorValue | null
  meta?: Record<string, unknown>
  postTypeId?: unknown
  tagIds?: readonly unknown[]
  categoryIds?: readonly unknown[]
}

/** A row of a host's list as Prisma returns it: the field names are the host's, so values are read by name. */
type HostRow = Record<string, unknown>

/** The part of a host list's Prisma delegate the gateway uses; `Row` is what its selects return. */
type Delegate<Row> = {
  findUnique: (args: object) => Promise<Row | null>
  findMany: (args: object) => Promise<Row[]>
  create: (args: object) => Promise<Row>
  createManyAndReturn: (args: object) => Promise<Row[]>
  update: (args: object) => Promise<Row>
  updateMany: (args: object) => Promise<{ count: number }>
  count: (args: object) => Promise<number>
}

type Client = Db | Tx

const delegateOf = <Row = HostRow>(db: Client, list: string): Delegate<Row> => {
  const delegate = (db as unknown as Record<string, Delegate<Row> | undefined>)[delegateKey(list)]
  if (!delegate) throw new Error(`host.content: the Prisma client has no ${list} list`)
  return delegate
}

const bodyCodec = (content: ResolvedContent) => bodyCodecFor(content.fields.body.format, factsOf(content).bodyStoredAsText)

/**
 * HTML as it will read back once written: a document body keeps the nodes, not the markup, so
 * the HTML a stage produced and the HTML the stored document gives may differ in form alone.
 */
export function bodyAsStored (content: ResolvedContent, html: string): string {
  const codec = bodyCodec(content)
  return codec.read(codec.write(html))
}

function selection (content: ResolvedContent): Record<string, unknown> {
  const { fields } = content
  const select: Record<string, unknown> = { id: true, [fields.title]: true, [fields.body.field]: true }
  for (const part of ['slug', 'excerpt', 'meta', 'updatedAt', 'createdAt'] as const) {
    if (fields[part]) select[fields[part]] = true
  }
  if (fields.author) select[fields.author] = authorSelect(content)
  if (fields.status) select[fields.status.field] = true
  if (fields.postType) select[fields.postType] = termSelect(termListOf(content, 'postType'))
  if (fields.tags) select[fields.tags] = { ...termSelect(termListOf(content, 'tags')), orderBy: { id: 'asc' } }
  if (fields.categories) select[fields.categories] = { ...termSelect(termListOf(content, 'categories')), orderBy: { id: 'asc' } }
  return select
}

/** The terms of one kind as the query returned them. */
function termsIn (content: ResolvedContent, kind: TermKind, stored: unknown): Term[] {
  const shape = termListOf(content, kind)
  return ((stored ?? []) as Parameters<typeof toTerm>[0][]).map(row => toTerm(row, shape))
}

/** The contract's state for a host value: the mapped state, or the host's value as it is. */
function contractStatus (content: ResolvedContent, value: unknown): string | null {
  if (!content.fields.status || typeof value !== 'string') return null
  const found = Object.entries(content.fields.status.values).find(([, host]) => host === value)
  return found ? found[0] : value
}

/** The host's status value of a contract state, or null when the field map does not name one. */
export function hostStatus (content: ResolvedContent, status: PostStatus): string | null {
  return content.fields.status?.values[status] ?? null
}

const textOrNull = (value: unknown) => typeof value === 'string' ? value : null

// The casts below hold because the field map was checked against the database model when the server mounted (check-posts-model.ts).
function toHostPost (content: ResolvedContent, row: HostRow): HostPost {
  const { fields } = content
  const pick = (field: string | null) => field === null ? null : row[field]
  const postType = pick(fields.postType)
  return {
    id: postIdOfRow(row.id),
    title: textOrNull(row[fields.title]) ?? '',
    body: bodyCodec(content).read(row[fields.body.field]),
    slug: textOrNull(pick(fields.slug)),
    status: contractStatus(content, pick(fields.status?.field ?? null)),
    excerpt: textOrNull(pick(fields.excerpt)),
    author: readAuthor(content, pick(fields.author)),
    meta: pick(fields.meta),
    updatedAt: (pick(fields.updatedAt) ?? null) as Date | null,
    postType: postType ? termsIn(content, 'postType', [postType])[0]! : null,
    tags: termsIn(content, 'tags', pick(fields.tags)),
    categories: termsIn(content, 'categories', pick(fields.categories)),
    createdAt: (pick(fields.createdAt) ?? null) as Date | null,
  }
}

const connectAll = (ids: readonly unknown[]) => ids.map(id => ({ id }))

/** The data of a write in the host's field names; relations are `connect` on create, `set` on update. */
function writeData (content: ResolvedContent, write: PostWrite, mode: 'create' | 'update'): Record<string, unknown> {
  const { fields } = content
  const data: Record<string, unknown> = {}
  if (write.title !== undefined) data[fields.title] = write.title
  if (write.body !== undefined) data[fields.body.field] = bodyCodec(content).write(write.body)
  if (write.slug !== undefined && fields.slug) data[fields.slug] = write.slug
  if (write.excerpt !== undefined && fields.excerpt) data[fields.excerpt] = write.excerpt
  if (write.author !== undefined && fields.author) {
    const author = writeAuthor(content, write.author, mode)
    if (author !== undefined) data[fields.author] = author
  }
  if (write.meta !== undefined && fields.meta) data[fields.meta] = write.meta
  if (write.status !== undefined && fields.status) {
    const value = hostStatus(content, write.status)
    if (value !== null) data[fields.status.field] = value
  }
  if (write.postTypeId !== undefined && write.postTypeId !== null && fields.postType) data[fields.postType] = { connect: { id: write.postTypeId } }
  const relation = mode === 'create' ? 'connect' : 'set'
  if (write.tagIds !== undefined && fields.tags) data[fields.tags] = { [relation]: connectAll(write.tagIds) }
  if (write.categoryIds !== undefined && fields.categories) data[fields.categories] = { [relation]: connectAll(write.categoryIds) }
  return data
}

export type ListQuery = { search?: string, limit: number, insensitive: boolean }

/** Which posts a batch covers: each part given narrows it. */
export type PostSelection = {
  ids?: readonly PostId[] | undefined
  status?: PostStatus | undefined
  /** Created at or after. */
  since?: Date | undefined
  /** Created before. */
  until?: Date | undefined
}

/** The selection in the host's field names; `invalid_params` for a part the field map has no field for. */
function selectionWhere (content: ResolvedContent, selection: PostSelection): Record<string, unknown> {
  const { fields } = content
  const where: Record<string, unknown> = {}
  if (selection.ids) where.id = { in: selection.ids.map(id => prismaPostId(content, id)) }
  if (selection.status !== undefined) {
    const value = hostStatus(content, selection.status)
    if (!fields.status || value === null) throw invalidParams(`filter.status: this site's posts have no status ${selection.status} (host.content.fields.status)`)
    where[fields.status.field] = value
  }
  if (selection.since !== undefined || selection.until !== undefined) {
    if (!fields.createdAt) throw invalidParams('filter.since/until: this site\'s posts have no creation time (host.content.fields.createdAt)')
    where[fields.createdAt] = { ...selection.since ? { gte: selection.since } : {}, ...selection.until ? { lt: selection.until } : {} }
  }
  return where
}

/**
 * The host's posts, read and written through the field map: the one place the control plane
 * touches the host's posts list and its tags, categories and post types.
 */
export class PostsGateway {
  readonly content: ResolvedContent
  readonly #db: Client

  constructor (db: Client, content: ResolvedContent) {
    this.#db = db
    this.content = content
  }

  get #posts (): Delegate<HostRow> {
    return delegateOf(this.#db, this.content.list)
  }

  async get (id: PostId): Promise<HostPost | null> {
    const row = await this.#posts.findUnique({ where: { id: prismaPostId(this.content, id) }, select: selection(this.content) })
    return row ? toHostPost(this.content, row) : null
  }

  /** Posts whose title contains the search, most recently updated first (newest id first without `updatedAt`). */
  async list ({ search, limit, insensitive }: ListQuery): Promise<HostPost[]> {
    const { fields } = this.content
    const where = search === undefined ? {} : { [fields.title]: { contains: search, ...insensitive ? { mode: 'insensitive' } : {} } }
    const orderBy = [...fields.updatedAt ? [{ [fields.updatedAt]: 'desc' }] : [], { id: 'desc' }]
    const rows = await this.#posts.findMany({ where, select: selection(this.content), orderBy, take: limit })
    return rows.map(row => toHostPost(this.content, row))
  }

  /** How many posts the selection covers. */
  async countSelected (selection: PostSelection): Promise<number> {
    return this.#posts.count({ where: selectionWhere(this.content, selection) })
  }

  /** The ids of the selection's next `limit` posts after `after` (from the first without it), in id order: a batch's keyset page. */
  async selectedIdsAfter (selection: PostSelection, after: PostId | null, limit: number): Promise<PostId[]> {
    const where = selectionWhere(this.content, selection)
    const rows = await this.#posts.findMany({
      where: after === null ? where : { AND: [where, { id: { gt: prismaPostId(this.content, after) } }] },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: limit,
    })
    return rows.map(row => postIdOfRow(row.id))
  }

  async create (write: PostWrite): Promise<PostId> {
    const row = await this.#posts.create({ data: writeData(this.content, write, 'create'), select: { id: true } })
    return postIdOfRow(row.id)
  }

  /**
   * Writes a post. With `ifUpdatedAt` (and an `updatedAt` field), only while the post's
   * `updatedAt` is still that one, stamping `updatedAt` to the given time: answers false when
   * another write came first.
   */
  async update (postId: PostId, write: PostWrite, guard?: { ifUpdatedAt: Date | null, updatedAt: Date }): Promise<boolean> {
    const { fields } = this.content
    const id = prismaPostId(this.content, postId)
    // Relationships are written by `update`, not `updateMany`: the terms, and an author that is an account.
    const authorIsRelation = factsOf(this.content).author === 'account'
    const { tagIds, categoryIds, postTypeId, author, ...scalars } = write
    const data = writeData(this.content, { ...scalars, author: authorIsRelation ? undefined : author }, 'update')
    if (guard && fields.updatedAt) {
      const { count } = await this.#posts.updateMany({ where: { id, [fields.updatedAt]: guard.ifUpdatedAt }, data: { ...data, [fields.updatedAt]: guard.updatedAt } })
      if (count === 0) return false
    } else if (Object.keys(data).length > 0) {
      const { count } = await this.#posts.updateMany({ where: { id }, data })
      if (count === 0) return false
    }
    const relations = writeData(this.content, { tagIds, categoryIds, postTypeId, author: authorIsRelation ? author : undefined }, 'update')
    if (Object.keys(relations).length > 0) {
      await this.#posts.update({ where: { id }, data: { ...relations, ...guard && fields.updatedAt ? { [fields.updatedAt]: guard.updatedAt } : {} } })
    }
    return true
  }

  /** The slugs in use that start with `base`, within the post type when the map has one. */
  async slugsStartingWith (base: string, postTypeId: unknown): Promise<Set<string>> {
    const { slug, postType } = this.content.fields
    if (!slug) return new Set()
    const where = { [slug]: { startsWith: base }, ...postType && postTypeId !== undefined && postTypeId !== null ? { [postType]: { is: { id: postTypeId } } } : {} }
    const rows = await this.#posts.findMany({ where, select: { [slug]: true } })
    return new Set(rows.map(row => row[slug] as string))
  }

  /** Whether the map has this relationship part. */
  has (kind: TermKind): boolean {
    return this.content.fields[kind] !== null
  }

  #terms (kind: TermKind): TermDelegate {
    return delegateOf<never>(this.#db, termListOf(this.content, kind).list)
  }

  /**
   * The related record (a post type, a tag, a category) with this slug, or, on a list without
   * slugs, with this name in any letter case; null when there is none.
   */
  async findTerm (kind: TermKind, slug: string): Promise<Term | null> {
    if (!this.has(kind)) return null
    return findTerm(this.#terms(kind), termListOf(this.content, kind), slug, factsOf(this.content).insensitive)
  }

  async createTerm (kind: TermKind, data: { name: string, slug: string }): Promise<Term> {
    return createTerm(this.#terms(kind), termListOf(this.content, kind), data)
  }

  /** Ids of the terms with these names, created when missing (see `ensureTermIds`); none when the map leaves the kind out. */
  async ensureTerms (kind: 'tags' | 'categories', names: readonly string[]): Promise<unknown[]> {
    if (!this.has(kind)) return []
    return ensureTermIds(this.#terms(kind), termListOf(this.content, kind), names, factsOf(this.content).insensitive)
  }
}

/** The gateway over a client or a transaction. */
export const postsOf = (db: Client, content: ResolvedContent) => new PostsGateway(db, content)

type WithContent = { host: { content: ResolvedContent | false } }

/** The posts list, for code of a resource that requires content (such a resource is not installed when `host.content` is false). */
export function requireContent (options: WithContent): ResolvedContent {
  if (!options.host.content) throw new Error('the host has no posts list (host.content is false)')
  return options.host.content
}

/** The host's posts, for code of a resource that requires content. */
export const hostPosts = (db: Client, options: WithContent): PostsGateway => postsOf(db, requireContent(options))
