import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { connectMcp2, listen } from './support/mcp-client.ts'
import { pinProblem, PRODUCT_VERSION } from '../packages/control-plane/src/platform/version.ts'

/** A client's `Svc-Version` pin (docs/http-api.md, "What a client can pin"): served within the installed major up to its version, refused past it. */
const plane = useTestServer()
let http: Awaited<ReturnType<typeof listen>>
beforeAll(async () => { http = await listen(plane.server.app) })
afterAll(async () => { await http?.close() })

const [major, minor] = PRODUCT_VERSION.split('.').map(Number) as [number, number]
const NEWER_MINOR = `${major}.${minor + 1}.000`
const NEXT_MAJOR = `${major + 1}.0.000`

const pinned = (version: string) => request(plane.server.app).post(`${BASE}/manage/dispatch`)
  .set('Authorization', `Bearer ${plane.admin.key}`).set('Svc-Version', version)
  .send({ resource: 'crm', action: 'list' })

describe('what a pin means', () => {
  test('the installed major serves every pin up to its own version; a newer one, another major or a malformed one is refused', () => {
    expect(pinProblem(PRODUCT_VERSION)).toBeNull()
    expect(pinProblem('1.4.000', '1.5.000')).toBeNull()
    expect(pinProblem('1.6.000', '1.5.000')).toBe('it is newer than the installed version')
    expect(pinProblem('1.5.001', '1.5.000')).toBe('it is newer than the installed version')
    expect(pinProblem('1.9.000', '2.0.000')).toBe('a major release may remove what an earlier major had')
    expect(pinProblem('1.5', '1.5.000')).toMatch(/^a pin is a product version/)
  })
})

describe('over HTTP: the Svc-Version request header', () => {
  test('a pin the installed version serves answers as without one, with the installed Svc-Version', async () => {
    for (const version of [PRODUCT_VERSION, '1.4.000']) {
      const res = await pinned(version)
      expect([res.status, res.body.ok, res.headers['svc-version']]).toEqual([200, true, PRODUCT_VERSION])
    }
  })

  test('a newer pin is refused with unsupported_version before anything runs, naming both versions', async () => {
    for (const version of [NEWER_MINOR, NEXT_MAJOR]) {
      const res = await request(plane.server.app).post(`${BASE}/manage/crm/create`).set('Authorization', `Bearer ${plane.admin.key}`)
        .set('Svc-Version', version).send({ name: 'Pinned CRM', url: 'https://crm.example.com' })
      expect([res.status, res.body.code, res.body.details]).toEqual([400, 'unsupported_version', { requested: version, installed: PRODUCT_VERSION }])
      expect(res.body.error).toBe(`this site runs product version ${PRODUCT_VERSION} and cannot answer as ${version}: ${pinProblem(version)}`)
      expect(res.headers['svc-version']).toBe(PRODUCT_VERSION)
    }
    const crms = await plane.dispatch({ resource: 'crm', action: 'list' })
    expect(crms.body.data.crms).toEqual([])
  })

  test('a malformed pin is refused the same way; the refusal is audited', async () => {
    const res = await pinned('latest')
    expect([res.status, res.body.code]).toEqual([400, 'unsupported_version'])
    const audit = await plane.dispatch({ resource: 'audit', action: 'list', params: { ok: false, per_page: 1 } })
    expect(audit.body.data.items[0]).toMatchObject({ operation: 'crm.list', code: 'unsupported_version' })
  })
})

describe('over MCP: _meta["svc/version"] on tools/call', () => {
  test('served up to the installed version, refused past it with the same code', async () => {
    const client = await connectMcp2(http.url, plane.admin.key)
    try {
      const served = await client.callTool({ name: 'crm-list', arguments: {}, _meta: { 'svc/version': PRODUCT_VERSION } })
      expect(served.isError).toBeFalsy()
      const refused = await client.callTool({ name: 'crm-list', arguments: {}, _meta: { 'svc/version': NEWER_MINOR } })
      expect(refused.isError).toBe(true)
      expect(JSON.parse((refused.content as { text: string }[])[0]!.text)).toMatchObject({ code: 'unsupported_version', details: { requested: NEWER_MINOR } })
    } finally {
      await client.close()
    }
  })
})

describe('an API key\'s pin: every call with the key pins its version, through every door', () => {
  const mint = (params: Record<string, unknown>, key = plane.admin.key) => request(plane.server.app).post(`${BASE}/manage/dispatch`)
    .set('Authorization', `Bearer ${key}`).send({ resource: 'api_keys', action: 'mint', params: { expires_in_days: 1, ...params } })
  const listed = async (id: string) => {
    const keys = await plane.dispatch({ resource: 'api_keys', action: 'list' })
    return keys.body.data.keys.find((key: { id: string }) => key.id === id)
  }

  /** The answer of crm.list through each door that takes an API key, as [status or isError, code]. */
  async function throughEveryDoor (key: string) {
    const dispatch = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${key}`).send({ resource: 'crm', action: 'list' })
    const route = await request(plane.server.app).post(`${BASE}/manage/crm/list`).set('Authorization', `Bearer ${key}`).send({})
    const readForm = await request(plane.server.app).get(`${BASE}/manage/crm/list`).set('Authorization', `Bearer ${key}`)
    const answers: Record<string, [unknown, unknown]> = {
      dispatch: [dispatch.status, dispatch.body.code],
      route: [route.status, route.body.code],
      read_form: [readForm.status, readForm.body.code],
    }
    for (const revision of ['modern', 'legacy'] as const) {
      const client = await connectMcp2(http.url, key, { revision })
      try {
        const result = await client.callTool({ name: 'crm-list', arguments: {} })
        answers[`mcp_${revision}`] = [Boolean(result.isError), result.isError ? JSON.parse((result.content as { text: string }[])[0]!.text).code : undefined]
      } finally {
        await client.close()
      }
    }
    return answers
  }
  const everyDoor = (answer: [unknown, unknown], mcp: [unknown, unknown]) =>
    ({ dispatch: answer, route: answer, read_form: answer, mcp_modern: mcp, mcp_legacy: mcp })

  test('minted with pinned_version, the key shows it in its record and in api_keys.list, and is served through every door', async () => {
    const minted = await mint({ label: 'Pinned integration', pinned_version: '1.4.000' })
    expect([minted.status, minted.body.data.pinned_version]).toEqual([200, '1.4.000'])
    expect(await listed(minted.body.data.id)).toMatchObject({ pinned_version: '1.4.000' })
    expect(await throughEveryDoor(minted.body.data.key)).toEqual(everyDoor([200, undefined], [false, undefined]))
    const unpinned = await mint({ label: 'Unpinned integration' })
    expect((await listed(unpinned.body.data.id)).pinned_version).toBeNull()
  })

  test('a key pinned to a version this build cannot serve (minted by a newer release, then the site rolled back) is refused with unsupported_version through every door; a call\'s own Svc-Version overrides it', async () => {
    const minted = await mint({ label: 'Pinned ahead' })
    await plane.server.db.svcApiKey.update({ where: { publicId: minted.body.data.id }, data: { pinnedVersion: NEWER_MINOR } })
    expect(await throughEveryDoor(minted.body.data.key)).toEqual(everyDoor([400, 'unsupported_version'], [true, 'unsupported_version']))
    const refused = await request(plane.server.app).post(`${BASE}/manage/crm/create`).set('Authorization', `Bearer ${minted.body.data.key}`)
      .send({ name: 'Written by a pinned key', url: 'https://crm.example.com' })
    expect([refused.status, refused.body.details]).toEqual([400, { requested: NEWER_MINOR, installed: PRODUCT_VERSION }])
    expect((await plane.dispatch({ resource: 'crm', action: 'list' })).body.data.crms).toEqual([])
    const overridden = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${minted.body.data.key}`)
      .set('Svc-Version', PRODUCT_VERSION).send({ resource: 'crm', action: 'list' })
    expect([overridden.status, overridden.body.ok]).toEqual([200, true])
  })

  test('a pin this build could not serve is refused at mint with invalid_params, and no key is made', async () => {
    const before = (await plane.dispatch({ resource: 'api_keys', action: 'list' })).body.data.keys.length
    for (const version of [NEWER_MINOR, NEXT_MAJOR, 'latest']) {
      const res = await mint({ label: `Pinned to ${version}`, pinned_version: version })
      expect([res.status, res.body.code, res.body.details]).toEqual([400, 'invalid_params', { requested: version, installed: PRODUCT_VERSION }])
      expect(res.body.error).toBe(`pinned_version ${version}: ${pinProblem(version)}; this site runs ${PRODUCT_VERSION}`)
    }
    expect((await plane.dispatch({ resource: 'api_keys', action: 'list' })).body.data.keys).toHaveLength(before)
  })

  test('a key minted with a pinned key carries its pin unless it names another; null pins nothing', async () => {
    const parent = await mint({ label: 'Pinned parent', pinned_version: '1.4.000' })
    // A child's omitted expiry is its parent's.
    const inherited = await mint({ label: 'Child as its parent', expires_in_days: undefined }, parent.body.data.key)
    const own = await mint({ label: 'Child of its own version', expires_in_days: undefined, pinned_version: PRODUCT_VERSION }, parent.body.data.key)
    const none = await mint({ label: 'Child unpinned', expires_in_days: undefined, pinned_version: null }, parent.body.data.key)
    expect([inherited.body.data.pinned_version, own.body.data.pinned_version, none.body.data.pinned_version]).toEqual(['1.4.000', PRODUCT_VERSION, null])
    expect(await listed(inherited.body.data.id)).toMatchObject({ parent: parent.body.data.id, pinned_version: '1.4.000' })
  })
})
