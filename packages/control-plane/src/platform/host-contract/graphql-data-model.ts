import type { PostIdType } from './content.ts'

/** A stored field of a host list, kind and type as Prisma has them (`scalar String`, `object Tag`). */
export type ModelField = { name: string, kind: string, type: string, isList?: boolean }

/** What the host's lists store. */
export type HostDataModel = { models: Record<string, { fields: readonly ModelField[] }> }

/** The parts of a GraphQL schema read here (the control plane does not import graphql). */
export type GraphQLSchemaLike = {
  getType: (name: string) => unknown
  getTypeMap: () => Record<string, unknown>
}

type TypeLike = { name?: string, ofType?: TypeLike, getFields?: () => Record<string, { type: TypeLike }> }

/** graphql-js names each kind of type by its `Symbol.toStringTag`: `GraphQLList`, `GraphQLObjectType`, … */
const kindOf = (type: unknown): string => Object.prototype.toString.call(type).slice('[object '.length, -1)

/** The scalars of Keystone's fields, as Prisma types them. */
const PRISMA_SCALARS: Record<string, string> = {
  String: 'String', Int: 'Int', Float: 'Float', Boolean: 'Boolean', DateTime: 'DateTime',
  JSON: 'Json', Decimal: 'Decimal', BigInt: 'BigInt', CalendarDay: 'DateTime',
}

/** Keystone gives every list a `<List>WhereUniqueInput`; no other output type has one. */
const isList = (schema: GraphQLSchemaLike, name: string) => schema.getType(`${name}WhereUniqueInput`) != null

const fieldsOf = (type: unknown) => (type as TypeLike | null | undefined)?.getFields?.() ?? {}

/**
 * The fields a list stores: those its inputs name (filters, ordering, create and update). A
 * virtual field is only in the output type; a stored field the host hides from every input
 * (`graphql.omit`, or neither filterable nor orderable nor writable) cannot be told apart from one.
 */
function storedFieldNames (schema: GraphQLSchemaLike, list: string): Set<string> {
  const inputs = ['WhereInput', 'OrderByInput', 'CreateInput', 'UpdateInput'].map(suffix => schema.getType(`${list}${suffix}`))
  const names = new Set(['id', ...inputs.flatMap(input => Object.keys(fieldsOf(input)))])
  for (const combinator of ['AND', 'OR', 'NOT']) names.delete(combinator)
  return names
}

function modelField (schema: GraphQLSchemaLike, name: string, output: TypeLike, idType: string): ModelField {
  let type: TypeLike | undefined = output
  let many = false
  while (type?.ofType) {
    if (kindOf(type) === 'GraphQLList') many = true
    type = type.ofType
  }
  const named = type?.name ?? ''
  if (name === 'id' && named === 'ID') return { name, kind: 'scalar', type: idType }
  if (kindOf(type) === 'GraphQLEnumType') return { name, kind: 'enum', type: named }
  if (kindOf(type) === 'GraphQLObjectType') {
    if (isList(schema, named)) return { name, kind: 'object', type: named, isList: many }
    // A document field's output is `<List>_<field>_Document`; Keystone stores it as JSON on every provider.
    if (named.endsWith('_Document')) return { name, kind: 'scalar', type: 'Json' }
    return { name, kind: 'composite', type: named }
  }
  return { name, kind: 'scalar', type: PRISMA_SCALARS[named] ?? named }
}

/** The Prisma scalar of each id type. */
const PRISMA_ID_TYPES = { integer: 'Int', bigint: 'BigInt', string: 'String' } as const satisfies Record<PostIdType, string>

/**
 * What the host's lists store, read from Keystone's own GraphQL schema (its public API) rather
 * than from the Prisma client's internals: each list's stored fields with the kind and type
 * Prisma gives them. Ids are typed by the host's `idField` config (`idType` of each list), which
 * GraphQL's `ID` does not show.
 */
export function hostDataModel (schema: GraphQLSchemaLike, idTypeOf: (list: string) => PostIdType): HostDataModel {
  const models: HostDataModel['models'] = {}
  for (const name of Object.keys(schema.getTypeMap())) {
    if (name.startsWith('__') || kindOf(schema.getType(name)) !== 'GraphQLObjectType' || !isList(schema, name)) continue
    const stored = storedFieldNames(schema, name)
    const idType = PRISMA_ID_TYPES[idTypeOf(name)]
    models[name] = {
      fields: Object.entries(fieldsOf(schema.getType(name)))
        .filter(([field]) => stored.has(field))
        .map(([field, { type }]) => modelField(schema, field, type, idType)),
    }
  }
  return { models }
}
