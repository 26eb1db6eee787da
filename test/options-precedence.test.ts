// @svc-provider-independent: option parsing, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { resolveOptions } from '../packages/control-plane/src/kernel/options.ts'

describe('the core options over the environment and the defaults', () => {
  test('a group given in part keeps the rest from the environment, at any depth', () => {
    const env = {
      SITE_URL: 'https://env.example.com',
      SVC_MCP_ALLOWED_HOSTS: 'cms.internal',
      SVC_API_KEY_MAX_EXPIRY_DAYS: '30',
      SVC_API_KEY_MAX_CHILDREN: '4',
      SVC_RATE_LIMIT_PER_MINUTE: '100',
    }
    const options = resolveOptions({
      env,
      http: { siteUrl: 'https://given.example.com/', maxBodyBytes: undefined },
      security: { apiKeys: { maxChildren: 2 } },
      rateLimit: { durationSeconds: 30 },
    })
    expect(options).toMatchObject({
      siteUrl: 'https://given.example.com',
      maxBodyBytes: 1024 * 1024,
      mcpAllowedHosts: ['cms.internal'],
      apiKeys: { maxExpiryDays: 30, allowNoExpiry: false, maxChildren: 2 },
      rateLimit: { points: 100, durationSeconds: 30, store: 'memory' },
    })
  })

  test('a group turned off stays off whatever its variables say, and variables fill a group not given at all', () => {
    const env = { SVC_RATE_LIMIT_PER_MINUTE: '100', SVC_JOBS_BATCH_SIZE: '7', SVC_OAUTH_RATE_LIMIT_PER_MINUTE: '9', SVC_VAR_DIR: 'state' }
    const options = resolveOptions({ env, rateLimit: false, jobs: false })
    expect(options).toMatchObject({ rateLimit: false, jobs: false, varDir: 'state', emlDir: 'state/mail', oauth: { rateLimit: { points: 9 } } })
    expect(resolveOptions({ env }).jobs).toMatchObject({ batchSize: 7 })
  })

  test('what a host passes is not changed by the variables laid under it', () => {
    const given = { env: { SITE_URL: 'https://env.example.com', SVC_API_KEY_MAX_CHILDREN: '4' }, security: { apiKeys: { maxExpiryDays: 5 } } }
    const before = JSON.stringify(given)
    resolveOptions(given)
    expect(JSON.stringify(given)).toBe(before)
  })

  test('without either, each field takes its default', () => {
    expect(resolveOptions({ env: {} })).toMatchObject({
      restRoot: '/api',
      basePath: '/api/svc/v1',
      siteUrl: 'http://localhost:3000',
      apiKeys: { maxExpiryDays: 90, allowNoExpiry: false, maxChildren: 10 },
      oauth: { dynamicRegistration: false, clientIdMetadataDocuments: true, accessTokenMinutes: 10, refreshTokenDays: 30 },
      rateLimit: { points: 600, durationSeconds: 60, store: 'memory' },
      varDir: 'var',
      emlDir: 'var/mail',
      mailFrom: 'no-reply@localhost',
    })
  })

  test('an unknown option, in a group too, stops the start with its path', () => {
    expect(() => resolveOptions({ env: {}, security: { apiKeys: { maxChilds: 2 } } } as never)).toThrow(/control plane options: security\.apiKeys: Unrecognized key: "maxChilds"/)
  })
})
