// @svc-provider-independent: forms derived from JSON Schema, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { z } from 'zod'
import { issuesByField, labelled, paramsFromValues, schemaFields, valuesFromParams, type JsonSchema } from '../packages/control-plane/admin/lib/schema-fields.ts'
import { samplePreview } from '../packages/control-plane/admin/lib/sample-path.ts'
import { toJsonSchema } from '../packages/control-plane/src/kernel/registry/manifest.ts'
import { crmNumParam, crmWritableParams } from '../packages/control-plane/src/resources/crm/shape.ts'
import { httpUrl } from '../packages/control-plane/src/platform/lib/fields.ts'

/** Schemas as the manifest prints them, from the same zod the operations use. */
const manifestSchema = (shape: z.ZodRawShape) => toJsonSchema(z.object(shape).strict(), 'input') as JsonSchema

describe('the console form generated from a params schema', () => {
  test('strings, URLs, e-mails, numbers, booleans, enums, secrets, objects and arrays each get their input', () => {
    const fields = schemaFields(manifestSchema({
      crm_num: crmNumParam,
      ...crmWritableParams,
      email: z.email().optional(),
      api_key: z.string(),
      per_page: z.number().int().min(1).max(100).optional(),
      ratio: z.number().optional(),
      status: z.enum(['New', 'Contacted']),
      mapping: z.object({ title: z.string() }),
      tags: z.array(z.string()).optional(),
    }))
    expect(Object.fromEntries(fields.map(field => [field.name, field.kind]))).toEqual({
      crm_num: { type: 'text', input: 'text' },
      name: { type: 'text', input: 'text' },
      url: { type: 'text', input: 'url' },
      link_admin_only: { type: 'boolean' },
      email: { type: 'text', input: 'email' },
      api_key: { type: 'text', input: 'password' },
      per_page: { type: 'number', integer: true, minimum: 1, maximum: 100 },
      ratio: { type: 'number', integer: false, minimum: undefined, maximum: undefined },
      status: { type: 'choice', options: ['New', 'Contacted'] },
      mapping: { type: 'json', shape: 'object' },
      tags: { type: 'json', shape: 'array' },
    })
    expect(fields.filter(field => field.required).map(field => field.name)).toEqual(['crm_num', 'name', 'api_key', 'status', 'mapping'])
    expect(fields.find(field => field.name === 'crm_num')!.description).toMatch(/slot number/)
  })

  test('a nullable URL that may also be cleared with "" is still a URL input, with its description', () => {
    const [url] = schemaFields(manifestSchema({ url: z.union([httpUrl, z.literal('')]).nullable().optional() }))
    expect(url).toEqual({ name: 'url', description: 'Absolute http or https URL.', required: false, kind: { type: 'text', input: 'url' } })
  })

  test('a confirm param is left to the explicit checkbox', () => {
    const fields = schemaFields(manifestSchema({ id: z.string(), confirm: z.boolean().optional() }), { omit: ['confirm'] })
    expect(fields.map(field => field.name)).toEqual(['id'])
  })

  test('empty fields are omitted, so the server decides what is missing; typed values keep their types', () => {
    const fields = schemaFields(manifestSchema({
      name: z.string(),
      url: httpUrl.optional(),
      count: z.number().int().optional(),
      size: z.number().int().optional(),
      flag: z.boolean(),
      maybe: z.boolean().optional(),
      level: z.union([z.literal(1), z.literal(2)]).optional(),
      mapping: z.object({}).passthrough().optional(),
      tags: z.array(z.string()).optional(),
    }))
    const result = paramsFromValues(fields, { name: 'Pipedrive', url: '', count: 3, size: Number.NaN, maybe: false, level: '2', mapping: '{"title": "headline"}', tags: '' })
    expect(result).toEqual({ ok: true, params: { name: 'Pipedrive', count: 3, flag: false, maybe: false, level: 2, mapping: { title: 'headline' } } })
  })

  test('broken JSON and JSON of the wrong shape are stopped in the form, field by field', () => {
    const fields = schemaFields(manifestSchema({ mapping: z.object({}), tags: z.array(z.string()), value: z.unknown() }))
    const result = paramsFromValues(fields, { mapping: '[1]', tags: '{"a"', value: '"anything"' })
    expect(result.ok).toBe(false)
    expect(!result.ok && result.errors).toEqual({ mapping: 'must be a JSON object', tags: expect.stringMatching(/^not valid JSON/) })
  })

  test('known params fill the form and come back unchanged', () => {
    const fields = schemaFields(manifestSchema({ crm_num: crmNumParam, mapping: z.object({ title: z.string() }), status: z.enum(['New', 'Customer']), link: z.boolean().optional() }))
    const params = { crm_num: '001', mapping: { title: 'headline' }, status: 'Customer', link: true }
    expect(paramsFromValues(fields, valuesFromParams(fields, params))).toEqual({ ok: true, params })
  })

  test('invalid_params issues are shown at the param they name', () => {
    expect(issuesByField({ issues: [
      { path: 'url', code: 'invalid_format', message: 'Invalid URL' },
      { path: 'mapping.title', code: 'invalid_type', message: 'expected string' },
      { path: '', code: 'unrecognized_keys', message: 'Unrecognized key: "nmae"' },
    ] })).toEqual({ url: 'Invalid URL', mapping: 'expected string' })
    expect(issuesByField(undefined)).toEqual({})
  })

  test('invalid_params issues under a nested path go to the fields of that part of the form', () => {
    const details = { issues: [
      { path: 'stages.1.options.max_length', code: 'too_small', message: 'must be at least 1' },
      { path: 'stages.0.options.top_level', code: 'invalid_type', message: 'expected number' },
      { path: 'name', code: 'too_small', message: 'required' },
    ] }
    expect(issuesByField(details, 'stages.1.options')).toEqual({ max_length: 'must be at least 1' })
    expect(issuesByField(details, 'stages.2.options')).toEqual({})
  })

  test('forms outside the console label their fields in words', () => {
    const fields = labelled(schemaFields(manifestSchema({ max_tokens: z.number().int(), provider: z.enum(['openai']) })))
    expect(fields.map(field => [field.name, field.label])).toEqual([['max_tokens', 'Max tokens'], ['provider', 'Provider']])
  })
})

describe('a mapping field beside the sample', () => {
  const sample = { headline: 'Spring launch', body: { html: '<p>Live</p>' }, items: [{ name: 'first' }], long: 'x'.repeat(200) }

  test('says what its dotted path picks from the sample, or that it picks nothing', () => {
    expect(samplePreview(sample, 'headline')).toBe('Sample: Spring launch')
    expect(samplePreview(sample, 'body.html')).toBe('Sample: <p>Live</p>')
    expect(samplePreview(sample, 'items.0')).toBe('Sample: {"name":"first"}')
    expect(samplePreview(sample, 'body.missing')).toBe('Not in the sample.')
    expect(samplePreview(sample, 'headline.length')).toBe('Not in the sample.')
    expect(samplePreview(sample, '')).toBe('Not mapped.')
    expect(samplePreview(sample, 'long')).toHaveLength('Sample: '.length + 80)
  })
})
