import { describe, expect, test } from '@jest/globals'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import pg from 'pg'
import { useTestServer } from './support/in-process-server.ts'
import { testProvider } from './support/database.ts'

const run = promisify(execFile)

describe('a database that is not there', () => {
  test('migrating (what npm start does first) says so clearly and exits non-zero', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
      env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: 'postgresql://svc:hunter2@127.0.0.1:1/site' },
    }).then(() => null, error => error as { code: number, stderr: string })
    expect(failure).not.toBeNull()
    expect(failure!.code).toBe(1)
    expect(failure!.stderr).toContain('cannot connect to PostgreSQL at 127.0.0.1:1/site: nothing is listening there')
    expect(failure!.stderr).not.toContain('hunter2')
    expect(failure!.stderr).not.toMatch(/\n\s+at /)
  }, 60_000)
})

const describeOnPostgres = testProvider === 'postgresql' ? describe : describe.skip

describeOnPostgres('a PostgreSQL connection lost mid-flight', () => {
  const plane = useTestServer()

  test('answers 500 internal without driver text, and the next request succeeds', async () => {
    expect((await plane.dispatch({ resource: 'crm', action: 'list' })).status).toBe(200)
    const admin = new pg.Client({ connectionString: plane.server.databaseUrl })
    await admin.connect()
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')
    await admin.end()

    const during = await plane.dispatch({ resource: 'crm', action: 'list' })
    if (during.status !== 200) {
      // The call meets either the terminated backend's own notice (57P01, as at a shutdown: 503
      // `unavailable`, resend) or a connection already gone (500 `internal`); never driver text.
      const expected = during.status === 503
        ? { status: 503, code: 'unavailable', driverText: false }
        : { status: 500, code: 'internal', driverText: false }
      expect({ status: during.status, code: during.body.code, driverText: /terminat|administrator|57P01|pg_/i.test(JSON.stringify(during.body)) }).toEqual(expected)
      expect(during.body).toMatchObject({ ok: false, data: null, changed: false, request_id: during.headers['request-id'] })
    }
    const after = await plane.dispatch({ resource: 'crm', action: 'list' })
    expect(after.status).toBe(200)
    expect(after.body.ok).toBe(true)
  })
})
