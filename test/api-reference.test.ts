// @svc-provider-independent: the reference page and its assets, the same on either database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { sessionCookie } from './support/session-client.ts'

const plane = useTestServer()

const page = (key = plane.admin.key) => request(plane.server.app).get(`${BASE}/docs`).set('Authorization', `Bearer ${key}`)
const asset = (file: string) => request(plane.server.app).get(`${BASE}/docs/assets/${file}`)

describe('GET /docs, the API reference page', () => {
  test('is an HTML page that loads Swagger UI from this site and renders the OpenAPI document', async () => {
    const res = await page()
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    const sources = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map(match => match[1])
    expect(sources).toEqual([
      `${BASE}/docs/assets/swagger-ui.css`,
      `${BASE}/docs/assets/favicon-32x32.png`,
      `${BASE}/docs/assets/swagger-ui-bundle.js`,
      `${BASE}/docs/assets/reference.js`,
    ])
    expect(res.text).toContain(`data-openapi-url="${BASE}/openapi.json"`)
  })

  test('its assets are the files npm installed, served with their types', async () => {
    for (const [file, type, marker] of [
      ['swagger-ui-bundle.js', 'text/javascript', 'SwaggerUIBundle'],
      ['swagger-ui.css', 'text/css', '.swagger-ui'],
      ['reference.js', 'text/javascript', 'validatorUrl: null'],
    ] as const) {
      const res = await asset(file)
      expect([file, res.status, res.headers['content-type']]).toEqual([file, 200, expect.stringContaining(type)])
      expect(res.text).toContain(marker)
      expect(res.headers['cache-control']).toBe('public, max-age=86400')
    }
    expect((await asset('favicon-32x32.png')).headers['content-type']).toBe('image/png')
  })

  test('serves no other file of the package, nor anything outside it', async () => {
    for (const file of ['package.json', 'index.html', '..%2F..%2Fpackage.json', 'swagger-ui-bundle.js.map']) {
      const res = await asset(file)
      expect([file, res.status, res.body.code]).toEqual([file, 404, 'not_found'])
    }
  })

  test('is for the manifest\'s readers: a key or a session of manage_options', async () => {
    const anonymous = await request(plane.server.app).get(`${BASE}/docs`)
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'unauthenticated'])
    const editor = await plane.account('editor')
    const refused = await page(editor.key)
    expect([refused.status, refused.body.code]).toEqual([403, 'forbidden'])
    const cookie = await sessionCookie(plane.server.app, plane.admin.email, plane.admin.password)
    expect((await request(plane.server.app).get(`${BASE}/docs`).set('Cookie', cookie)).status).toBe(200)
  })
})
