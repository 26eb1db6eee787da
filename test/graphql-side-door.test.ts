import { beforeAll, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { graphql, sessionCookie } from './support/session-client.ts'
import { controlPlaneModels } from '../packages/control-plane/src/kernel/models.ts'
import { resolveControlPlane } from '../packages/control-plane/src/kernel/control-plane.ts'
import { builtinResources } from '../packages/control-plane/src/resources/index.ts'

const plane = useTestServer()
let adminCookie: string
let subscriberCookie: string
let seededSlotId: string
const CRM_SECRET = 'side-door-crm-Secret-0xC0FFEE'

beforeAll(async () => {
  const subscriber = await plane.account('subscriber')
  const created = await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'Seeded CRM', url: 'https://crm.example.com' } })
  if (created.status !== 200) throw new Error(`seeding failed: ${created.text}`)
  await plane.dispatch({ resource: 'crm', action: 'set_secret', params: { crm_num: '001', api_key: CRM_SECRET } })
  seededSlotId = (await plane.server.db.svcCrmSlot.findUniqueOrThrow({ where: { slot: 1 } })).id
  await plane.dispatch({ resource: 'users', action: 'create', params: { full_name: 'Seeded Member', email: 'seeded.member@example.com' } })
  await plane.server.db.svcWelcomeEmailWindow.create({ data: { address: 'seeded.member@example.com', lastSentAt: new Date() } })
  adminCookie = await sessionCookie(plane.server.app, plane.admin.email, plane.admin.password)
  subscriberCookie = await sessionCookie(plane.server.app, subscriber.email, subscriber.password)
})

const PLUGIN_LISTS = `{
  svcCrmSlots { id slot name }
  svcCrmSlotsCount
  svcApiKeys { id publicId label }
  svcApiKeysCount
  svcTeamMembers { id slot fullName email }
  svcTeamMembersCount
  svcRoles { id slug }
  svcRolesCount
}`

const crmRows = () => plane.server.db.svcCrmSlot.findMany({ orderBy: { slot: 'asc' } })

describe('secret fields are not in the GraphQL schema', () => {
  const SECRET_FIELDS = ['apiKeyCiphertext', 'secretDigest', 'secretCiphertext']

  test('introspection of SvcCrmSlot and SvcApiKey shows the ordinary fields and no secret field', async () => {
    const res = await graphql(plane.server.app, `{
      crm: __type(name: "SvcCrmSlot") { fields { name } }
      key: __type(name: "SvcApiKey") { fields { name } }
    }`)
    expect(res.body.errors).toBeUndefined()
    const crmFields = res.body.data.crm.fields.map((field: { name: string }) => field.name)
    const keyFields = res.body.data.key.fields.map((field: { name: string }) => field.name)
    expect(crmFields).toEqual(expect.arrayContaining(['id', 'slot', 'name', 'url']))
    expect(keyFields).toEqual(expect.arrayContaining(['id', 'publicId', 'label']))
    expect(crmFields).not.toContain('apiKeyCiphertext')
    expect(keyFields).not.toContain('secretDigest')
  })

  test('no type or input type anywhere in the schema names a secret field', async () => {
    const res = await graphql(plane.server.app, '{ __schema { types { name fields { name } inputFields { name } } } }')
    expect(res.body.errors).toBeUndefined()
    const types: Array<{ name: string, fields: { name: string }[] | null, inputFields: { name: string }[] | null }> = res.body.data.__schema.types
    expect(types.map(type => type.name)).toEqual(expect.arrayContaining([
      'SvcCrmSlot', 'SvcCrmSlotWhereInput', 'SvcApiKey', 'SvcApiKeyWhereInput', 'SvcIntegration', 'SvcIntegrationWhereInput', 'SvcAiSetting',
    ]))
    for (const type of types) {
      const names = [...(type.fields ?? []), ...(type.inputFields ?? [])].map(field => field.name)
      for (const secret of SECRET_FIELDS) expect(`${type.name}.${names.find(name => name === secret) ?? ''}`).toBe(`${type.name}.`)
    }
  })

  test.each([
    ['svcCrmSlots { apiKeyCiphertext }'],
    ['svcApiKeys { secretDigest }'],
    ['svcCrmSlots(where: { apiKeyCiphertext: { equals: "x" } }) { id }'],
  ])('even an administrator selecting or filtering on a secret (%s) gets a validation error', async selection => {
    const res = await graphql(plane.server.app, `{ ${selection} }`, {}, adminCookie)
    expect(res.body.data).toBeUndefined()
    expect(res.body.errors?.length).toBeGreaterThan(0)
    expect(res.body.errors![0]!.message).toMatch(/apiKeyCiphertext|secretDigest/)
    expect(JSON.stringify(res.body)).not.toContain(CRM_SECRET)
  })
})

describe('bookkeeping tables (queues, windows, counters, logs)', () => {
  test('have no type, query or mutation in the GraphQL API, though their rows exist', async () => {
    expect(await plane.server.db.svcAuditEntry.count()).toBeGreaterThan(0)
    expect(await plane.server.db.svcWelcomeEmailWindow.count()).toBe(1)
    const res = await graphql(plane.server.app, '{ __schema { types { name } queryType { fields { name } } mutationType { fields { name } } } }', {}, adminCookie)
    expect(res.body.errors).toBeUndefined()
    const schema = res.body.data.__schema as { types: { name: string }[], queryType: { fields: { name: string }[] }, mutationType: { fields: { name: string }[] } }
    const names = [...schema.types, ...schema.queryType.fields, ...schema.mutationType.fields].map(entry => entry.name.toLowerCase())
    expect(names).toContain('svccrmslots')
    const models = controlPlaneModels(resolveControlPlane(builtinResources))
    expect(models.length).toBeGreaterThan(10)
    for (const model of models) {
      const stem = model.name.toLowerCase().replace(/y$/, '')
      expect(`${model.name}: ${names.filter(name => name.includes(stem)).join(', ')}`).toBe(`${model.name}: `)
    }
    for (const read of ['{ svcAuditEntries { id operation } }', '{ svcCounters { key value } }', '{ svcWelcomeEmailWindowsCount }']) {
      expectNoSuchField((await graphql(plane.server.app, read, {}, adminCookie)).body)
    }
  })
})

describe('reads', () => {
  test('anonymous queries of the plugin lists return nothing, though rows exist', async () => {
    expect(await plane.server.db.svcCrmSlot.count()).toBe(1)
    expect(await plane.server.db.svcApiKey.count()).toBeGreaterThan(0)
    expect(await plane.server.db.svcAuditEntry.count()).toBeGreaterThan(0)
    const res = await graphql(plane.server.app, PLUGIN_LISTS)
    expectNothingRead(res.body)
  })

  test('anonymous single-item queries return null', async () => {
    const res = await graphql(plane.server.app, 'query ($id: ID!) { svcCrmSlot(where: { id: $id }) { id name } }', { id: seededSlotId })
    expect(res.body.data?.svcCrmSlot ?? null).toBeNull()
  })

  test('a signed-in subscriber reads nothing from the plugin lists', async () => {
    const res = await graphql(plane.server.app, PLUGIN_LISTS, {}, subscriberCookie)
    expectNothingRead(res.body)
    const one = await graphql(plane.server.app, 'query ($id: ID!) { svcCrmSlot(where: { id: $id }) { id name } }', { id: seededSlotId }, subscriberCookie)
    expect(one.body.data?.svcCrmSlot ?? null).toBeNull()
  })

  test('a signed-in administrator can read the plugin lists, without secrets', async () => {
    const res = await graphql(plane.server.app, PLUGIN_LISTS, {}, adminCookie)
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data.svcCrmSlots).toEqual([{ id: seededSlotId, slot: 1, name: 'Seeded CRM' }])
    expect(res.body.data.svcCrmSlotsCount).toBe(1)
    expect(res.body.data.svcApiKeys.map((key: { publicId: string }) => key.publicId)).toContain(plane.admin.keyId)
    expect(res.body.data.svcTeamMembers).toEqual([expect.objectContaining({ slot: 1, fullName: 'Seeded Member' })])
    expect(res.body.data.svcRolesCount).toBe(4)
    expect(JSON.stringify(res.body)).not.toContain(CRM_SECRET)
  })
})

/** Refused by GraphQL's validation: the field does not exist, for anyone. */
function expectNoSuchField (body: { data?: unknown, errors?: { message: string, extensions?: { code?: string } }[] }) {
  expect(body.data ?? null).toBeNull()
  expect(body.errors?.map(error => error.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED'])
  expect(body.errors![0]!.message).toMatch(/^Cannot query field/)
}

/** Refused by the list's access rules, not by a typo in the query (a validation error would prove nothing). */
function expectAccessDenied (body: { errors?: { message: string, extensions?: { code?: string } }[] }) {
  expect(body.errors?.length).toBeGreaterThan(0)
  expect(body.errors!.map(error => error.extensions?.code)).toEqual(body.errors!.map(() => 'KS_ACCESS_DENIED'))
}

function expectNothingRead (body: { data?: Record<string, unknown> | null, errors?: unknown[] }) {
  const data = body.data ?? {}
  for (const list of ['svcCrmSlots', 'svcApiKeys', 'svcTeamMembers', 'svcRoles']) {
    const value = data[list]
    expect(value === null || value === undefined || (Array.isArray(value) && value.length === 0)).toBe(true)
  }
  for (const count of ['svcCrmSlotsCount', 'svcApiKeysCount', 'svcTeamMembersCount', 'svcRolesCount']) {
    const value = data[count]
    expect(value === null || value === undefined || value === 0).toBe(true)
  }
  expect(JSON.stringify(body)).not.toContain('Seeded CRM')
  expect(JSON.stringify(body)).not.toContain('seeded.member@example.com')
}

describe('mutations', () => {
  const cookies = () => [['anonymous', undefined], ['subscriber', subscriberCookie], ['administrator', adminCookie]] as const

  test.each(['anonymous', 'subscriber', 'administrator'])('%s: createSvcCrmSlot fails and creates nothing', async who => {
    const cookie = cookies().find(([name]) => name === who)![1]
    const before = await crmRows()
    const res = await graphql(plane.server.app, 'mutation { createSvcCrmSlot(data: { slot: 7, name: "Injected" }) { id } }', {}, cookie)
    expectAccessDenied(res.body)
    expect(res.body.data?.createSvcCrmSlot ?? null).toBeNull()
    expect(await crmRows()).toEqual(before)
  })

  test.each(['anonymous', 'subscriber', 'administrator'])('%s: updateSvcCrmSlot fails and changes nothing', async who => {
    const cookie = cookies().find(([name]) => name === who)![1]
    const before = await crmRows()
    const res = await graphql(plane.server.app, 'mutation ($id: ID!) { updateSvcCrmSlot(where: { id: $id }, data: { name: "Renamed", slot: 9 }) { id } }', { id: seededSlotId }, cookie)
    expectAccessDenied(res.body)
    expect(res.body.data?.updateSvcCrmSlot ?? null).toBeNull()
    expect(await crmRows()).toEqual(before)
  })

  test.each(['anonymous', 'subscriber', 'administrator'])('%s: deleteSvcCrmSlot fails and deletes nothing', async who => {
    const cookie = cookies().find(([name]) => name === who)![1]
    const before = await crmRows()
    const res = await graphql(plane.server.app, 'mutation ($id: ID!) { deleteSvcCrmSlot(where: { id: $id }) { id } }', { id: seededSlotId }, cookie)
    expectAccessDenied(res.body)
    expect(res.body.data?.deleteSvcCrmSlot ?? null).toBeNull()
    expect(await crmRows()).toEqual(before)
  })

  test('an administrator cannot mint, revoke or forge API keys or audit entries through GraphQL', async () => {
    const keysBefore = await plane.server.db.svcApiKey.findMany({ orderBy: { id: 'asc' } })
    const auditBefore = await plane.server.db.svcAuditEntry.count()
    const keyId = (await plane.server.db.svcApiKey.findUniqueOrThrow({ where: { publicId: plane.admin.keyId } })).id
    for (const [mutation, variables] of [
      ['mutation { createSvcApiKey(data: { publicId: "forgedforged", label: "forged" }) { id } }', {}],
      ['mutation ($id: ID!) { updateSvcApiKey(where: { id: $id }, data: { revokedAt: "2000-01-01T00:00:00.000Z" }) { id } }', { id: keyId }],
      ['mutation ($id: ID!) { deleteSvcApiKey(where: { id: $id }) { id } }', { id: keyId }],
    ] as const) {
      const res = await graphql(plane.server.app, mutation, variables, adminCookie)
      expectAccessDenied(res.body)
    }
    for (const mutation of [
      'mutation { createSvcAuditEntry(data: { operation: "crm.delete", actorId: "x", actorEmail: "x", mode: "api_key" }) { id } }',
      'mutation { deleteSvcAuditEntries(where: [{ id: 1 }]) { id } }',
      'mutation { createSvcCounter(data: { key: "crm_count", value: 0 }) { id } }',
    ]) {
      expectNoSuchField((await graphql(plane.server.app, mutation, {}, adminCookie)).body)
    }
    expect(await plane.server.db.svcApiKey.findMany({ orderBy: { id: 'asc' } })).toEqual(keysBefore)
    expect(await plane.server.db.svcAuditEntry.count()).toBe(auditBefore)
    expect(await plane.server.db.svcCounter.count({ where: { key: 'crm_count', value: 0 } })).toBe(0)
  })

  test('an administrator cannot write team members, roles or assignments through GraphQL', async () => {
    const snapshot = async () => [
      await plane.server.db.svcTeamMember.findMany({ orderBy: { slot: 'asc' }, include: { roles: true } }),
      await plane.server.db.svcRole.findMany({ orderBy: { slug: 'asc' } }),
    ]
    const before = await snapshot()
    const memberId = (await plane.server.db.svcTeamMember.findUniqueOrThrow({ where: { slot: 1 } })).id
    const roleId = (await plane.server.db.svcRole.findUniqueOrThrow({ where: { slug: 'owner' } })).id
    for (const [mutation, variables] of [
      ['mutation { createSvcTeamMember(data: { slot: 9, fullName: "Injected" }) { id } }', {}],
      ['mutation ($id: ID!) { updateSvcTeamMember(where: { id: $id }, data: { email: "evil@example.com" }) { id } }', { id: memberId }],
      ['mutation ($id: ID!) { deleteSvcTeamMember(where: { id: $id }) { id } }', { id: memberId }],
      ['mutation { createSvcRole(data: { slug: "injected", name: "Injected", system: true }) { id } }', {}],
      ['mutation ($id: ID!, $member: ID!) { updateSvcRole(where: { id: $id }, data: { members: { connect: [{ id: $member }] } }) { id } }', { id: roleId, member: memberId }],
      ['mutation ($id: ID!) { deleteSvcRole(where: { id: $id }) { id } }', { id: roleId }],
    ] as const) {
      const res = await graphql(plane.server.app, mutation, variables, adminCookie)
      expectAccessDenied(res.body)
    }
    expect(await snapshot()).toEqual(before)
  })

  test('an administrator cannot write integrations, AI settings or variables through GraphQL', async () => {
    for (const mutation of [
      'mutation { createSvcIntegration(data: { key: "slack", enabled: true }) { id } }',
      'mutation { createSvcAiSetting(data: { provider: "ollama", baseUrl: "http://attacker.example" }) { id } }',
      'mutation { createSvcVariable(data: { name: "forged", valueJson: "1" }) { id } }',
    ]) {
      expectAccessDenied((await graphql(plane.server.app, mutation, {}, adminCookie)).body)
    }
    expect(await plane.server.db.svcIntegration.count()).toBe(0)
    expect(await plane.server.db.svcAiSetting.count()).toBe(0)
    expect(await plane.server.db.svcVariable.count()).toBe(0)
  })

  test('the seeded slot and its secret survived every attempt', async () => {
    const rows = await crmRows()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ slot: 1, name: 'Seeded CRM', url: 'https://crm.example.com' })
    expect(rows[0]!.apiKeyCiphertext).toMatch(/^v2:/)
  })
})
