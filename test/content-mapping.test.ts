// @svc-provider-independent: the field mapper, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { keyPaths, shapeFingerprint } from '../packages/control-plane/src/resources/content-sources/mapping/shape-fingerprint.ts'
import { proposeMapping } from '../packages/control-plane/src/resources/content-sources/mapping/propose-mapping.ts'
import { mappingIssues } from '../packages/control-plane/src/resources/content-sources/mapping/validate-mapping.ts'
import { valueAtPath } from '../packages/control-plane/src/resources/content-sources/mapping/json-path.ts'
import { extractFields, metaFor } from '../packages/control-plane/src/resources/content-sources/ingest/extract-fields.ts'
import { DeliveryRejected } from '../packages/control-plane/src/resources/content-sources/ingest/delivery-rejected.ts'

const article = {
  id: 'art-1',
  headline: 'Hello',
  body_html: '<p>Hi</p>',
  summary: 'Short',
  author: { name: 'Ada Lovelace', email: 'ada@example.com' },
  tags: ['One', { name: 'Two' }],
  meta: { seo: { title: 'SEO' } },
  blocks: [{ type: 'p' }, { type: 'img', src: 'a.png' }],
}

describe('shape fingerprint', () => {
  test('lists every key path, sorted, with array items sharing one path', () => {
    expect(keyPaths(article)).toEqual([
      'author', 'author.email', 'author.name', 'blocks', 'blocks[].src', 'blocks[].type', 'body_html', 'headline', 'id',
      'meta', 'meta.seo', 'meta.seo.title', 'summary', 'tags', 'tags[].name',
    ])
  })

  test('is the same for the same keys whatever the values, order or number of items', () => {
    const other = { ...article, headline: 'Other', blocks: [{ src: 'b.png', type: 'img' }], tags: [{ name: 'x' }] }
    expect(shapeFingerprint(other)).toBe(shapeFingerprint(article))
    expect(shapeFingerprint(article)).toMatch(/^[0-9a-f]{64}$/)
  })

  test('changes when a key is added, renamed or removed', () => {
    const base = shapeFingerprint(article)
    expect(shapeFingerprint({ ...article, subtitle: 'x' })).not.toBe(base)
    const { summary: _summary, ...withoutSummary } = article
    expect(shapeFingerprint(withoutSummary)).not.toBe(base)
    expect(shapeFingerprint({ ...withoutSummary, excerpt: 'Short' })).not.toBe(base)
  })
})

describe('mapping', () => {
  test('a proposal picks the usual key names, shallowest first, each path once', () => {
    expect(proposeMapping(article)).toEqual({
      title: 'headline',
      content: 'body_html',
      excerpt: 'summary',
      author: 'author.email',
      tags: 'tags',
      external_id: 'id',
    })
    expect(proposeMapping({ title: 'T', content: 'C', author_email: 'a@b.c', category: 'News', slug: 's' }))
      .toEqual({ title: 'title', content: 'content', author: 'author_email', categories: 'category', slug: 'slug' })
  })

  test('a proposal skips keys whose values do not fit', () => {
    expect(proposeMapping({ title: { rendered: 'x' }, body: 42 })).toEqual({})
  })

  test('paths reach into objects and array items', () => {
    expect(valueAtPath(article, 'author.email')).toBe('ada@example.com')
    expect(valueAtPath(article, 'blocks.1.src')).toBe('a.png')
    expect(valueAtPath(article, 'blocks.2.src')).toBeUndefined()
    expect(valueAtPath(article, 'headline.length')).toBeUndefined()
  })

  test('validation names missing fields, absent paths and wrong kinds', () => {
    expect(mappingIssues({ title: 'headline', content: 'body_html', tags: 'tags' }, article)).toEqual([])
    expect(mappingIssues({ title: 'nope', excerpt: 'author' }, article)).toEqual([
      { path: 'mapping.content', code: 'missing', message: 'content must be mapped' },
      { path: 'mapping.title', code: 'path_not_found', message: '"nope" is not in the sample' },
      { path: 'mapping.excerpt', code: 'wrong_type', message: '"author" must hold text' },
    ])
  })

  test('an optional field may be null in the sample; a required one may not', () => {
    const sample = { title: null, body: 'x', excerpt: null }
    expect(mappingIssues({ title: 'body', content: 'body', excerpt: 'excerpt' }, sample)).toEqual([])
    expect(mappingIssues({ title: 'title', content: 'body' }, sample).map(issue => issue.code)).toEqual(['wrong_type'])
  })

  test('extraction reads text, numbers as text, and taxonomy from lists or comma-separated text', () => {
    const fields = extractFields({ ...article, id: 42, cats: 'News, Tech ,' }, { title: 'headline', content: 'body_html', tags: 'tags', categories: 'cats', external_id: 'id', author: 'author.email' })
    expect(fields).toEqual({
      title: 'Hello', content: '<p>Hi</p>', excerpt: null, author: 'ada@example.com',
      tags: ['One', 'Two'], categories: ['News', 'Tech'], externalId: '42', slug: null,
    })
  })

  test('extraction rejects a delivery whose required value is missing or of the wrong kind', () => {
    expect(() => extractFields({ ...article, headline: null }, { title: 'headline', content: 'body_html' })).toThrow(DeliveryRejected)
    expect(() => extractFields({ ...article, body_html: 3 }, { title: 'headline', content: 'body_html' })).toThrow('content ("body_html") must be text')
  })

  test('meta: fixed fm_variables first, then meta_fields found in the delivery', () => {
    expect(metaFor(article, { seo_title: 'meta.seo.title', missing: 'nope', layout: 'summary' }, { layout: 'wide', draft: false }))
      .toEqual({ layout: 'Short', draft: false, seo_title: 'SEO' })
  })
})
