// @svc-provider-independent: the field map checked against data models the test writes, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { resolveContent, type HostContentOptions, type HostSchema } from '../packages/control-plane/src/platform/host-contract/content.ts'
import { checkPostsModel } from '../packages/control-plane/src/platform/host-contract/check-posts-model.ts'
import type { HostDataModel } from '../packages/control-plane/src/platform/host-contract/graphql-data-model.ts'
import { factsOf } from '../packages/control-plane/src/platform/host-contract/model-facts.ts'
import { withOfferedExamples } from '../packages/control-plane/src/kernel/registry/offered-examples.ts'
import { builtinResources } from '../packages/control-plane/src/resources/index.ts'
import type { Operation } from '../packages/control-plane/src/kernel/registry/define-operation.ts'

/**
 * Keystone's own shapes, as the create-keystone-app starter has them: a `Post` whose `author` is
 * a relationship to the accounts list and whose `tags` point at a `Tag` list with a name and no
 * slug. The map takes them by their default names; what it cannot write it leaves out with a
 * warning, and what the options name explicitly must fit.
 */
const scalar = (name: string, type: string) => ({ name, kind: 'scalar', type })
const relation = (name: string, type: string, isList = false) => ({ name, kind: 'object', type, isList })

const starterModel: HostDataModel = {
  models: {
    User: { fields: [scalar('id', 'String'), scalar('name', 'String'), scalar('email', 'String'), relation('posts', 'Post', true)] },
    Post: { fields: [scalar('id', 'String'), scalar('title', 'String'), scalar('content', 'String'), relation('author', 'User'), relation('tags', 'Tag', true)] },
    Tag: { fields: [scalar('id', 'String'), scalar('name', 'String'), relation('posts', 'Post', true)] },
    Badge: { fields: [scalar('id', 'String'), scalar('label', 'String')] },
  },
}

/** A Post with every part, as the demo host has it. */
const demoLikeSchema: HostSchema = { lists: { Post: { fields: { title: {}, content: {}, excerpt: {}, status: {} } } } }

const starterSchema: HostSchema = { lists: { User: { fields: { name: {}, email: {}, password: {}, posts: {} } }, Post: { fields: { title: {}, content: {}, author: {}, tags: {} } }, Tag: { fields: { name: {}, posts: {} } } } }

function resolved (options: HostContentOptions, schema: HostSchema = starterSchema) {
  const content = resolveContent(options, schema)
  if (!content) throw new Error('content expected')
  return content
}

const STARTER_MAP: HostContentOptions = { list: 'Post', fields: { title: 'title', body: { field: 'content', format: 'document' } } }
const host = { accountsList: 'User', databaseProvider: 'sqlite' }

/** The starter's Post list with one field replaced. */
const withPostField = (field: { name: string, kind: string, type: string, isList?: boolean }): HostDataModel => ({
  models: { ...starterModel.models, Post: { fields: [...starterModel.models.Post!.fields.filter(existing => existing.name !== field.name), field] } },
})

describe('the starter\'s author and tags, taken by their default names', () => {
  test('author is a relationship to the accounts list, tags a list with a name only: both are kept, nothing to warn about', () => {
    const content = resolved(STARTER_MAP)
    expect(content.defaulted).toEqual(['author', 'tags'])
    const checked = checkPostsModel(content, starterModel, host)
    expect(checked.warnings).toEqual([])
    expect(checked.content.fields).toMatchObject({ author: 'author', tags: 'tags' })
    expect(factsOf(checked.content)).toMatchObject({ author: 'account', terms: { tags: { list: 'Tag', hasSlug: false } }, bodyStoredAsText: true, insensitive: false })
  })

  test('an integer author is a team-member slot, and tags with a slug are matched by it', () => {
    const content = resolved(STARTER_MAP)
    const model = withPostField(scalar('author', 'Int'))
    const withSlug = { models: { ...model.models, Tag: { fields: [...model.models.Tag!.fields, scalar('slug', 'String')] } } }
    const checked = checkPostsModel(content, withSlug, { ...host, databaseProvider: 'postgresql' })
    expect(checked.warnings).toEqual([])
    expect(factsOf(checked.content)).toMatchObject({ author: 'slot', terms: { tags: { list: 'Tag', hasSlug: true } }, insensitive: true })
  })

  test('an author found by name that points at another list is left out, with a warning naming the field, the list it must point to and the option', () => {
    const content = resolved(STARTER_MAP)
    const { content: checked, warnings } = checkPostsModel(content, withPostField(relation('author', 'Badge')), host)
    expect(warnings).toEqual([
      'host.content: the Post list\'s field "author" was taken for host.content.fields.author by its name, but it points at the Badge list; ' +
      'it must be a relationship to the User list (host.accounts.list) or an integer field holding a team-member slot; it is left out. ' +
      'To use it, make it a relationship to the accounts list or an integer field and name it in host.content.fields.author; ' +
      'to leave it out without this warning, set host.content.fields.author to false',
    ])
    expect(checked.fields.author).toBeNull()
    expect(checked.fields.tags).toBe('tags')
    // The resolved map itself is left as it was.
    expect(content.fields.author).toBe('author')
  })

  test('tags found by name that point at a list without a name are left out with a warning; a status that is not text too', () => {
    const content = resolved(STARTER_MAP, { lists: { ...starterSchema.lists, Post: { fields: { ...starterSchema.lists.Post!.fields, status: {} } } } })
    const model = withPostField(relation('tags', 'Badge', true))
    const { content: checked, warnings } = checkPostsModel(content, { models: { ...model.models, Post: { fields: [...model.models.Post!.fields, scalar('status', 'Int')] } } }, host)
    expect(warnings).toEqual([
      expect.stringContaining('the Post list\'s field "status" was taken for host.content.fields.status.field by its name, but it must be a select or text field, it is scalar Int; it is left out'),
      expect.stringContaining('the Post list\'s field "tags" was taken for host.content.fields.tags by its name, but it points at the Badge list, which has no text field "name"; it is left out'),
    ])
    expect(warnings[0]).toContain('set host.content.fields.status to false')
    expect(checked.fields).toMatchObject({ tags: null, status: null, author: 'author' })
  })

  test('the same parts named explicitly stop the start instead', () => {
    const named = (fields: HostContentOptions['fields']) => resolved({ ...STARTER_MAP, fields: { ...STARTER_MAP.fields, ...fields } })
    expect(() => checkPostsModel(named({ author: 'author' }), withPostField(relation('author', 'Badge')), host))
      .toThrow('host.content: the Post list\'s field "author" (host.content.fields.author) points at the Badge list; it must be a relationship to the User list (host.accounts.list) or an integer field holding a team-member slot')
    expect(() => checkPostsModel(named({ author: 'author' }), withPostField(relation('author', 'User', true)), host))
      .toThrow('(host.content.fields.author) is a many relationship to User; a post has one author')
    expect(() => checkPostsModel(named({ tags: 'tags' }), withPostField(relation('tags', 'Badge', true)), host))
      .toThrow('(host.content.fields.tags) points at the Badge list, which has no text field "name"')
    expect(() => checkPostsModel(named({ author: 'title' }), starterModel, host))
      .toThrow('(host.content.fields.author) must be a relationship to the User list (host.accounts.list) or an integer field holding a team-member slot, it is scalar String')
  })

  test('the accounts list the author must point at is host.accounts.list', () => {
    const content = resolved(STARTER_MAP)
    expect(() => checkPostsModel(resolved({ ...STARTER_MAP, fields: { ...STARTER_MAP.fields, author: 'author' } }), starterModel, { ...host, accountsList: 'Member' }))
      .toThrow('points at the User list; it must be a relationship to the Member list (host.accounts.list)')
    expect(checkPostsModel(content, starterModel, host).warnings).toEqual([])
  })
})

describe('the examples a host is offered', () => {
  const operations = builtinResources.flatMap(resource => resource.operations)
  const titles = (offered: readonly Operation[], name: string) => offered.find(operation => operation.name === name)!.examples.map(example => example.title)

  test('an example that needs an excerpt or a pending state is left out where the map lacks it; the others stay, the same objects', () => {
    const { content: starter } = checkPostsModel(resolved(STARTER_MAP), starterModel, host)
    const offered = withOfferedExamples(operations, starter)
    expect(titles(offered, 'pipelines.create_recipe')).toEqual(['Tidy headings and add anchors to every post, on publish'])
    // No status field at all: posts keep the host's default, so a pending source is accepted and its example offered.
    expect(titles(offered, 'content_sources.update')).toHaveLength(2)
    expect(offered.find(operation => operation.name === 'crm.create')).toBe(operations.find(operation => operation.name === 'crm.create'))

    const live = resolved({ ...STARTER_MAP, fields: { ...STARTER_MAP.fields, status: { field: 'status', published: 'live', draft: 'draft' } } }, { lists: { ...starterSchema.lists, Post: { fields: { ...starterSchema.lists.Post!.fields, status: {} } } } })
    expect(titles(withOfferedExamples(operations, live), 'content_sources.update')).toEqual(['Rename a source and pause it'])
    expect(titles(withOfferedExamples(operations, resolved({}, demoLikeSchema)), 'pipelines.create_recipe')).toHaveLength(2)
    expect(titles(withOfferedExamples(operations, false), 'pipelines.create_recipe')).toEqual(['Tidy headings and add anchors to every post, on publish'])
  })
})
