import request from 'supertest'
import type { Express } from 'express'
import type { Server } from 'node:http'
import type { Json } from './json.ts'

export const GRAPHQL = '/api/graphql'

type GraphqlTarget = Express | Server | string

export type GraphqlResult = { status: number, body: { data?: Json, errors?: { message: string, extensions?: { code?: string } }[] }, cookie: string | null }

function sessionCookieOf (res: request.Response): string | null {
  const raw = res.headers['set-cookie'] as unknown
  const cookies = Array.isArray(raw) ? raw as string[] : typeof raw === 'string' ? [raw] : []
  const session = cookies.find(cookie => cookie.startsWith('keystonejs-session='))
  return session ? session.split(';')[0]! : null
}

/** One POST to Keystone's GraphQL API, optionally signed in with a session cookie. */
export async function graphql (app: GraphqlTarget, query: string, variables: Record<string, unknown> = {}, cookie?: string): Promise<GraphqlResult> {
  const req = request(app).post(GRAPHQL).set('Content-Type', 'application/json')
  if (cookie) req.set('Cookie', cookie)
  const res = await req.send({ query, variables })
  return { status: res.status, body: res.body, cookie: sessionCookieOf(res) }
}

const SIGN_IN = `mutation ($email: String!, $password: String!) {
  authenticateUserWithPassword(email: $email, password: $password) {
    ... on UserAuthenticationWithPasswordSuccess { item { id } }
    ... on UserAuthenticationWithPasswordFailure { message }
  }
}`

export type SignInResult = { ok: true, itemId: string, cookie: string } | { ok: false, message: string }

/** Signs in through Keystone's own mutation, as the Admin UI does. */
export async function signIn (app: GraphqlTarget, email: string, password: string): Promise<SignInResult> {
  const res = await graphql(app, SIGN_IN, { email, password })
  const result = res.body.data?.authenticateUserWithPassword
  if (result?.item?.id && res.cookie) return { ok: true, itemId: result.item.id, cookie: res.cookie }
  return { ok: false, message: result?.message ?? JSON.stringify(res.body) }
}

/** Signs in and returns the session cookie, or fails the test. */
export async function sessionCookie (app: GraphqlTarget, email: string, password: string): Promise<string> {
  const result = await signIn(app, email, password)
  if (!result.ok) throw new Error(`sign-in as ${email} failed: ${result.message}`)
  return result.cookie
}
