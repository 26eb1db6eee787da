// @svc-provider-independent: the team page's HTML, escaping and headers, rendered from one row; slots and deletion run on both providers in users.test.ts (runs once, on SQLite).
import { beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'

const SITE = 'https://www.example.com/blog'

const plane = useTestServer({ http: { siteUrl: `${SITE}/` } })
const users = plane.caller('users')
beforeAll(async () => {
  await users('create', {
    first_name: 'Grace',
    last_name: 'Hopper',
    nickname: 'Amazing <Grace>',
    company_name: 'Navy & "Friends"',
    email: 'grace@example.com',
    phone_number: '+1 555 0100',
    link_profile_pic: 'https://cdn.example.com/grace.jpg?size=large&v="2"',
  })
  await users('create', { full_name: '<script>alert("x")</script>' })
})

const page = (path: string) => request(plane.server.app).get(path)

describe('GET /team/{user_num}', () => {
  test('is a public HTML page with the name, nickname, company and profile picture', async () => {
    const res = await page('/team/001')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.text).toContain('<h1>Grace Hopper</h1>')
    expect(res.text).toContain('<title>Grace Hopper</title>')
    expect(res.text).toContain('Amazing &lt;Grace&gt;')
    expect(res.text).toContain('Navy &amp; &quot;Friends&quot;')
    expect(res.text).toContain('<img src="https://cdn.example.com/grace.jpg?size=large&amp;v=&quot;2&quot;"')
  })

  test('shows nothing private: no e-mail or phone number', async () => {
    const res = await page('/team/001')
    expect(res.text).not.toContain('grace@example.com')
    expect(res.text).not.toContain('555 0100')
  })

  test('links the canonical address built from SITE_URL, the same as personal_page_url', async () => {
    const record = (await users('get', { user_num: '1' })).body.data
    expect(record.personal_page_url).toBe(`${SITE}/team/001`)
    expect((await page('/team/1')).text).toContain(`<link rel="canonical" href="${SITE}/team/001">`)
  })

  test('escapes every value, so markup in a name stays text', async () => {
    const res = await page('/team/002')
    expect(res.status).toBe(200)
    expect(res.text).not.toContain('<script>')
    expect(res.text).toContain('<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</h1>')
    expect(res.headers['content-security-policy']).toContain("default-src 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  test('a member without any name is shown by slot number, without a picture', async () => {
    const { user_num } = (await users('create', {})).body.data
    const res = await page(`/team/${Number(user_num)}`)
    expect(res.text).toContain(`<h1>Team member ${user_num}</h1>`)
    expect(res.text).not.toContain('<img')
  })

  test.each(['/team/004', '/team/999', '/team/0', '/team/1000', '/team/abc', '/team/1.0'])('%s (free slot or no slot) is a 404 HTML page', async path => {
    const res = await page(path)
    expect(res.status).toBe(404)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.text).toContain('Not found')
  })

  test('a deleted member\'s page is gone', async () => {
    const { user_num } = (await users('create', { full_name: 'Leaving Soon' })).body.data
    expect((await page(`/team/${user_num}`)).status).toBe(200)
    await users('delete', { user_num }, true)
    expect((await page(`/team/${user_num}`)).status).toBe(404)
  })
})

describe('team pages follow the users module switch', () => {
  test('while users is off, /team/{user_num} is the host\'s 404, not the member\'s page; on again, it is back', async () => {
    const { user_num } = (await users('create', { full_name: 'Switched Off' })).body.data
    const modules = (action: string) => plane.dispatch({ resource: 'modules', action, params: { module: 'users' } })
    expect((await modules('disable')).status).toBe(200)
    try {
      const res = await page(`/team/${user_num}`)
      expect(res.status).toBe(404)
      expect(res.text).not.toContain('Switched Off')
    } finally {
      expect((await modules('enable')).status).toBe(200)
    }
    expect((await page(`/team/${user_num}`)).text).toContain('Switched Off')
  })
})
