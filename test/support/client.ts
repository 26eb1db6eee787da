import request from 'supertest'
import type { Express } from 'express'

export const BASE = '/api/svc/v1'

/** Every response body a test file saw, so a test can prove no secret ever appeared in one. */
export const seenBodies: string[] = []

function remember (res: request.Response): request.Response {
  seenBodies.push(res.text ?? '')
  return res
}

export type DispatchBody = { resource: string, action: string, params?: unknown, confirm?: boolean }

export function dispatcher (app: Express, key: string) {
  return async (body: DispatchBody) => remember(await request(app)
    .post(`${BASE}/manage/dispatch`)
    .set('Authorization', `Bearer ${key}`)
    .send(body))
}

export async function getWithKey (app: Express, key: string, path: string) {
  return remember(await request(app).get(`${BASE}${path}`).set('Authorization', `Bearer ${key}`))
}
