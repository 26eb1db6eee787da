// @svc-provider-independent: the start's secret and cookie rules are pure functions of the environment, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { missingSharedSecret, servedOverHttps, sessionCookieSecure } from '../host/runtime-mode.ts'

const PG = 'postgresql://svc@db.internal:5432/svc'
const SECRETS = { SESSION_SECRET: 's'.repeat(44), SVC_ENCRYPTION_KEY: 'k'.repeat(64) }

describe('the secrets a production start needs', () => {
  test('in production on PostgreSQL, the first missing shared secret is named; blank counts as missing', () => {
    expect(missingSharedSecret({ NODE_ENV: 'production', DATABASE_URL: PG })).toMatch(/^SESSION_SECRET is not set\. .*PostgreSQL/)
    expect(missingSharedSecret({ NODE_ENV: 'production', DATABASE_URL: PG, ...SECRETS, SVC_ENCRYPTION_KEY: '  ' })).toMatch(/^SVC_ENCRYPTION_KEY is not set/)
    expect(missingSharedSecret({ NODE_ENV: 'production', DATABASE_URL: PG, ...SECRETS })).toBeNull()
  })

  test('SQLite in production, and any database in development, may generate them', () => {
    expect(missingSharedSecret({ NODE_ENV: 'production' })).toBeNull()
    expect(missingSharedSecret({ NODE_ENV: 'production', DATABASE_URL: 'file:./var/svc.db' })).toBeNull()
    expect(missingSharedSecret({ NODE_ENV: 'development', DATABASE_URL: PG })).toBeNull()
  })
})

describe('the session cookie', () => {
  test('is Secure exactly when SITE_URL is https', () => {
    expect(servedOverHttps({ SITE_URL: 'https://www.example.com' })).toBe(true)
    expect(servedOverHttps({ SITE_URL: 'HTTPS://www.example.com' })).toBe(true)
    expect(servedOverHttps({ SITE_URL: 'http://localhost:3000' })).toBe(false)
    expect(servedOverHttps({})).toBe(false)
  })
})

describe('the session cookie in production', () => {
  test('is Secure unless the site says it runs on plain HTTP', () => {
    expect(sessionCookieSecure({ NODE_ENV: 'production' })).toBe(true)
    expect(sessionCookieSecure({ NODE_ENV: 'production', SITE_URL: 'https://www.example.com' })).toBe(true)
    expect(sessionCookieSecure({ NODE_ENV: 'production', SITE_URL: 'http://intranet.example:3000' })).toBe(false)
    expect(sessionCookieSecure({ NODE_ENV: 'production', SVC_ALLOW_INSECURE_COOKIES: '1' })).toBe(false)
    expect(sessionCookieSecure({ NODE_ENV: 'production', SVC_ALLOW_INSECURE_COOKIES: '1', SITE_URL: 'https://www.example.com' })).toBe(false)
  })

  test('in development it follows SITE_URL\'s scheme', () => {
    expect(sessionCookieSecure({ NODE_ENV: 'development' })).toBe(false)
    expect(sessionCookieSecure({ NODE_ENV: 'development', SITE_URL: 'https://dev.example.com' })).toBe(true)
  })
})
