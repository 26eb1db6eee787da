// @svc-provider-independent: the schema text the plugin adds to what Keystone prints, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { bookkeepingModel } from '../packages/control-plane/src/platform/db/bookkeeping-model.ts'
import { withBookkeepingModels } from '../packages/control-plane/src/platform/db/bookkeeping-schema.ts'

/** A schema as Keystone prints it before formatting: the host's lists, then the package's lists, sorted. */
const printed = (provider: string, hostId: string, accountsId = 'Int @id @default(autoincrement())') => [
  `datasource ${provider} {`, `  provider = "${provider}"`, '}', '',
  'generator client {', '  provider = "prisma-client"', '}',
  'model Person {', `id ${accountsId}`, 'email String @unique', 'from_Post_author Post[] @relation("Post_author")', '@@map("people")', '}',
  'model Post {', 'id Int @id @default(autoincrement())', 'title String @default("")', '}',
  'model SvcCrmSlot {', `id ${hostId}`, 'name String @default("")', '}',
  'model SvcModuleState {', `id ${hostId}`, 'key String @unique', '}',
].join('\n')

const lists = { names: ['SvcCrmSlot', 'SvcModuleState'], defaultIdList: 'SvcModuleState', accountsList: 'Person' }
const modelNames = (schema: string) => [...schema.matchAll(/^model (\w+) \{/gm)].map(match => match[1])

describe('bookkeeping models in the schema Keystone prints', () => {
  const counter = bookkeepingModel('SvcCounter', ({ hostId }) => `
  // A comment for the source's readers.
  id    ${hostId}
  value Int @default(0)
`)
  const job = bookkeepingModel('SvcJob', ({ json }) => `
  id     Int   @id @default(autoincrement())
  params Json?${json('{}')}
`)
  const window = bookkeepingModel('SvcWindow', () => `
  id Int @id
`)
  const zone = bookkeepingModel('SvcZone', () => `
  id Int @id
`)

  test('stand among the package\'s lists by name, where Keystone printed them as lists; those after the last list keep their order', () => {
    const schema = withBookkeepingModels([counter, job, window, zone], lists)(printed('sqlite', 'String @id @default(cuid())'))
    expect(modelNames(schema)).toEqual(['Person', 'Post', 'SvcCounter', 'SvcCrmSlot', 'SvcJob', 'SvcModuleState', 'SvcWindow', 'SvcZone'])
  })

  test('take the id field the host gives a list that names none, whatever Keystone made of it', () => {
    const schema = withBookkeepingModels([counter], lists)(printed('postgresql', 'BigInt @id @default(autoincrement())'))
    expect(schema).toContain('model SvcCounter {\n  id    BigInt @id @default(autoincrement())\n  value Int @default(0)\n}')
  })

  test('print a JSON default on PostgreSQL only, as Keystone does, and no comment line', () => {
    const sqlite = withBookkeepingModels([counter, job], lists)(printed('sqlite', 'String @id @default(cuid())'))
    const postgresql = withBookkeepingModels([counter, job], lists)(printed('postgresql', 'String @id @default(cuid())'))
    expect(sqlite).toContain('  params Json?\n')
    expect(postgresql).toContain('  params Json? @default("{}")\n')
    expect(sqlite).not.toContain('A comment')
  })

  test('run after the host\'s own extension of the schema', () => {
    const hostExtend = (schema: string) => schema.replace('model Post {', 'model Post {\nslug String @default("")')
    const schema = withBookkeepingModels([counter], lists, hostExtend)(printed('sqlite', 'String @id @default(cuid())'))
    expect(schema).toContain('slug String @default("")')
    expect(modelNames(schema)).toEqual(['Person', 'Post', 'SvcCounter', 'SvcCrmSlot', 'SvcModuleState'])
  })

  const key = bookkeepingModel('SvcKey', ({ accounts, hostForeignKey, hostId }) => `
  id       ${hostId}
  owner    ${accounts.model}? @relation("SvcKey_owner", fields: [ownerId], references: [id])
  ownerId  ${accounts.foreignKey('owner')}
  parent   SvcKey? @relation("SvcKey_parent", fields: [parentId], references: [id])
  parentId ${hostForeignKey('parent')}
  from_SvcKey_parent SvcKey[] @relation("SvcKey_parent")
`, { accountFields: ['owner'] })
  const member = bookkeepingModel('SvcMember', ({ accounts, hostId }) => `
  id        ${hostId}
  account   ${accounts.model}? @relation("SvcMember_account", fields: [accountId], references: [id])
  accountId ${accounts.foreignKey('account')}
`, { accountFields: ['account'] })

  test('point at the host\'s accounts model with its id\'s type, and print their back-relations after its own fields, as Keystone did', () => {
    const schema = withBookkeepingModels([member, key], lists)(printed('sqlite', 'String @id @default(cuid())'))
    expect(schema).toContain('ownerId  Int? @map("owner")\n')
    expect(schema).toContain('accountId Int? @map("account")\n')
    expect(schema).toContain('owner    Person? @relation("SvcKey_owner"')
    expect(schema).toContain('parentId String? @map("parent")\n')
    expect(schema).toContain([
      'from_Post_author Post[] @relation("Post_author")',
      'from_SvcKey_owner SvcKey[] @relation("SvcKey_owner")',
      'from_SvcMember_account SvcMember[] @relation("SvcMember_account")',
      '@@map("people")',
    ].join('\n'))
  })

  test('keep a native id type on the foreign keys (a uuid id on PostgreSQL)', () => {
    const uuid = 'String @postgresql.Uuid @default(uuid()) @id'
    const schema = withBookkeepingModels([key], lists)(printed('postgresql', uuid, uuid))
    expect(schema).toContain('ownerId  String? @map("owner") @postgresql.Uuid\n')
    expect(schema).toContain('parentId String? @map("parent") @postgresql.Uuid\n')
  })

  test('refuse a schema with no id field for the default-id list', () => {
    expect(() => withBookkeepingModels([counter], { ...lists, defaultIdList: 'SvcMissing' })(printed('sqlite', 'String @id'))).toThrow(/no id field for SvcMissing/)
  })
})
