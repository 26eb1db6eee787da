import { describe, expect, test } from '@jest/globals'
import { controlPlaneOptionsFromEnv } from '../host/config.ts'
import { resolveOptions } from '../packages/control-plane/src/options.ts'

describe('lead options', () => {
  test('are read from SVC_LEADS_CONTACT_CRM_NUM, SVC_PUBLIC_LEAD_ORIGINS and SVC_PUBLIC_LEAD_RATE_LIMIT_PER_HOUR', () => {
    const resolved = resolveOptions(controlPlaneOptionsFromEnv({
      SVC_LEADS_CONTACT_CRM_NUM: '002',
      SVC_PUBLIC_LEAD_ORIGINS: ' https://www.example.com , https://Shop.Example.com/ ,',
      SVC_PUBLIC_LEAD_RATE_LIMIT_PER_HOUR: '12',
    }))
    expect(resolved.leadsContactCrmNum).toBe(2)
    expect(resolved.publicLeadOrigins).toEqual(['https://www.example.com', 'https://shop.example.com'])
    expect(resolved.publicLeadRateLimit).toMatchObject({ points: 12, durationSeconds: 3600 })
  })

  test('default to no contact CRM, no browser origin and 30 submissions per IP an hour', () => {
    const resolved = resolveOptions(controlPlaneOptionsFromEnv({}))
    expect(resolved).toMatchObject({ leadsContactCrmNum: null, publicLeadOrigins: [], publicLeadRateLimit: { points: 30, durationSeconds: 3600 } })
    expect(resolveOptions({ publicLeadRateLimit: false }).publicLeadRateLimit).toBe(false)
  })

  test.each([
    [{ publicLeadOrigins: ['www.example.com'] }, /not an origin/],
    [{ publicLeadOrigins: ['https://www.example.com/contact'] }, /not an origin/],
    [{ publicLeadOrigins: ['ftp://example.com'] }, /not an origin/],
    [{ leadsContactCrmNum: 0 }, /slot number from 1 to 999/],
    [{ leadsContactCrmNum: 1000 }, /slot number from 1 to 999/],
  ])('%j stops startup with a clear message', (options, message) => {
    expect(() => resolveOptions(options)).toThrow(message)
  })

  test('a malformed SVC_LEADS_CONTACT_CRM_NUM stops startup', () => {
    expect(() => controlPlaneOptionsFromEnv({ SVC_LEADS_CONTACT_CRM_NUM: 'one' })).toThrow(/SVC_LEADS_CONTACT_CRM_NUM must be a positive integer/)
  })
})
