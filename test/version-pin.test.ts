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
