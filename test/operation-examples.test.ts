// @svc-provider-independent: examples checked against their schemas, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { z } from 'zod'
import { defineOperation, type Operation } from '../packages/control-plane/src/kernel/registry/define-operation.ts'
import { OperationRegistry } from '../packages/control-plane/src/kernel/registry/registry.ts'
import { buildManifest } from '../packages/control-plane/src/kernel/registry/manifest.ts'
import { EXAMPLE_FIXTURES, resolvePlaceholders, type OperationExample } from '../packages/control-plane/src/kernel/registry/operation-example.ts'
import { builtinResources } from '../packages/control-plane/src/resources/index.ts'
import { callErrorCodes } from '../packages/control-plane/src/kernel/registry/error-codes.ts'
import { siteNotes } from '../examples/site-notes/index.ts'

const widget = (examples: OperationExample[], destructive = false): Operation => defineOperation({
  resource: 'widgets',
  action: destructive ? 'delete' : 'update',
  summary: 'Change a widget.',
  destructive,
  params: z.object({ id: z.number().int().positive(), label: z.string().max(20).optional() }),
  returns: z.object({ id: z.number().int() }),
  examples,
  handler: async ({ id }) => ({ data: { id }, changed: true }),
})

const createWidget = defineOperation({
  resource: 'widgets',
  action: 'create',
  summary: 'Make a widget.',
  params: z.object({ label: z.string() }),
  returns: z.object({ id: z.number().int() }),
  examples: [{ params: { label: 'Blue' } }],
  handler: async () => ({ data: { id: 1 }, changed: true }),
})

describe('examples on defineOperation', () => {
  test('an example whose params fail the schema stops the definition, naming the operation and the problem', () => {
    expect(() => widget([{ params: { id: 'seven' } }])).toThrow(/widgets\.update example 1: id: .*number/)
    expect(() => widget([{ params: { id: 1, colour: 'red' } }])).toThrow(/widgets\.update example 1: .*colour/)
    expect(() => widget([{ params: {} }])).toThrow(/widgets\.update example 1: id:/)
  })

  test('a placeholder stands in for a value of any type; the rest of the params are still checked', () => {
    const setup = [{ operation: 'widgets.create', params: { label: 'Blue' }, as: 'made' }]
    expect(widget([{ setup, params: { id: '{{made.id}}' } }]).examples).toHaveLength(1)
    expect(() => widget([{ setup, params: { id: '{{made.id}}', label: 'x'.repeat(21) } }])).toThrow(/label:/)
  })

  test('a placeholder must name a fixture or an earlier setup step', () => {
    expect(widget([{ params: { id: '{{post.id}}' } }]).examples).toHaveLength(1)
    expect(() => widget([{ params: { id: '{{made.id}}' } }])).toThrow(/placeholder \{\{made…\}\} names nothing bound before it/)
    expect(() => widget([{
      setup: [{ operation: 'widgets.create', params: { label: '{{made.id}}' }, as: 'made' }],
      params: { id: '{{made.id}}' },
    }])).toThrow(/\{\{made…\}\}/)
  })

  test('an example of a destructive operation sends confirm, unless it documents the confirm_required refusal', () => {
    expect(() => widget([{ params: { id: 1 } }], true)).toThrow(/confirm: true/)
    expect(widget([{ params: { id: 1 }, confirm: true }], true).examples).toHaveLength(1)
    expect(widget([{ params: { id: 1 }, refusal: 'confirm_required' }], true).examples).toHaveLength(1)
  })

  test('an example may document only a refusal the operation can answer with', () => {
    expect(widget([{ params: { id: 1 }, refusal: 'not_found' }]).examples).toHaveLength(1)
    expect(() => widget([{ params: { id: 1 }, refusal: 'delivery_failed' }])).toThrow(/refusal delivery_failed is not among the operation's errors/)
    expect(() => widget([{ params: { id: 1 }, refusal: 'confirm_required' }])).toThrow(/confirm_required is not among/)
  })

  test('the registry refuses a setup step that names no operation or fails its params', () => {
    const unknown = widget([{ setup: [{ operation: 'widgets.make', params: {}, as: 'made' }], params: { id: '{{made.id}}' } }])
    expect(() => new OperationRegistry([createWidget, unknown])).toThrow(/widgets\.update example 1, setup widgets\.make: no such operation/)
    const bad = widget([{ setup: [{ operation: 'widgets.create', params: { label: 3 }, as: 'made' }], params: { id: '{{made.id}}' } }])
    expect(() => new OperationRegistry([createWidget, bad])).toThrow(/setup widgets\.create: label:/)
  })
})

describe('placeholders', () => {
  test('resolve to the bound value with its JSON type, at any depth, and a bare name to the whole binding', () => {
    const bindings = { run: { run_id: 7, stages: [{ type: 'set_excerpt' }] }, exported: { format: 'x', payload: { a: 1 } } }
    expect(resolvePlaceholders({ id: '{{run.run_id}}', nested: ['{{run.stages.0.type}}'], envelope: '{{exported}}', text: 'not {{run.run_id}}' }, bindings))
      .toEqual({ id: 7, nested: ['set_excerpt'], envelope: { format: 'x', payload: { a: 1 } }, text: 'not {{run.run_id}}' })
  })

  test('an unbound name or a missing path is an error, not a silent undefined', () => {
    expect(() => resolvePlaceholders({ id: '{{lead.id}}' }, {})).toThrow(/nothing is bound to "lead"/)
    expect(() => resolvePlaceholders({ id: '{{lead.idx}}' }, { lead: { id: 1 } })).toThrow(/"idx" is missing/)
  })
})

describe('the manifest', () => {
  const registry = new OperationRegistry([...builtinResources, siteNotes].flatMap(resource => resource.operations))
  const manifest = buildManifest(registry, '/api/svc/v1')

  test('lists every operation\'s examples, titled (the summary when the example has no title), and describes the fixtures', () => {
    expect(manifest.example_fixtures).toEqual(EXAMPLE_FIXTURES)
    for (const entry of manifest.operations) {
      expect({ name: entry.name, examples: entry.examples.length > 0 }).toEqual({ name: entry.name, examples: true })
      for (const example of entry.examples) expect(example.title).toEqual(expect.any(String))
    }
    const crmCreate = manifest.operations.find(entry => entry.name === 'crm.create')!
    expect(crmCreate.examples[0]).toEqual({ title: 'Connect a CRM', params: { name: 'Sales CRM', url: 'https://crm.example.com', link_admin_only: true } })
  })

  test('examples survive the trip through JSON unchanged', () => {
    expect(JSON.parse(JSON.stringify(manifest)).operations.map((entry: { examples: unknown }) => entry.examples))
      .toEqual(manifest.operations.map(entry => entry.examples))
  })
})

describe('error codes', () => {
  test('every call can answer with the pipeline\'s codes; writes with the idempotency refusals and plan_stale (not_previewable where they cannot be previewed); destructive ones with confirm_required; the handler adds what it declares', () => {
    const pipeline = ['bad_request', 'invalid_params', 'unsupported_version', 'unauthenticated', 'forbidden', 'module_disabled', 'payload_too_large', 'unsupported_media_type', 'rate_limited', 'internal']
    const idempotency = ['idempotency_mismatch', 'idempotency_in_progress', 'plan_stale']
    expect(callErrorCodes({ destructive: false, readonly: true, errors: [] }).sort()).toEqual([...pipeline].sort())
    expect(callErrorCodes({ destructive: false, errors: [] }).sort()).toEqual([...pipeline, ...idempotency].sort())
    expect(callErrorCodes({ destructive: true, errors: [] })).toContain('confirm_required')
    expect(callErrorCodes({ destructive: false, notPreviewable: 'it calls a provider', errors: [] }).sort()).toEqual([...pipeline, 'idempotency_mismatch', 'idempotency_in_progress', 'not_previewable'].sort())
    expect(callErrorCodes(widget([])).sort()).toEqual([...pipeline, ...idempotency, 'not_found', 'conflict'].sort())
    const mailer = defineOperation({ resource: 'mail', action: 'send', summary: 'Send mail.', errors: ['delivery_failed'], params: z.object({}), returns: z.object({}), handler: async () => ({ data: {}, changed: true }) })
    expect(callErrorCodes(mailer)).toContain('delivery_failed')
    expect(callErrorCodes(mailer)).not.toContain('not_found')
  })
})
