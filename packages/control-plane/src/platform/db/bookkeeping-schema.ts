import type { BookkeepingModel, ModelFacts } from './bookkeeping-model.ts'

type ExtendSchema = (schema: string) => string

/** Where the package's models go in the schema, and what they point at. */
export type SchemaPlaces = {
  /** The package's Keystone lists' keys, printed in this order (sorted) after the host's own lists. */
  names: readonly string[]
  /** One of them that names no id field, so Keystone prints the host's default for it. */
  defaultIdList: string
  /** The host's accounts list (`host.accounts.list`). */
  accountsList: string
}

/**
 * Keystone's `db.extendPrismaSchema` for the whole schema: the host's own extension first, then
 * each bookkeeping model in its place among the package's lists, by name, and its back-relations
 * at the end of the host's accounts model — where Keystone printed them while these were lists, so
 * the printed schema does not change. What the models depend on is read from that schema, never
 * from the config the plugin wrapped: the command line prints one config for each provider, and
 * the host's id fields are whatever Keystone made of them.
 */
export function withBookkeepingModels (models: readonly BookkeepingModel[], places: SchemaPlaces, hostExtend?: ExtendSchema): ExtendSchema {
  return schema => {
    const extended = hostExtend ? hostExtend(schema) : schema
    const facts = modelFacts(extended, places)
    const placed = [...places.names]
    let printed = extended
    for (const model of models) {
      printed = insertModel(printed, model.print(facts), model.name, placed)
      placed.push(model.name)
      placed.sort((a, b) => a.localeCompare(b))
    }
    // In the order Keystone resolved the package's lists: by name.
    const backRelations = [...models].sort((a, b) => a.name.localeCompare(b.name)).flatMap(({ name, accountFields }) => accountFields.map(field => `from_${name}_${field} ${name}[] @relation("${name}_${field}")`))
    return backRelations.length ? appendFields(printed, places.accountsList, backRelations) : printed
  }
}

const modelStart = (schema: string, name: string): number => schema.search(new RegExp(`^model ${name} \\{`, 'm'))

/** Before the first of the package's models already placed that sorts after it, else after the last of them. */
function insertModel (schema: string, model: string, name: string, placed: readonly string[]): string {
  const next = placed.find(other => other.localeCompare(name) > 0)
  if (next !== undefined) {
    const at = modelStart(schema, next)
    return `${schema.slice(0, at)}${model}\n${schema.slice(at)}`
  }
  const end = schema.indexOf('\n}', modelStart(schema, placed.at(-1)!)) + 2
  return `${schema.slice(0, end)}\n${model}${schema.slice(end)}`
}

/** After a model's last field: before its `@@map`, which Keystone prints last, else before its end. */
function appendFields (schema: string, name: string, fields: readonly string[]): string {
  const start = modelStart(schema, name)
  const end = schema.indexOf('\n}', start)
  const map = schema.slice(start, end).search(/\n@@map\(/)
  const at = map === -1 ? end : start + map
  return `${schema.slice(0, at)}\n${fields.join('\n')}${schema.slice(at)}`
}

/** A model's id field as Keystone printed it (the text after `id`), or undefined. */
function idOf (schema: string, name: string): string | undefined {
  const start = modelStart(schema, name)
  if (start === -1) return undefined
  const block = schema.slice(start, schema.indexOf('\n}', start))
  return /^\s*id\s+(.+?)\s*$/m.exec(block)?.[1]
}

/** A foreign key to an id printed as `id`: its scalar, optional, and its native type if any (`@postgresql.Uuid`), as Keystone prints one. */
const foreignKeyTo = (id: string) => (column: string) => {
  const nativeType = /@\w+\.\w+(\([^)]*\))?/.exec(id)?.[0]
  return `${id.split(/\s/, 1)[0]}? @map(${JSON.stringify(column)})${nativeType ? ` ${nativeType}` : ''}`
}

function modelFacts (schema: string, places: SchemaPlaces): ModelFacts {
  const provider = /^datasource \w+ \{\s*provider\s*=\s*"(\w+)"/m.exec(schema)?.[1]
  const hostId = idOf(schema, places.defaultIdList)
  const accountsId = idOf(schema, places.accountsList)
  if (provider === undefined || hostId === undefined || accountsId === undefined) {
    throw new Error(`the Prisma schema Keystone printed has no datasource provider, or no id field for ${places.defaultIdList} or ${places.accountsList}: the control plane cannot add its bookkeeping models`)
  }
  return {
    hostId,
    hostForeignKey: foreignKeyTo(hostId),
    accounts: { model: places.accountsList, foreignKey: foreignKeyTo(accountsId) },
    json: value => provider === 'postgresql' ? ` @default(${JSON.stringify(value)})` : '',
  }
}
