import type { ContentFieldMap, DefaultedPart, ResolvedContent } from './content.ts'
import type { ModelFacts, TermKind, TermList } from './model-facts.ts'
import type { GraphQLSchemaLike, HostDataModel, ModelField } from './graphql-data-model.ts'

/** What the check needs of the rest of the host: the accounts list an author may point at, and the database. */
export type PostsModelHost = { accountsList: string, databaseProvider: string }

/** The posts list's map as the database model has it, and the warnings about parts it left out. */
export type CheckedContent = { content: ResolvedContent, warnings: string[] }

/** What a part of the field map must be; `problem` says why a field is not that, or null when it fits. */
type Expectation = { what: string, problem: (field: ModelField, model: HostDataModel, host: PostsModelHost) => string | null }

const scalar = (types: readonly string[], what: string): Expectation => ({
  what,
  problem: field => field.kind === 'enum' || (field.kind === 'scalar' && types.includes(field.type)) ? null : `must be ${what}, it is ${field.kind} ${field.type}`,
})

const TEXT = scalar(['String'], 'a text field')
const TIMESTAMP = scalar(['DateTime'], 'a timestamp field')

const hasText = (model: HostDataModel, list: string, name: string) =>
  (model.models[list]?.fields ?? []).some(candidate => candidate.name === name && candidate.type === 'String')

const TERMS: Expectation = {
  what: 'a relationship to a list with a name field',
  problem: (field, model) => {
    if (field.kind !== 'object') return `must be a relationship to a list with a name field, it is ${field.kind} ${field.type}`
    return hasText(model, field.type, 'name') ? null : `points at the ${field.type} list, which has no text field "name"`
  },
}

const AUTHOR: Expectation = {
  what: 'a relationship to the accounts list or an integer field',
  problem: (field, _model, { accountsList }) => {
    if (field.kind === 'scalar' && field.type === 'Int') return null
    const fix = `must be a relationship to the ${accountsList} list (host.accounts.list) or an integer field holding a team-member slot`
    if (field.kind !== 'object') return `${fix}, it is ${field.kind} ${field.type}`
    if (field.type !== accountsList) return `points at the ${field.type} list; it ${fix}`
    return field.isList ? `is a many relationship to ${accountsList}; a post has one author` : null
  },
}

const EXPECTED: Record<Exclude<keyof ContentFieldMap, 'body' | 'status'>, Expectation> = {
  title: TEXT,
  slug: TEXT,
  excerpt: TEXT,
  updatedAt: TIMESTAMP,
  createdAt: TIMESTAMP,
  author: AUTHOR,
  meta: scalar(['Json'], 'a json field'),
  tags: TERMS,
  categories: TERMS,
  postType: TERMS,
}

const BODY: Record<'html' | 'document', Expectation> = {
  html: scalar(['String'], 'a text field (body.format html)'),
  // A document field is Json, or String on SQLite, where Keystone keeps JSON in text.
  document: scalar(['Json', 'String'], 'a document field (body.format document)'),
}

const STATUS = scalar(['String'], 'a select or text field')

function fieldError (list: string, field: string, option: string, problem: string): Error {
  return new Error(`host.content: the ${list} list's field "${field}" (host.content.fields.${option}) ${problem}`)
}

/** Why the field does not fit the part, or null when it does. */
function misfit (model: HostDataModel, list: string, field: string, expected: Expectation, host: PostsModelHost): string | null {
  const found = model.models[list]!.fields.find(candidate => candidate.name === field)
  return found ? expected.problem(found, model, host) : 'is not in the database model'
}

/**
 * The posts list checked against what the host's lists store (`hostDataModel`): the list exists,
 * its id type is the one configured, and every mapped field exists with a fitting type. A field
 * named in the options that does not fit throws an Error naming the list, the field and the
 * option; one the map took by its default name is left out of the answered map instead, with a
 * warning naming it and how to map it. The answered map also carries what the model tells of the
 * list (`model`); the given one is left as it was. Without a data model (no GraphQL schema to read
 * it from), nothing is checked.
 */
export function checkPostsModel (content: ResolvedContent, model: HostDataModel | undefined, host: PostsModelHost = { accountsList: 'User', databaseProvider: 'sqlite' }): CheckedContent {
  if (!model?.models) return { content, warnings: [] }
  const { list } = content
  const fields = { ...content.fields }
  if (!model.models[list]) throw new Error(`host.content.list: the database model has no ${list} list`)
  const id = model.models[list].fields.find(field => field.name === 'id')
  const idType = id?.type === 'Int' ? 'integer' : id?.type === 'BigInt' ? 'bigint' : 'string'
  if (id && idType !== content.idType) throw new Error(`host.content.idType: the ${list} list's ids are ${idType}s, not ${content.idType}s`)
  const warnings: string[] = []
  const check = (part: keyof ContentFieldMap, field: string, option: string, expected: Expectation): boolean => {
    const problem = misfit(model, list, field, expected, host)
    if (problem === null) return true
    if (!content.defaulted.includes(part as DefaultedPart)) throw fieldError(list, field, option, problem)
    warnings.push(`host.content: the ${list} list's field "${field}" was taken for host.content.fields.${option} by its name, but it ${problem}; ` +
      `it is left out. To use it, make it ${expected.what} and name it in host.content.fields.${option}; to leave it out without this warning, set host.content.fields.${option.split('.')[0]} to false`)
    return false
  }
  check('body', fields.body.field, 'body', BODY[fields.body.format])
  if (fields.status && !check('status', fields.status.field, 'status.field', STATUS)) fields.status = null
  for (const [option, expected] of Object.entries(EXPECTED)) {
    const part = option as keyof typeof EXPECTED
    const field = fields[part]
    // Only an optional part can be left out: check() throws for the title, which is never taken by default.
    if (field !== null && !check(part, field, option, expected)) (fields as Record<typeof part, string | null>)[part] = null
  }
  const checked = { ...content, fields }
  return { content: { ...checked, model: factsIn(model, checked, host) }, warnings }
}

/** What the model tells of the list: the term lists and their shape, how the body and the author are stored. */
function factsIn (model: HostDataModel, content: ResolvedContent, host: PostsModelHost): ModelFacts {
  const fields = model.models[content.list]?.fields ?? []
  const named = (name: string | null) => name === null ? undefined : fields.find(field => field.name === name)
  const terms: Partial<Record<TermKind, TermList>> = {}
  for (const kind of ['tags', 'categories', 'postType'] as const) {
    const found = named(content.fields[kind])
    if (found?.kind === 'object') terms[kind] = { list: found.type, hasSlug: hasText(model, found.type, 'slug') }
  }
  return {
    terms,
    bodyStoredAsText: named(content.fields.body.field)?.type === 'String',
    author: named(content.fields.author)?.kind === 'object' ? 'account' as const : 'slot' as const,
    insensitive: host.databaseProvider === 'postgresql',
  }
}

type GraphQLTypeLike = { name?: string, ofType?: GraphQLTypeLike }

/** The named output type of a list's field in the GraphQL schema, or null when the field is not in it. */
function graphqlTypeName (schema: Pick<GraphQLSchemaLike, 'getType'>, list: string, field: string): string | null {
  const type = schema.getType(list) as { getFields?: () => Record<string, { type: GraphQLTypeLike }> } | null | undefined
  let output: GraphQLTypeLike | undefined = type?.getFields?.()[field]?.type
  while (output?.ofType) output = output.ofType
  return output?.name ?? null
}

/**
 * Whether the body field is the kind `body.format` says, as Keystone's GraphQL schema shows it:
 * a document field's output is a `…_Document` object, a text field's is `String`. A field left
 * out of GraphQL is not checked.
 */
export function checkBodyKind (content: ResolvedContent, schema: Pick<GraphQLSchemaLike, 'getType'> | undefined): void {
  if (!schema) return
  const { field, format } = content.fields.body
  const name = graphqlTypeName(schema, content.list, field)
  if (name === null) return
  const isDocument = name.endsWith('_Document')
  // A json field holding document nodes is accepted as well; a text field is not.
  if (format === 'document' && name === 'String') throw fieldError(content.list, field, 'body', 'is a text field, not a document field; use body.format \'html\'')
  if (format === 'html' && isDocument) throw fieldError(content.list, field, 'body', 'is a document field; set body.format to \'document\'')
}
