import { beforeAll, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { getWithKey } from './support/client.ts'
import { readVariable } from '../packages/control-plane/src/index.ts'

const plane = useTestServer()

const variables = (action: string, params: Record<string, unknown> = {}, confirm?: boolean) =>
  plane.dispatch({ resource: 'variables', action, params, ...(confirm === undefined ? {} : { confirm }) })

const storedRows = () => plane.server.db.svcVariable.findMany({ orderBy: { name: 'asc' } })

describe('variables.set and get', () => {
  test('set creates a variable and returns it; get reads it back', async () => {
    const res = await variables('set', { name: 'leads.contact_crm_num', value: '002', description: 'CRM that receives new leads' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ok: true, changed: true, error: null })
    expect(res.body.data).toEqual({
      name: 'leads.contact_crm_num', value: '002', description: 'CRM that receives new leads', updated_at: expect.any(String),
    })
    const read = await variables('get', { name: 'leads.contact_crm_num' })
    expect(read.body).toMatchObject({ ok: true, changed: false, data: res.body.data })
  })

  test.each([
    ['null', null],
    ['a number', 3.25],
    ['a boolean', false],
    ['an empty string', ''],
    ['an array', [1, 'two', { three: [3] }, null]],
    ['a nested object', { a: { b: { c: [true, { d: 'é €' }] } }, 'key with spaces': 1 }],
    ['a string with a surrogate pair', 'smile 😀 please'],
  ])('any JSON value round-trips exactly: %s', async (_label, value) => {
    const name = `roundtrip.${String(_label).replace(/[^a-z]+/g, '_')}`
    const set = await variables('set', { name, value })
    expect(set.body).toMatchObject({ ok: true, changed: true })
    expect(set.body.data.value).toEqual(value)
    expect((await variables('get', { name })).body.data.value).toEqual(value)
  })

  test.each([
    ['U+0000', 'before\u0000after', 'nul_character'],
    ['a lone surrogate', 'half \ud800 a pair', 'lone_surrogate'],
  ])('a value holding %s is refused as invalid_params naming it, on every database', async (_label, text, code) => {
    const res = await variables('set', { name: 'unstorable.text', value: { nested: [text] } })
    expect([res.status, res.body.code]).toEqual([400, 'invalid_params'])
    expect(res.body.details.issues).toEqual([expect.objectContaining({ path: 'value.nested.0', code })])
    expect((await variables('get', { name: 'unstorable.text' })).status).toBe(404)
  })

  test('repeating a set with an equal value and description is changed: false and writes nothing', async () => {
    await variables('set', { name: 'site.colors', value: { primary: '#123456', accent: '#abcdef' }, description: 'Brand colours' })
    const before = await plane.server.db.svcVariable.findUniqueOrThrow({ where: { name: 'site.colors' } })
    const again = await variables('set', { name: 'site.colors', value: { accent: '#abcdef', primary: '#123456' }, description: 'Brand colours' })
    expect(again.body).toMatchObject({ ok: true, changed: false, data: { value: { primary: '#123456', accent: '#abcdef' } } })
    expect(await plane.server.db.svcVariable.findUniqueOrThrow({ where: { name: 'site.colors' } })).toEqual(before)
  })

  test('an omitted description is kept, a new one is a change, and "" or null clears it', async () => {
    await variables('set', { name: 'site.theme', value: { primary: '#123456' }, description: 'Brand colours' })
    const kept = await variables('set', { name: 'site.theme', value: { primary: '#000000' } })
    expect(kept.body).toMatchObject({ changed: true, data: { description: 'Brand colours', value: { primary: '#000000' } } })
    const described = await variables('set', { name: 'site.theme', value: { primary: '#000000' }, description: 'Colours' })
    expect(described.body).toMatchObject({ changed: true, data: { description: 'Colours' } })
    const cleared = await variables('set', { name: 'site.theme', value: { primary: '#000000' }, description: '' })
    expect(cleared.body).toMatchObject({ changed: true, data: { description: null } })
    const clearedAgain = await variables('set', { name: 'site.theme', value: { primary: '#000000' }, description: null })
    expect(clearedAgain.body.changed).toBe(false)
  })

  test('0 and -0 are the same stored value', async () => {
    await variables('set', { name: 'math.zero', value: 0 })
    const again = await plane.dispatch({ resource: 'variables', action: 'set', params: JSON.parse('{"name":"math.zero","value":-0}') })
    expect(again.body.changed).toBe(false)
  })

  test('get of a variable that is not set is 404 not_found', async () => {
    const res = await variables('get', { name: 'nothing.here' })
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ ok: false, data: null, code: 'not_found' })
  })

  test('the GET read form serves get', async () => {
    await variables('set', { name: 'site.read_form', value: '002' })
    const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/variables/get?name=site.read_form')
    expect(res.status).toBe(200)
    expect(res.body.data.value).toBe('002')
  })
})

describe('variables limits', () => {
  const MAX = 64 * 1024

  test('a value of exactly 64 KB serialized is accepted; one byte more is invalid_params and writes nothing', async () => {
    const fits = 'x'.repeat(MAX - 2) // the quotes make up the rest
    expect((await variables('set', { name: 'big.fits', value: fits })).body).toMatchObject({ ok: true, changed: true })
    const before = await storedRows()
    const res = await variables('set', { name: 'big.too_big', value: `${fits}x` })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, code: 'invalid_params' })
    expect(res.body.details.issues).toEqual([expect.objectContaining({ path: 'value', message: expect.stringContaining('65536 bytes') })])
    expect(await storedRows()).toEqual(before)
  })

  test('the size is counted in UTF-8 bytes, not characters', async () => {
    const res = await variables('set', { name: 'big.multibyte', value: '€'.repeat(MAX / 3) })
    expect(res.body.code).toBe('invalid_params')
  })

  test('a value nested deeper than 64 levels is invalid_params, even thousands deep', async () => {
    const nest = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth))
    expect((await variables('set', { name: 'deep.ok', value: nest(64) })).body.ok).toBe(true)
    for (const depth of [65, 3000]) {
      const res = await variables('set', { name: 'deep.too', value: nest(depth) })
      expect([depth, res.status, res.body.code]).toEqual([depth, 400, 'invalid_params'])
    }
    const audited = await plane.server.db.svcAuditEntry.findFirstOrThrow({ where: { operation: 'variables.set' }, orderBy: { id: 'desc' } })
    expect(audited).toMatchObject({ ok: false, code: 'invalid_params', params: { truncated: true, depth: 3001 } })
  })

  test.each([
    [{ name: 'Leads.x', value: 1 }],
    [{ name: '1abc', value: 1 }],
    [{ name: '_abc', value: 1 }],
    [{ name: 'a-b', value: 1 }],
    [{ name: 'a b', value: 1 }],
    [{ name: '', value: 1 }],
    [{ name: `a${'b'.repeat(64)}`, value: 1 }],
    [{ name: 'no.value' }],
    [{ name: 'x', value: 1, description: 'd'.repeat(1001) }],
    [{ name: 'x', value: 1, extra: true }],
  ])('set with bad params %j is 400 invalid_params and writes nothing', async params => {
    const before = await storedRows()
    const res = await variables('set', params)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, data: null, changed: false, code: 'invalid_params' })
    expect(await storedRows()).toEqual(before)
  })

  test('a 64-character name is accepted', async () => {
    const name = `a${'b'.repeat(63)}`
    expect((await variables('set', { name, value: true })).body).toMatchObject({ ok: true, data: { name } })
  })
})

describe('variables.list', () => {
  beforeAll(async () => {
    await plane.server.db.svcVariable.deleteMany()
    for (const name of ['b.two', 'a.one', 'c.three', 'a_b', 'axb', 'a.zero']) await variables('set', { name, value: name })
  })

  test('lists variables sorted by name, with total and paging', async () => {
    const first = await variables('list', { per_page: 4 })
    expect(first.body.data).toMatchObject({ total: 6, page: 1, per_page: 4 })
    expect(first.body.data.items.map((item: { name: string }) => item.name)).toEqual(['a.one', 'a.zero', 'a_b', 'axb'])
    expect(first.body.data.items[0]).toEqual({ name: 'a.one', value: 'a.one', description: null, updated_at: expect.any(String) })
    const second = await variables('list', { per_page: 4, page: 2 })
    expect(second.body.data.items.map((item: { name: string }) => item.name)).toEqual(['b.two', 'c.three'])
    expect((await variables('list', { page: 3, per_page: 4 })).body.data.items).toEqual([])
  })

  test('prefix filters by the start of the name, "_" and "." taken literally', async () => {
    const dotted = await variables('list', { prefix: 'a.' })
    expect(dotted.body.data.items.map((item: { name: string }) => item.name)).toEqual(['a.one', 'a.zero'])
    expect(dotted.body.data.total).toBe(2)
    const underscore = await variables('list', { prefix: 'a_' })
    expect(underscore.body.data.items.map((item: { name: string }) => item.name)).toEqual(['a_b'])
  })

  test('the GET read form serves list', async () => {
    const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/variables/list?per_page=2&prefix=a')
    expect(res.body.data).toMatchObject({ total: 4, per_page: 2 })
  })

  test.each([[{ per_page: 101 }], [{ page: 0 }], [{ prefix: 'A' }], [{ prefix: '' }]])('list with %j is invalid_params', async params => {
    expect((await variables('list', params)).body.code).toBe('invalid_params')
  })
})

describe('variables.delete', () => {
  test('needs confirm, deletes, and is 404 for a variable that is not set', async () => {
    await variables('set', { name: 'doomed', value: 1 })
    const refused = await variables('delete', { name: 'doomed' })
    expect(refused.body.code).toBe('confirm_required')
    expect(await plane.server.db.svcVariable.count({ where: { name: 'doomed' } })).toBe(1)
    const deleted = await variables('delete', { name: 'doomed' }, true)
    expect(deleted.body).toEqual({ ok: true, changed: true, error: null, data: { name: 'doomed', deleted: true } })
    expect(await plane.server.db.svcVariable.count({ where: { name: 'doomed' } })).toBe(0)
    const again = await variables('delete', { name: 'doomed' }, true)
    expect(again.status).toBe(404)
    expect(again.body.code).toBe('not_found')
  })
})

describe('readVariable', () => {
  test('gives other resources the stored value, or undefined when the variable is not set', async () => {
    await variables('set', { name: 'leads.contact_crm_num', value: '003' })
    expect(await readVariable(plane.server.db, 'leads.contact_crm_num')).toBe('003')
    await variables('set', { name: 'leads.nothing', value: null })
    expect(await readVariable(plane.server.db, 'leads.nothing')).toBeNull()
    expect(await readVariable(plane.server.db, 'leads.unset')).toBeUndefined()
  })
})
