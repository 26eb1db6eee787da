import { beforeAll, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { graphql, sessionCookie } from './support/session-client.ts'
import { controlPlaneModels } from '../packages/control-plane/src/kernel/models.ts'
import { resolveControlPlane } from '../packages/control-plane/src/kernel/control-plane.ts'
import { builtinResources } from '../packages/control-plane/src/resources/index.ts'

const plane = useTestServer()
let adminCookie: string
let subscriberCookie: string
const CRM_SECRET = 'side-door-crm-Secret-0xC0FFEE'

beforeAll(async () => {
  const subscriber = await plane.account('subscriber')
  const created = await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'Seeded CRM', url: 'https://crm.example.com' } })
  if (created.status !== 200) throw new Error(`seeding failed: ${created.text}`)
  await plane.dispatch({ resource: 'crm', action: 'set_secret', params: { crm_num: '001', api_key: CRM_SECRET } })
  await plane.dispatch({ resource: 'users', action: 'create', params: { full_name: 'Seeded Member', email: 'seeded.member@example.com' } })
  await plane.server.db.svcWelcomeEmailWindow.create({ data: { address: 'seeded.member@example.com', lastSentAt: new Date() } })
  await plane.dispatch({ resource: 'modules', action: 'disable', params: { module: 'ai' } })
  adminCookie = await sessionCookie(plane.server.app, plane.admin.email, plane.admin.password)
  subscriberCookie = await sessionCookie(plane.server.app, subscriber.email, subscriber.password)
})

const crmRows = () => plane.server.db.svcCrmSlot.findMany({ orderBy: { slot: 'asc' } })
const modules = () => plane.server.db.svcModuleState.findMany({ orderBy: { key: 'asc' } })
const cookies = () => [['anonymous', undefined], ['subscriber', subscriberCookie], ['administrator', adminCookie]] as const
const cookieOf = (who: string) => cookies().find(([name]) => name === who)![1]

/** Refused by GraphQL's validation: the field does not exist, for anyone. */
function expectNoSuchField (body: { data?: unknown, errors?: { message: string, extensions?: { code?: string } }[] }) {
  expect(body.data ?? null).toBeNull()
  expect(body.errors?.map(error => error.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED'])
  expect(body.errors![0]!.message).toMatch(/^Cannot query field/)
}

describe('the package\'s tables', () => {
  test('have no type, query or mutation in the GraphQL API, though their rows exist: every model, the resources\' state included', async () => {
    expect(await plane.server.db.svcAuditEntry.count()).toBeGreaterThan(0)
    expect(await plane.server.db.svcCrmSlot.count()).toBe(1)
    expect(await plane.server.db.svcApiKey.count()).toBeGreaterThan(0)
    expect(await plane.server.db.svcTeamMember.count()).toBe(1)
    expect(await plane.server.db.svcWelcomeEmailWindow.count()).toBe(1)
    const res = await graphql(plane.server.app, '{ __schema { types { name } queryType { fields { name } } mutationType { fields { name } } } }', {}, adminCookie)
    expect(res.body.errors).toBeUndefined()
    const schema = res.body.data.__schema as { types: { name: string }[], queryType: { fields: { name: string }[] }, mutationType: { fields: { name: string }[] } }
    const names = [...schema.types, ...schema.queryType.fields, ...schema.mutationType.fields].map(entry => entry.name.toLowerCase())
    expect(names).toContain('svcmodulestates')
    const models = controlPlaneModels(resolveControlPlane(builtinResources))
    expect(models.map(model => model.name)).toEqual(expect.arrayContaining(['SvcApiKey', 'SvcCrmSlot', 'SvcLead', 'SvcLeadEvent', 'SvcRole', 'SvcTeamMember']))
    for (const model of models) {
      const stem = model.name.toLowerCase().replace(/y$/, '')
      expect(`${model.name}: ${names.filter(name => name.includes(stem)).join(', ')}`).toBe(`${model.name}: `)
    }
  })

  test('no type or input type anywhere in the schema names a secret field', async () => {
    const res = await graphql(plane.server.app, '{ __schema { types { name fields { name } inputFields { name } } } }')
    expect(res.body.errors).toBeUndefined()
    const types: Array<{ name: string, fields: { name: string }[] | null, inputFields: { name: string }[] | null }> = res.body.data.__schema.types
    for (const type of types) {
      const names = [...(type.fields ?? []), ...(type.inputFields ?? [])].map(field => field.name)
      for (const secret of ['apiKeyCiphertext', 'secretDigest', 'secretCiphertext']) expect(`${type.name}.${names.find(name => name === secret) ?? ''}`).toBe(`${type.name}.`)
    }
  })

  test.each(['anonymous', 'subscriber', 'administrator'])('%s: reading them, a secret or a count is a query GraphQL does not know', async who => {
    for (const read of [
      '{ svcCrmSlots { id name } }', '{ svcCrmSlots { apiKeyCiphertext } }', '{ svcApiKeys { secretDigest } }', '{ svcTeamMembersCount }',
      '{ svcRoles { slug } }', '{ svcLeads { email } }', '{ svcAuditEntries { id operation } }', '{ svcCounters { key value } }',
    ]) {
      const res = await graphql(plane.server.app, read, {}, cookieOf(who))
      expectNoSuchField(res.body)
      expect(JSON.stringify(res.body)).not.toContain(CRM_SECRET)
      expect(JSON.stringify(res.body)).not.toContain('Seeded CRM')
    }
  })

  test.each(['anonymous', 'subscriber', 'administrator'])('%s: writing them is a mutation GraphQL does not know, and nothing changes', async who => {
    const snapshot = async () => JSON.stringify([
      await crmRows(),
      await plane.server.db.svcApiKey.findMany({ orderBy: { id: 'asc' } }),
      await plane.server.db.svcTeamMember.findMany({ orderBy: { slot: 'asc' }, include: { roles: true } }),
      await plane.server.db.svcRole.findMany({ orderBy: { slug: 'asc' } }),
      await plane.server.db.svcAuditEntry.count(),
    ])
    const before = await snapshot()
    for (const mutation of [
      'mutation { createSvcCrmSlot(data: { slot: 7, name: "Injected" }) { id } }',
      'mutation { deleteSvcCrmSlot(where: { id: "x" }) { id } }',
      'mutation { createSvcApiKey(data: { publicId: "forgedforged", label: "forged" }) { id } }',
      'mutation { updateSvcTeamMember(where: { id: "x" }, data: { email: "evil@example.com" }) { id } }',
      'mutation { createSvcRole(data: { slug: "injected", name: "Injected", system: true }) { id } }',
      'mutation { createSvcAuditEntry(data: { operation: "crm.delete" }) { id } }',
      'mutation { createSvcVariable(data: { name: "forged", valueJson: "1" }) { id } }',
    ]) {
      expectNoSuchField((await graphql(plane.server.app, mutation, {}, cookieOf(who))).body)
    }
    expect(await snapshot()).toBe(before)
  })

  test('the seeded slot and its secret survived every attempt', async () => {
    const rows = await crmRows()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ slot: 1, name: 'Seeded CRM', url: 'https://crm.example.com' })
    expect(rows[0]!.apiKeyCiphertext).toMatch(/^v2:/)
  })
})

describe('the one list the package keeps (module switches): readable with the capability, written by no one', () => {
  test.each(['anonymous', 'subscriber'])('%s reads no module switch, though one exists', async who => {
    expect(await modules()).toHaveLength(1)
    const res = await graphql(plane.server.app, '{ svcModuleStates { key enabled } svcModuleStatesCount }', {}, cookieOf(who))
    expect(res.body.data?.svcModuleStates ?? []).toEqual([])
    expect(res.body.data?.svcModuleStatesCount ?? 0).toBe(0)
  })

  test('an administrator reads them', async () => {
    const res = await graphql(plane.server.app, '{ svcModuleStates { key enabled } }', {}, adminCookie)
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data.svcModuleStates).toEqual([{ key: 'ai', enabled: false }])
  })

  test.each(['anonymous', 'subscriber', 'administrator'])('%s: the schema has no mutation to create, update or delete one, and nothing changes', async who => {
    const before = await modules()
    const id = before[0]!.id
    for (const [field, mutation, variables] of [
      ['createSvcModuleState', 'mutation { createSvcModuleState(data: { key: "leads", enabled: false }) { id } }', {}],
      ['updateSvcModuleState', 'mutation ($id: ID!) { updateSvcModuleState(where: { id: $id }, data: { enabled: true }) { id } }', { id }],
      ['deleteSvcModuleState', 'mutation ($id: ID!) { deleteSvcModuleState(where: { id: $id }) { id } }', { id }],
    ] as const) {
      const { body } = await graphql(plane.server.app, mutation, variables, cookieOf(who))
      expectNoSuchField(body)
      // The mutation itself is missing from the schema, not a field of its input or selection.
      expect(body.errors?.[0]?.message).toBe(`Cannot query field "${field}" on type "Mutation".`)
    }
    expect(await modules()).toEqual(before)
  })
})
