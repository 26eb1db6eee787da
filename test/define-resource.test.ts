// @svc-provider-independent: declarations checked at definition, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { list } from '@keystone-6/core'
import { text } from '@keystone-6/core/fields'
import { z } from 'zod'
import { defineOperation, defineResource, defineStage, sendSuccess } from '../packages/control-plane/src/index.ts'
import { resolveControlPlane } from '../packages/control-plane/src/kernel/control-plane.ts'
import { controlPlaneLists } from '../packages/control-plane/src/kernel/lists.ts'
import { controlPlaneModels, controlPlaneSchema } from '../packages/control-plane/src/kernel/models.ts'
import { builtinResources } from '../packages/control-plane/src/resources/index.ts'
import { controlPlaneOptionsFromEnvironment, createHostConfig } from '../host/config.ts'
import { siteNotes } from '../examples/site-notes/index.ts'
import { defineHook, provide, type Hook } from '../packages/control-plane/src/kernel/hooks/define-hook.ts'
import { postProvenance } from '../packages/control-plane/src/kernel/hooks/post-provenance.ts'
import { postIngested } from '../packages/control-plane/src/kernel/hooks/post-ingested.ts'
import { forwardingBacklog } from '../packages/control-plane/src/kernel/hooks/forwarding-backlog.ts'
import { siteVariable } from '../packages/control-plane/src/kernel/hooks/site-variable.ts'
import { crmConnection } from '../packages/control-plane/src/kernel/hooks/crm-connection.ts'

const echoConfig = {
  summary: 'Echo.',
  readonly: true,
  examples: [{ params: {} }],
  params: z.object({}),
  returns: z.object({}),
  handler: () => Promise.resolve({ data: {}, changed: false }),
}

/** A host's one-off operation, named where it is declared. */
const echo = (resource: string) => defineOperation({ resource, action: 'echo', ...echoConfig })

/** An operation its resource names (`probe.echo`). */
const echoDeclaration = defineOperation(echoConfig)

const probeList = (key: string) => ({ [key]: list({ access: { operation: { query: () => true, create: () => false, update: () => false, delete: () => false } }, fields: { name: text() } }) })

describe('defineResource', () => {
  test('fills every part with its default and tags its routes with its module', () => {
    const resource = defineResource({
      name: 'probe',
      routes: [{ method: 'GET', path: '/public/probe', handler: (_runtime, _req, res) => { sendSuccess(res, {}, false); return Promise.resolve() } }],
    })
    expect(resource).toMatchObject({ name: 'probe', module: 'switchable', operations: [], outboxTopics: [], seeds: [], statusCounters: [], adminPages: [], capabilities: {}, stages: [] })
    expect(resource.routes).toEqual([expect.objectContaining({ path: '/public/probe', module: 'probe' })])
    expect(resource.lists(() => ({}) as never, {} as never)).toEqual({})
  })

  test('names the operations of its map by their keys, once, with the resource\'s name', () => {
    const ping = defineOperation({ summary: 'Ping.', readonly: true, examples: [{ params: {} }], params: z.object({}), returns: z.object({ pong: z.boolean() }), handler: () => Promise.resolve({ data: { pong: true }, changed: false }) })
    const resource = defineResource({ name: 'probe', operations: { ping, ping_again: ping } })
    expect(resource.operations.map(operation => [operation.name, operation.resource, operation.action, operation.module])).toEqual([
      ['probe.ping', 'probe', 'ping', 'probe'], ['probe.ping_again', 'probe', 'ping_again', 'probe'],
    ])
    expect(resource.declared.ping).toBe(ping)
    expect(() => defineResource({ name: 'probe', operations: { 'Ping-Now': ping } })).toThrow('operation name part "Ping-Now" must match')
    // Checks that need the name run when the resource names the operation.
    const stale = defineOperation({ summary: 'Stale.', examples: [{ params: { nope: 1 } }], params: z.object({}), returns: z.object({}), handler: () => Promise.resolve({ data: {}, changed: false }) })
    expect(() => defineResource({ name: 'probe', operations: { stale } })).toThrow('probe.stale example 1')
    expect(() => defineOperation({ resource: 'probe', summary: 'Half named.', params: z.object({}), returns: z.object({}), handler: () => Promise.resolve({ data: {}, changed: false }) } as never)).toThrow('both resource and action, or neither')
  })

  test('installs the extension guide\'s snippet: naming the host\'s own siteNotes again installs it once', () => {
    const config = createHostConfig({ databaseUrl: 'file:./var/test/snippet.db', sessionSecret: 'x'.repeat(32), controlPlane: { ...controlPlaneOptionsFromEnvironment({}), extensions: [siteNotes] } })
    expect(Object.keys(config.lists).filter(key => key === 'SiteNote')).toEqual(['SiteNote'])
    expect(() => createHostConfig({ databaseUrl: 'file:./var/test/snippet.db', sessionSecret: 'x'.repeat(32), controlPlane: { env: {}, extensions: [defineResource({ name: 'notes' })] } })).toThrow('resource notes is declared twice')
  })

  test('keeps a small SVG icon; refuses one that is not SVG or is over 2 KB', () => {
    expect(defineResource({ name: 'probe' }).icon).toBeNull()
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9"/></svg>'
    expect(defineResource({ name: 'probe', icon: `  ${svg}\n` }).icon).toBe(svg)
    expect(() => defineResource({ name: 'probe', icon: 'https://example.com/icon.png' })).toThrow('icon must be SVG markup')
    expect(() => defineResource({ name: 'probe', icon: `<svg>${' '.repeat(2048)}</svg>` })).toThrow('at most 2048 bytes')
  })

  test('refuses a name that is not lower snake case', () => {
    expect(() => defineResource({ name: 'Probe' })).toThrow('must match')
  })
})

describe('the tables derived from the resources', () => {
  const probe = defineResource({
    name: 'probe',
    lists: () => probeList('Probe'),
    operations: { echo: echoDeclaration },
    outboxTopics: [{ topic: 'probe.ping', deliver: async () => {} }],
    seeds: [{ what: 'the probe', run: async () => {} }],
    statusCounters: [{ key: 'probes', count: () => Promise.resolve(0) }],
    adminPages: [{ path: '/probe', label: 'Probe', title: 'Probe', requires: ['probe.echo'] }],
    capabilities: { probe_things: ['editor'] },
  })
  const plane = resolveControlPlane(builtinResources, { extensions: [probe], operations: [echo('loose')] })

  test('hold every built-in resource\'s parts and the extension\'s alike', () => {
    expect(plane.operations.map(operation => operation.name)).toEqual(expect.arrayContaining(['crm.create', 'probe.echo', 'loose.echo']))
    expect(plane.outboxTopics.map(topic => topic.topic)).toEqual(expect.arrayContaining(['leads.contact_status', 'probe.ping']))
    expect(plane.seeds.map(seed => seed.what)).toEqual(expect.arrayContaining(['the system roles', 'the default pipeline recipe', 'the probe']))
    expect(plane.statusCounters.map(counter => counter.key)).toEqual(['crm', 'users', 'leads', 'content_sources', 'recipes', 'runs', 'webhooks', 'webhooks_disabled', 'probes'])
    expect(plane.adminPages.at(-1)).toEqual({ path: '/probe', label: 'Probe', title: 'Probe', requires: ['probe.echo'] })
    expect(plane.routes.map(route => [route.method, route.path, route.module])).toEqual([
      ['GET', '/team/:userNum', 'users'], ['GET', '/leads/export.ndjson', 'leads'], ['POST', '/public/leads', 'leads'], ['POST', '/ingest/:slug', 'content_sources'],
    ])
    expect(plane.options.capabilities).toMatchObject({ manage_options: ['administrator'], probe_things: ['editor'] })
  })

  test('name each resource\'s module, locked or switchable', () => {
    const modules = Object.fromEntries(plane.modules.map(module => [module.key, module.locked]))
    expect(modules).toMatchObject({ status: true, modules: true, api_keys: true, audit: true, crm: false, leads: false, probe: false })
  })

  test('give the Keystone lists of the core and of every resource, sorted by key', () => {
    const keys = Object.keys(controlPlaneLists(plane))
    expect(keys).toEqual([...keys].sort())
    expect(keys).toEqual(['Probe', 'SvcModuleState'])
  })

  test('give the package\'s tables as Prisma models, not lists: the machinery\'s and every resource\'s, sorted, each once', () => {
    const names = controlPlaneModels(plane).map(model => model.name)
    expect(names).toEqual([...names].sort())
    expect(names).toEqual(expect.arrayContaining(['SvcApiKey', 'SvcAuditEntry', 'SvcCounter', 'SvcCrmSlot', 'SvcJob', 'SvcLead', 'SvcOutboxMessage', 'SvcRateWindow', 'SvcTally', 'SvcTeamMember', 'SvcWebhookDelivery']))
    expect(Object.keys(controlPlaneLists(plane)).filter(key => names.includes(key))).toEqual([])
    const twice = defineResource({ name: 'twice', models: [controlPlaneModels(plane)[0]!] })
    expect(() => controlPlaneModels(resolveControlPlane([...builtinResources, twice]))).toThrow(/bookkeeping model \w+ is declared twice/)
  })

  test('hand each hook a resource provides to the others, none where no installed resource provides it, and refuse a hook provided twice', () => {
    const builtinHooks: Hook<unknown>[] = [postProvenance, postIngested, forwardingBacklog, siteVariable, crmConnection]
    for (const hook of builtinHooks) expect(plane.hooks.get(hook)).toBeInstanceOf(Object)
    const greeting = defineHook<(name: string) => string>('greeting')
    const greeter = defineResource({ name: 'greeter', provides: [provide(greeting, name => `hello ${name}`)] })
    expect(resolveControlPlane(builtinResources, { extensions: [greeter] }).hooks.get(greeting)?.('Ada')).toBe('hello Ada')
    expect(plane.hooks.get(greeting)).toBeUndefined()
    // Without posts, content sources and pipelines are left out, and what they provide with them.
    const withoutPosts = resolveControlPlane(builtinResources, { host: { content: false } })
    const contentHooks: Hook<unknown>[] = [postProvenance, postIngested, forwardingBacklog]
    expect(contentHooks.map(hook => withoutPosts.hooks.get(hook))).toEqual([undefined, undefined, undefined])
    expect(withoutPosts.hooks.get(siteVariable)).toBeInstanceOf(Function)
    const twin = defineResource({ name: 'twin', provides: [provide(siteVariable, () => Promise.resolve(undefined))] })
    expect(() => resolveControlPlane(builtinResources, { extensions: [twin] })).toThrow('the hook site_variable is provided by both variables and twin')
  })

  test('refuse a resource, a list, an outbox topic or a stage type declared twice', () => {
    expect(() => resolveControlPlane(builtinResources, { extensions: [defineResource({ name: 'crm' })] })).toThrow('resource crm is declared twice')
    const shadow = resolveControlPlane(builtinResources, { extensions: [defineResource({ name: 'probe', lists: () => probeList('Probe') }), defineResource({ name: 'shadow', lists: () => probeList('Probe') })] })
    expect(() => controlPlaneLists(shadow)).toThrow('list Probe of the shadow resource is declared twice')
    const overModel = resolveControlPlane(builtinResources, { extensions: [defineResource({ name: 'shadow', lists: () => probeList('SvcCrmSlot') })] })
    expect(() => controlPlaneSchema(overModel, Object.keys(controlPlaneLists(overModel)))).toThrow('list SvcCrmSlot is also a bookkeeping model of the control plane')
    const topic = defineResource({ name: 'twin', outboxTopics: [{ topic: 'leads.contact_status', deliver: async () => {} }] })
    expect(() => resolveControlPlane(builtinResources, { extensions: [topic] })).toThrow('outbox topic leads.contact_status is declared twice')
    const stage = defineStage({ type: 'set_excerpt', summary: 'twin', options: z.object({}), run: () => ({ changed: false }) })
    expect(() => resolveControlPlane(builtinResources, { extensions: [defineResource({ name: 'stager', stages: [stage] })] })).toThrow('stage type set_excerpt is registered twice')
  })
})
