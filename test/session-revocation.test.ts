import { describe, expect, test } from '@jest/globals'
import { startTestServer, useTestServer } from './support/in-process-server.ts'
import { graphql, sessionCookie, signIn } from './support/session-client.ts'

const plane = useTestServer()

const WHO_AM_I = '{ authenticatedItem { ... on User { id } } }'
const SIGN_OUT = 'mutation { endSession }'
const SET_PASSWORD = 'mutation ($id: ID!, $password: String!) { updateUser(where: { id: $id }, data: { password: $password }) { id } }'

/** The account a cookie signs in as now, or null when the session is no more. */
const signedInAs = async (cookie: string, app = plane.server.app) =>
  (await graphql(app, WHO_AM_I, {}, cookie)).body.data?.authenticatedItem?.id ?? null

describe('Admin UI sessions can be ended', () => {
  test('a session stays valid until something ends it', async () => {
    const account = await plane.account('editor')
    const cookie = await sessionCookie(plane.server.app, account.email, account.password)
    expect(await signedInAs(cookie)).toBe(account.id)
    expect(await signedInAs(cookie)).toBe(account.id)
  })

  test('signing out ends the session: a copy of the cookie no longer signs in, and a new sign-in works', async () => {
    const account = await plane.account('editor')
    const cookie = await sessionCookie(plane.server.app, account.email, account.password)
    const copied = cookie
    expect((await graphql(plane.server.app, SIGN_OUT, {}, cookie)).body.data).toEqual({ endSession: true })
    expect(await signedInAs(copied)).toBeNull()
    const again = await sessionCookie(plane.server.app, account.email, account.password)
    expect(await signedInAs(again)).toBe(account.id)
    // Signing out with the already ended cookie must not end the new session.
    await graphql(plane.server.app, SIGN_OUT, {}, copied)
    expect(await signedInAs(again)).toBe(account.id)
  })

  test('a password change ends every session of the account, not other accounts\'', async () => {
    const account = await plane.account('editor')
    const bystander = await plane.account('editor')
    const admin = await plane.account('administrator')
    const adminCookie = await sessionCookie(plane.server.app, admin.email, admin.password)
    const cookies = [await sessionCookie(plane.server.app, account.email, account.password), await sessionCookie(plane.server.app, account.email, account.password)]
    const bystanderCookie = await sessionCookie(plane.server.app, bystander.email, bystander.password)
    const changed = await graphql(plane.server.app, SET_PASSWORD, { id: account.id, password: 'a-new-password-of-length' }, adminCookie)
    expect(changed.body.errors).toBeUndefined()
    for (const cookie of cookies) expect(await signedInAs(cookie)).toBeNull()
    expect(await signedInAs(bystanderCookie)).toBe(bystander.id)
    expect(await signedInAs(adminCookie)).toBe(admin.id)
    expect((await signIn(plane.server.app, account.email, account.password)).ok).toBe(false)
    expect(await signedInAs(await sessionCookie(plane.server.app, account.email, 'a-new-password-of-length'))).toBe(account.id)
  })

  test('an administrator\'s sessions.revoke signs the account out everywhere, on every instance; its API keys keep working', async () => {
    const account = await plane.account('administrator')
    const cookie = await sessionCookie(plane.server.app, account.email, account.password)
    const second = await startTestServer({ sharedWith: plane.server })
    try {
      const onSecond = await sessionCookie(second.app, account.email, account.password)
      expect(await signedInAs(onSecond, second.app)).toBe(account.id)
      const res = await plane.dispatch({ resource: 'sessions', action: 'revoke', params: { account_id: account.id }, confirm: true })
      expect(res.body).toMatchObject({ ok: true, changed: true, data: { account_id: account.id, sessions_ended: true } })
      expect(await signedInAs(cookie)).toBeNull()
      expect(await signedInAs(onSecond, second.app)).toBeNull()
      expect(await signedInAs(cookie, second.app)).toBeNull()
    } finally {
      await second.close()
    }
    expect((await account.dispatch({ resource: 'crm', action: 'list' })).status).toBe(200)
  })

  test('sessions.revoke needs confirm, and an unknown account is 404', async () => {
    expect((await plane.dispatch({ resource: 'sessions', action: 'revoke', params: { account_id: plane.admin.id } })).body.code).toBe('confirm_required')
    expect((await plane.dispatch({ resource: 'sessions', action: 'revoke', params: { account_id: '999999' }, confirm: true })).status).toBe(404)
  })
})
