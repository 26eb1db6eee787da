// @svc-provider-independent: zod's issues as the invalid_params envelope names them, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { z } from 'zod'
import { invalidParamsFromZod } from '../packages/control-plane/src/platform/errors/zod-issues.ts'

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value)
  if (parsed.success) throw new Error('expected the value to fail the schema')
  return parsed.error.issues
}

const settings = z.strictObject({ url: z.url(), retries: z.number().int().max(5) })

describe('invalidParamsFromZod', () => {
  test('lists each issue with its path after what failed, and names each in details.issues', () => {
    const error = invalidParamsFromZod('invalid params for probe.run', issuesOf(settings, { url: 'nope', retries: 9 }))
    expect(error.code).toBe('invalid_params')
    expect(error.message).toMatch(/^invalid params for probe\.run: url: .+; retries: .+$/)
    expect(error.details).toEqual({ issues: [
      { path: 'url', code: 'invalid_format', message: expect.any(String) },
      { path: 'retries', code: 'too_big', message: expect.any(String) },
    ] })
  })

  test('puts the paths under where the parsed value sits in the params, the value itself at that path', () => {
    const error = invalidParamsFromZod('invalid settings for x', issuesOf(settings, { url: 'https://a.example', retries: 1, extra: true }), { under: 'settings', details: { stage: 2 } })
    expect(error.message).toBe('invalid settings for x: settings: Unrecognized key: "extra"')
    expect(error.details).toEqual({ stage: 2, issues: [{ path: 'settings', code: 'unrecognized_keys', message: 'Unrecognized key: "extra"' }] })
  })

  test('lists the messages alone for a single value, or nothing, as asked', () => {
    const short = issuesOf(z.string().min(8, 'too short'), 'abc')
    expect(invalidParamsFromZod('invalid secret for k', short, { under: 'secret', list: 'messages' }).message).toBe('invalid secret for k: too short')
    const quiet = invalidParamsFromZod('the form has invalid fields', short, { list: 'none' })
    expect([quiet.message, quiet.details]).toEqual(['the form has invalid fields', { issues: [{ path: '', code: 'too_small', message: 'too short' }] }])
  })
})
