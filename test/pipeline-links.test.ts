// @svc-provider-independent: the pipeline's declarations and the docs, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { LINKS } from '../packages/control-plane/src/kernel/pipeline/links.ts'
import { FILTER_CHANNELS } from '../packages/control-plane/src/resources/audit/filter-channels.ts'

const DOORS = 'packages/control-plane/src/doors'

/** The channels the doors register (`defineDoor({ channel: … })`), read from their sources. */
function registeredChannels (): string[] {
  return readdirSync(DOORS, { recursive: true, encoding: 'utf8' })
    .filter(file => file.endsWith('.ts'))
    .flatMap(file => [...readFileSync(path.join(DOORS, file), 'utf8').matchAll(/defineDoor\(\{ channel: '([a-z_]+)'/g)].map(match => match[1]!))
}

describe('the call pipeline as a list of links', () => {
  test('docs/architecture.md shows the links in the order the pipeline walks them', () => {
    const docs = readFileSync('docs/architecture.md', 'utf8')
    const documented = [...docs.matchAll(/^\| \d+ \| `(\w+)` \|/gm)].map(match => match[1])
    expect(documented).toEqual(LINKS.map(link => link.name))
  })

  test('every link is a named function, and no name is used twice', () => {
    const names = LINKS.map(link => link.name)
    expect(names.every(name => /^[a-z]\w+$/.test(name))).toBe(true)
    expect(new Set(names).size).toBe(names.length)
  })

  test('each door registers its channel once, and audit.list filters by exactly those channels', () => {
    const channels = registeredChannels()
    expect(new Set(channels).size).toBe(channels.length)
    expect(channels.sort()).toEqual([...FILTER_CHANNELS].sort())
  })
})
