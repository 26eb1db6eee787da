import type { ContentFieldMap, ResolvedContent } from './content.ts'
import { recordModelFacts, type TermKind } from './posts.ts'

/** A field of the Prisma client's runtime data model. */
type ModelField = { name: string, kind: string, type: string }

/** What the Prisma client knows of the database's models (`prisma._runtimeDataModel`). */
export type RuntimeDataModel = { models: Record<string, { fields: readonly ModelField[] }> }

/** What each part of the field map must be, as Prisma types it. */
type Expectation = { kinds: readonly string[], types?: readonly string[], what: string, terms?: boolean }

const TEXT: Expectation = { kinds: ['scalar'], types: ['String'], what: 'a text field' }

const EXPECTED: Record<Exclude<keyof ContentFieldMap, 'body' | 'status'>, Expectation> = {
  title: TEXT,
  slug: TEXT,
  excerpt: TEXT,
  updatedAt: { kinds: ['scalar'], types: ['DateTime'], what: 'a timestamp field' },
  createdAt: { kinds: ['scalar'], types: ['DateTime'], what: 'a timestamp field' },
  author: { kinds: ['scalar'], types: ['Int'], what: 'an integer field' },
  meta: { kinds: ['scalar'], types: ['Json'], what: 'a json field' },
  tags: { kinds: ['object'], what: 'a relationship to a list with name and slug fields', terms: true },
  categories: { kinds: ['object'], what: 'a relationship to a list with name and slug fields', terms: true },
  postType: { kinds: ['object'], what: 'a relationship to a list with name and slug fields', terms: true },
}

const BODY: Record<'html' | 'document', Expectation> = {
  html: { kinds: ['scalar'], types: ['String'], what: 'a text field (body.format html)' },
  // A document field is Json, or String on SQLite, where Keystone keeps JSON in text.
  document: { kinds: ['scalar'], types: ['Json', 'String'], what: 'a document field (body.format document)' },
}

const STATUS: Expectation = { kinds: ['scalar', 'enum'], types: ['String'], what: 'a select or text field' }

function fieldError (list: string, field: string, option: string, problem: string): Error {
  return new Error(`host.content: the ${list} list's field "${field}" (host.content.fields.${option}) ${problem}`)
}

function checkField (model: RuntimeDataModel, list: string, field: string, option: string, expected: Expectation): void {
  const found = model.models[list]!.fields.find(candidate => candidate.name === field)
  if (!found) throw fieldError(list, field, option, 'is not in the database model')
  const typeOk = found.kind === 'enum' || expected.types === undefined || expected.types.includes(found.type)
  if (!expected.kinds.includes(found.kind) || !typeOk) throw fieldError(list, field, option, `must be ${expected.what}, it is ${found.kind} ${found.type}`)
  if (!expected.terms) return
  const target = model.models[found.type]?.fields ?? []
  for (const name of ['name', 'slug']) {
    if (!target.some(candidate => candidate.name === name && candidate.type === 'String')) {
      throw fieldError(list, field, option, `points at the ${found.type} list, which has no text field "${name}"`)
    }
  }
}

/**
 * The posts list checked against the database model Prisma was generated from: the list exists,
 * its id type is the one configured, and every mapped field exists with a fitting type. Throws an
 * Error naming the list, the field and the option. Without a data model (a client that does not
 * expose one), nothing is checked.
 */
export function checkPostsModel (content: ResolvedContent, model: RuntimeDataModel | undefined): void {
  if (!model?.models) return
  const body = model.models[content.list]?.fields.find(field => field.name === content.fields.body.field)
  recordModelFacts(content, { targets: relationTargetsIn(model, content), bodyStoredAsText: body?.type === 'String' })
  const { list, fields } = content
  if (!model.models[list]) throw new Error(`host.content.list: the database model has no ${list} list`)
  const id = model.models[list].fields.find(field => field.name === 'id')
  const idType = id?.type === 'Int' ? 'integer' : 'string'
  if (id && idType !== content.idType) throw new Error(`host.content.idType: the ${list} list's ids are ${idType}s, not ${content.idType}s`)
  checkField(model, list, fields.body.field, 'body', BODY[fields.body.format])
  if (fields.status) checkField(model, list, fields.status.field, 'status.field', STATUS)
  for (const [option, expected] of Object.entries(EXPECTED)) {
    const field = fields[option as keyof typeof EXPECTED]
    if (field !== null) checkField(model, list, field, option, expected)
  }
}

/** The list each relationship part points at, as the data model names it. */
function relationTargetsIn (model: RuntimeDataModel, content: ResolvedContent): Partial<Record<TermKind, string>> {
  const fields = model.models[content.list]?.fields ?? []
  const targets: Partial<Record<TermKind, string>> = {}
  for (const kind of ['tags', 'categories', 'postType'] as const) {
    const found = fields.find(field => field.name === content.fields[kind] && field.kind === 'object')
    if (found) targets[kind] = found.type
  }
  return targets
}

/** The parts of a GraphQL schema the body check reads (the control plane does not import graphql). */
export type GraphQLSchemaLike = { getType: (name: string) => unknown }

type GraphQLTypeLike = { name?: string, ofType?: GraphQLTypeLike }

/** The named output type of a list's field in the GraphQL schema, or null when the field is not in it. */
function graphqlTypeName (schema: GraphQLSchemaLike, list: string, field: string): string | null {
  const type = schema.getType(list) as { getFields?: () => Record<string, { type: GraphQLTypeLike }> } | null | undefined
  let output: GraphQLTypeLike | undefined = type?.getFields?.()[field]?.type
  while (output?.ofType) output = output.ofType
  return output?.name ?? null
}

/**
 * Whether the body field is the kind `body.format` says, as Keystone's GraphQL schema shows it:
 * a document field's output is a `…_Document` object, a text field's is `String`. (Prisma cannot
 * tell them apart on SQLite, where both are text.) A field left out of GraphQL is not checked.
 */
export function checkBodyKind (content: ResolvedContent, schema: GraphQLSchemaLike | undefined): void {
  if (!schema) return
  const { field, format } = content.fields.body
  const name = graphqlTypeName(schema, content.list, field)
  if (name === null) return
  const isDocument = name.endsWith('_Document')
  // A json field holding document nodes is accepted as well; a text field is not.
  if (format === 'document' && name === 'String') throw fieldError(content.list, field, 'body', 'is a text field, not a document field; use body.format \'html\'')
  if (format === 'html' && isDocument) throw fieldError(content.list, field, 'body', 'is a document field; set body.format to \'document\'')
}
