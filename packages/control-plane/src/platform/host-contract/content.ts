import type { ModelFacts } from './model-facts.ts'
import type { PostStatus } from '../html/post-statuses.ts'

/**
 * How the contract's publication states (`draft`, `pending`, `publish`) are stored in the host's
 * status field. A state left out is not written: a post ingested as that state takes the field's
 * default, and a content source may not name it as its `default_post_status`.
 */
type HostStatusOptions = {
  /** The status field (a `select` or `text` field). */
  field: string
  /** The host's value for a published post. */
  published: string
  /** The host's value for a draft. @default undefined (not written) */
  draft?: string
  /** The host's value for a post waiting for review. @default undefined (not written) */
  pending?: string
}

/** The body field and how it is stored. */
type HostBodyOptions = {
  /** The field. @default 'content' */
  field?: string
  /** `html`: a text field holding HTML; `document`: a Keystone `document` field. @default 'html' */
  format?: 'html' | 'document'
}

/**
 * Which field of the posts list holds each part of a post. An optional part left `undefined`
 * uses the field of its default name when the list has one (and is left out otherwise); a name
 * given explicitly must exist (the server refuses to start); `false` leaves the part out even
 * when such a field exists. What needs a part that is left out is switched off and says so:
 * a recipe with `set_excerpt` without `excerpt`, `apply_taxonomy` terms without `tags`/`categories`, …
 */
type HostContentFields = {
  /** The title, a text field. Required. @default 'title' */
  title?: string
  /** The body. Required. @default { field: 'content', format: 'html' } */
  body?: string | HostBodyOptions
  /** A text field, unique per post type or not; ingest fills it with a free slug. @default 'slug' when present */
  slug?: string | false
  /** The publication state. @default { field: 'status', published: 'publish', draft: 'draft', pending: 'pending' } when a `status` field is present */
  status?: HostStatusOptions | false
  /** A text field with the post's summary. @default 'excerpt' when present */
  excerpt?: string | false
  /** A timestamp set on every write (`db: { updatedAt: true }`): the concurrency token of pipeline runs. @default 'updatedAt' when present */
  updatedAt?: string | false
  /**
   * The author: a relationship to the accounts list (`host.accounts.list`), or an integer field
   * holding a team-member slot. @default 'author' when present
   */
  author?: string | false
  /** A many relationship to a list with a `name` text field (and a unique `slug`, when it has one). @default 'tags' when present */
  tags?: string | false
  /** As `tags`. @default 'categories' when present */
  categories?: string | false
  /** A relationship to a list with a `name` text field and, when it has one, a unique `slug` (`post`, `page`, …). @default 'postType' when present */
  postType?: string | false
  /** A json field for per-post metadata (`meta_fields`, `fm_variables`). @default 'meta' when present */
  meta?: string | false
  /** A timestamp of the post's creation, for forwarded snapshots. @default 'createdAt' when present */
  createdAt?: string | false
}

/** How the host's posts are read and written: which list and which fields. */
export type HostContentOptions = {
  /**
   * The Keystone list of posts. Named explicitly, it must exist (the server refuses to start);
   * by default, a host without a `Post` list runs without content sources and pipelines.
   * @default 'Post'
   */
  list?: string
  /**
   * Its id type. @default from the list's `db.idField` (or the config's): `autoincrement` and
   * `number` → 'integer' ('bigint' with `type: 'BigInt'`), anything else → 'string'
   */
  idType?: PostIdType
  /** Which field holds what. @default the demo host's names, each optional one when the list has it (see HostContentFields) */
  fields?: HostContentFields
}

/** How a posts list's ids are stored: Prisma's Int, its BigInt (digit strings in JSON), or text. */
export type PostIdType = 'integer' | 'bigint' | 'string'

export type ResolvedStatus = { field: string, values: Partial<Record<PostStatus, string>> }

export type ContentFieldMap = {
  title: string
  body: { field: string, format: 'html' | 'document' }
  slug: string | null
  status: ResolvedStatus | null
  excerpt: string | null
  updatedAt: string | null
  author: string | null
  tags: string | null
  categories: string | null
  postType: string | null
  meta: string | null
  createdAt: string | null
}

export type ResolvedContent = {
  list: string
  /** The key of the list on the Prisma client: `Post` → `post`. */
  delegate: string
  idType: PostIdType
  fields: ContentFieldMap
  /**
   * The parts the map took by their default name rather than from the options: one whose field
   * turns out not to fit is left out at mount with a warning, where a named one stops the start.
   */
  defaulted: readonly DefaultedPart[]
  /** What the database model tells about the list, once the mount checked the map against it (`checkPostsModel`). */
  model?: ModelFacts
}

/** What the host's Keystone config tells about its lists, when the caller has it. */
export type HostSchema = {
  lists: Record<string, { fields?: Record<string, unknown>, db?: { idField?: { kind?: string, type?: string } }, graphql?: { singular?: string } }>
  idField?: { kind?: string, type?: string }
}

/** The optional parts, with the field name each one uses by default. */
const OPTIONAL_FIELDS = {
  slug: 'slug', excerpt: 'excerpt', updatedAt: 'updatedAt', author: 'author',
  tags: 'tags', categories: 'categories', postType: 'postType', meta: 'meta', createdAt: 'createdAt',
} as const

type OptionalPart = keyof typeof OPTIONAL_FIELDS

/** A part the field map may take by its default name. */
export type DefaultedPart = OptionalPart | 'status'

export const delegateKey = (list: string) => list.charAt(0).toLowerCase() + list.slice(1)

function missingField (list: string, field: string, option: string, byDefault = false): Error {
  const named = byDefault ? `the default of host.content.fields.${option}; name the list's field there, or set host.content: false` : `named by host.content.fields.${option}`
  return new Error(`host.content: the ${list} list has no field "${field}" (${named})`)
}

/** Resolves one optional part: its field, or null when it is left out. */
function optionalField (part: OptionalPart, given: string | false | undefined, has: (field: string) => boolean, list: string): string | null {
  if (given === false) return null
  if (given === undefined) return has(OPTIONAL_FIELDS[part]) ? OPTIONAL_FIELDS[part] : null
  if (!has(given)) throw missingField(list, given, part)
  return given
}

function resolveStatus (given: HostStatusOptions | false | undefined, has: (field: string) => boolean, list: string): ResolvedStatus | null {
  if (given === false) return null
  if (given === undefined) return has('status') ? { field: 'status', values: { draft: 'draft', pending: 'pending', publish: 'publish' } } : null
  if (!has(given.field)) throw missingField(list, given.field, 'status.field')
  const values: ResolvedStatus['values'] = { publish: given.published }
  if (given.draft !== undefined) values.draft = given.draft
  if (given.pending !== undefined) values.pending = given.pending
  return { field: given.field, values }
}

function resolveBody (given: string | HostBodyOptions | undefined): ContentFieldMap['body'] {
  const body = typeof given === 'string' ? { field: given } : given ?? {}
  return { field: body.field ?? 'content', format: body.format ?? 'html' }
}

/** A list's id type as the host's config sets it: its own `db.idField`, else the config's, else Keystone's default (cuid). */
export function configuredIdType (schema: HostSchema, list: string): PostIdType {
  const idField = schema.lists[list]?.db?.idField ?? schema.idField ?? { kind: 'cuid' }
  if (idField.kind !== 'autoincrement' && idField.kind !== 'number') return 'string'
  return idField.type === 'BigInt' ? 'bigint' : 'integer'
}

function idTypeOf (options: HostContentOptions, schema: HostSchema | undefined, list: string): PostIdType {
  if (options.idType) return options.idType
  return schema ? configuredIdType(schema, list) : 'integer'
}

/** Why content sources and pipelines are not installed, or null when they are. */
export function contentUnavailableReason (options: HostContentOptions | false | undefined, schema: HostSchema | undefined): string | null {
  if (options === false) return 'the host has no posts list (host.content is false)'
  const list = options?.list ?? 'Post'
  if (schema && !schema.lists[list] && options?.list === undefined) return `the host has no posts list (no ${list} list; name one with host.content.list)`
  return null
}

/**
 * The posts list and its field map. With the host's schema, optional parts are looked up in the
 * list, and a list or field named explicitly that does not exist, or a required field that does
 * not, throws an Error naming the list, the field and the option. Without it (a caller that
 * resolves the options alone), every default name is taken as present.
 */
export function resolveContent (options: HostContentOptions | false | undefined, schema?: HostSchema): ResolvedContent | false {
  if (contentUnavailableReason(options, schema) !== null) return false
  const given = options || {}
  const list = given.list ?? 'Post'
  const listConfig = schema?.lists[list]
  if (schema && !listConfig) throw new Error(`host.content.list: the host has no list "${list}"`)
  const has = (field: string) => !listConfig || Object.hasOwn(listConfig.fields ?? {}, field)
  const fields = given.fields ?? {}
  const title = fields.title ?? 'title'
  if (!has(title)) throw missingField(list, title, 'title', fields.title === undefined)
  const body = resolveBody(fields.body)
  if (!has(body.field)) throw missingField(list, body.field, 'body', typeof fields.body === 'string' ? false : fields.body?.field === undefined)
  const optional = Object.fromEntries((Object.keys(OPTIONAL_FIELDS) as OptionalPart[])
    .map(part => [part, optionalField(part, fields[part], has, list)])) as Record<OptionalPart, string | null>
  const status = resolveStatus(fields.status, has, list)
  const defaulted = [...(Object.keys(OPTIONAL_FIELDS) as OptionalPart[]).filter(part => fields[part] === undefined && optional[part] !== null),
    ...fields.status === undefined && status !== null ? ['status' as const] : []]
  return {
    list,
    delegate: delegateKey(list),
    idType: idTypeOf(given, schema, list),
    fields: { title, body, ...optional, status },
    defaulted,
  }
}
