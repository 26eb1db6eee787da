import { randomUUID } from 'node:crypto'
import { expect } from '@jest/globals'
import { graphql } from './session-client.ts'

/** hosts/second's accounts are `Member`s: Keystone's password sign-in for that list. */
const SIGN_IN = `mutation ($email: String!, $password: String!) {
  authenticateMemberWithPassword(email: $email, password: $password) {
    ... on MemberAuthenticationWithPasswordSuccess { item { id isAdmin } }
    ... on MemberAuthenticationWithPasswordFailure { message }
  }
}`

/** Signs a member of hosts/second in: Keystone's answer, and the session cookie when it succeeded. */
export async function signInMember (url: string, email: string, password: string) {
  const res = await graphql(url, SIGN_IN, { email, password })
  return { result: res.body.data?.authenticateMemberWithPassword, cookie: res.cookie }
}

/** An Article of hosts/second, written through Keystone's GraphQL with a member's session: its id. */
export async function createArticle (url: string, cookie: string, title: string, text = 'The council met on Tuesday evening to vote on the new library.'): Promise<string> {
  const article = await graphql(url, 'mutation ($data: ArticleCreateInput!) { createArticle(data: $data) { id } }', {
    data: { title, slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 8)}`, body: [{ type: 'paragraph', children: [{ text }] }] },
  }, cookie)
  expect(article.body.errors).toBeUndefined()
  return article.body.data.createArticle.id
}
