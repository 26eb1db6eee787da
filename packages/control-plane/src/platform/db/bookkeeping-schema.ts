import type { BookkeepingModel, ModelFacts } from './bookkeeping-model.ts'

type ExtendSchema = (schema: string) => string

/** The package's Keystone lists, as the schema holds them. */
export type PackageLists = {
  /** Their keys, printed in this order (sorted) after the host's own lists. */
  names: readonly string[]
  /** One that names no id field, so Keystone prints the host's default for it. */
  defaultIdList: string
}

/**
 * Keystone's `db.extendPrismaSchema` for the whole schema: the host's own extension first, then
 * each bookkeeping model in its place among the package's lists, by name — where Keystone printed
 * it while it was a list, so the printed schema does not change. What the models depend on is read
 * from that schema, never from the config the plugin wrapped: the command line prints one config
 * for each provider, and the host's id field is whatever Keystone made of it.
 */
export function withBookkeepingModels (models: readonly BookkeepingModel[], lists: PackageLists, hostExtend?: ExtendSchema): ExtendSchema {
  return schema => {
    const extended = hostExtend ? hostExtend(schema) : schema
    const facts = modelFacts(extended, lists.defaultIdList)
    const placed = [...lists.names]
    let printed = extended
    for (const model of models) {
      printed = insertModel(printed, model.print(facts), model.name, placed)
      placed.push(model.name)
      placed.sort((a, b) => a.localeCompare(b))
    }
    return printed
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

function modelFacts (schema: string, defaultIdList: string): ModelFacts {
  const provider = /^datasource \w+ \{\s*provider\s*=\s*"(\w+)"/m.exec(schema)?.[1]
  const hostId = new RegExp(`^model ${defaultIdList} \\{\\s*id\\s+(.+?)\\s*$`, 'm').exec(schema)?.[1]
  if (provider === undefined || hostId === undefined) throw new Error(`the Prisma schema Keystone printed has no datasource provider or no id field for ${defaultIdList}: the control plane cannot add its bookkeeping models`)
  return { hostId, json: value => provider === 'postgresql' ? ` @default(${JSON.stringify(value)})` : '' }
}
