import { describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'

/**
 * PostgreSQL refuses an integer beyond its `integer` in a query (SQLite keeps it): an id no row
 * can have is the caller's mistake on both, answered 400 before any query, never 500.
 */
const plane = useTestServer({ outbox: false })

const BEYOND_INTEGER = 999_999_999_999

describe('ids beyond the database integer are bad input', () => {
  test.each([
    ['pipelines', 'run', { post_id: String(BEYOND_INTEGER) }],
    ['pipelines', 'run', { post_id: BEYOND_INTEGER }],
    ['pipelines', 'list_runs', { post_id: String(2 ** 31) }],
    ['pipelines', 'get_run', { id: 2 ** 31 }],
    ['leads', 'get', { id: BEYOND_INTEGER }],
    ['leads', 'verify', { id: 2 ** 31 }],
  ])('%s.%s %j answers 400 invalid_params', async (resource, action, params) => {
    const res = await plane.dispatch({ resource, action, params })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, data: null, code: 'invalid_params' })
  })

  test('the largest integer id is still an id: not found, not refused', async () => {
    const res = await plane.dispatch({ resource: 'leads', action: 'get', params: { id: 2 ** 31 - 1 } })
    expect(res.status).toBe(404)
  })
})
