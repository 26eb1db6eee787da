import type { Change, Effect, Preview } from '../../platform/change-sets/change.ts'

const VERBS: Record<Change['kind'], string> = { create: 'creates', update: 'updates', delete: 'deletes' }

/** Words a person reads in capitals inside a list's name. */
const ACRONYMS = new Set(['ai', 'api', 'crm', 'id', 'mcp', 'oauth', 'url'])

/** The columns that name a row to a person, first found first. */
const NAMING_COLUMNS = ['name', 'title', 'label', 'email', 'slug', 'key']

/** A Keystone list's name as words: `SvcCrmSlot` → `CRM slot`. */
function entityWords (entity: string): string {
  const words = entity.replace(/^Svc(?=[A-Z])/, '').split(/(?<=[a-z0-9])(?=[A-Z])/).map(word => word.toLowerCase())
  return words.map(word => ACRONYMS.has(word) ? word.toUpperCase() : word).join(' ')
}

/** How a person knows the row: its name-like column in quotes, else its id. */
function rowName (change: Change): string {
  const image = change.before ?? change.after ?? {}
  const named = NAMING_COLUMNS.map(column => image[column]).find(value => typeof value === 'string' && value !== '')
  return typeof named === 'string' ? JSON.stringify(named) : String(change.id)
}

/** One clause per kind and list, in the order the call wrote them: `deletes CRM slot "Acme"`, `updates 3 role assignments`. */
function changeClauses (changes: readonly Change[]): string[] {
  const groups = new Map<string, Change[]>()
  for (const change of changes) {
    const key = `${change.kind} ${change.entity}`
    groups.set(key, [...groups.get(key) ?? [], change])
  }
  return [...groups.values()].map(group => {
    const { kind, entity } = group[0]!
    return group.length === 1 ? `${VERBS[kind]} ${entityWords(entity)} ${rowName(group[0]!)}` : `${VERBS[kind]} ${group.length} ${entityWords(entity)} rows`
  })
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** What leaves the site: who will be told, what will be sent. An event no one subscribed to leaves nothing. */
function effectClauses (effects: readonly Effect[]): string[] {
  const messages = new Map<string, number>()
  for (const effect of effects) if (effect.kind === 'message') messages.set(effect.name, (messages.get(effect.name) ?? 0) + 1)
  return [...messages].map(([topic, count]) => topic === 'webhooks.deliver'
    ? `${plural(count, 'webhook', 'webhooks')} will be told`
    : `${plural(count, `${topic} message`, `${topic} messages`)} will be sent`)
}

/**
 * What a call will do, in a person's words, from its preview: `deletes CRM slot 001 "Acme" and its
 * API key; 2 webhooks will be told`. `target`, where the operation names what it destroys, stands
 * for the first row it writes.
 */
export function previewSentence (preview: Preview, target: string | null): string {
  const [first, ...others] = changeClauses(preview.changes)
  const clauses = first === undefined ? ['changes nothing'] : [target === null ? first : `${first.split(' ')[0]!} ${target}`, ...others]
  const effects = effectClauses(preview.effects)
  return effects.length === 0 ? clauses.join(', ') : `${clauses.join(', ')}; ${effects.join(', ')}`
}
