// @svc-provider-independent: option parsing, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { resolveControlPlane } from '../packages/control-plane/src/kernel/control-plane.ts'
import { builtinResources } from '../packages/control-plane/src/resources/index.ts'
import { leads } from '../packages/control-plane/src/resources/leads/index.ts'
import { leadsSettings } from '../packages/control-plane/src/resources/leads/resource-settings.ts'
import type { ControlPlaneOptions } from '../packages/control-plane/src/index.ts'

const leadSettingsOf = (options: ControlPlaneOptions) => leadsSettings.of(resolveControlPlane(builtinResources, options).options)

describe('the leads resource settings', () => {
  test('are read from SVC_LEADS_CONTACT_CRM_NUM, SVC_PUBLIC_LEAD_ORIGINS and SVC_PUBLIC_LEAD_RATE_LIMIT_PER_HOUR', () => {
    expect(leadSettingsOf({
      env: {
        SVC_LEADS_CONTACT_CRM_NUM: '002',
        SVC_PUBLIC_LEAD_ORIGINS: ' https://www.example.com , https://Shop.Example.com/ ,',
        SVC_PUBLIC_LEAD_RATE_LIMIT_PER_HOUR: '12',
      },
    })).toEqual({
      contactCrmNum: 2,
      publicOrigins: ['https://www.example.com', 'https://shop.example.com'],
      publicRateLimit: { points: 12, durationSeconds: 3600, store: 'database' },
    })
  })

  test('default to no contact CRM, no browser origin and 30 submissions per IP an hour', () => {
    expect(leadSettingsOf({ env: {} })).toEqual({ contactCrmNum: null, publicOrigins: [], publicRateLimit: { points: 30, durationSeconds: 3600, store: 'database' } })
    expect(leadSettingsOf({ env: {}, builtins: [leads({ publicRateLimit: false })] }).publicRateLimit).toBe(false)
  })

  test('a value given to the factory wins over the environment, which wins over the default', () => {
    const env = { SVC_LEADS_CONTACT_CRM_NUM: '3', SVC_PUBLIC_LEAD_RATE_LIMIT_PER_HOUR: '12' }
    expect(leadSettingsOf({ env, builtins: [leads({ contactCrmNum: 5 })] })).toMatchObject({ contactCrmNum: 5, publicRateLimit: { points: 12 } })
  })

  test.each([
    [{ publicOrigins: ['www.example.com'] }, /settings of the leads resource: publicOrigins\.0: .*not an origin/],
    [{ publicOrigins: ['https://www.example.com/contact'] }, /not an origin/],
    [{ publicOrigins: ['ftp://example.com'] }, /not an origin/],
    [{ contactCrmNum: 0 }, /contactCrmNum: must be a slot number from 1 to 999/],
    [{ contactCrmNum: 1000 }, /contactCrmNum: must be a slot number from 1 to 999/],
    [{ publicOrigin: ['https://www.example.com'] }, /Unrecognized key.*publicOrigin/],
  ])('%j stops startup with a clear message', (settings, message) => {
    expect(() => leadSettingsOf({ env: {}, builtins: [leads(settings as never)] })).toThrow(message)
  })

  test('a malformed SVC_LEADS_CONTACT_CRM_NUM stops startup', () => {
    expect(() => leadSettingsOf({ env: { SVC_LEADS_CONTACT_CRM_NUM: 'one' } })).toThrow(/SVC_LEADS_CONTACT_CRM_NUM must be a positive integer/)
  })

  test('a built-in configured twice over, or an unknown one, stops startup', () => {
    expect(() => leadSettingsOf({ env: {}, builtins: [{ ...leads({}), name: 'lead' }] })).toThrow(/lead is not a built-in resource/)
    expect(() => leadSettingsOf({ env: {}, builtins: [leads({ contactCrmNum: 1 }), leads({ contactCrmNum: 2 })] })).toThrow(/builtins: resource leads is declared twice/)
  })
})

describe('the core options', () => {
  test('are validated at startup, naming the option', () => {
    expect(() => resolveControlPlane(builtinResources, { env: {}, http: { maxBodyBytes: -1 } })).toThrow(/control plane options: http\.maxBodyBytes/)
    expect(() => resolveControlPlane(builtinResources, { env: {}, http: { siteUrl: 'ftp://x' } })).toThrow(/http\.siteUrl: must be an absolute http\(s\) URL/)
    expect(() => resolveControlPlane(builtinResources, { env: {}, maxCrmSystems: 3 } as never)).toThrow(/Unrecognized key.*maxCrmSystems/)
  })

  test('a given group keeps the environment for the settings it leaves out', () => {
    const { options } = resolveControlPlane(builtinResources, { env: { SITE_URL: 'https://www.example.com', SVC_MCP_ALLOWED_HOSTS: 'cms.internal' }, http: { maxBodyBytes: 10 } })
    expect(options).toMatchObject({ siteUrl: 'https://www.example.com', mcpAllowedHosts: ['cms.internal'], maxBodyBytes: 10 })
  })
})
