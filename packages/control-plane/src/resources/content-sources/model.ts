import { list } from '@keystone-6/core'
import { checkbox, integer, json, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'

const nullableText = () => text({ db: { isNullable: true } })

/**
 * An inbound content source: how deliveries to `POST {base}/ingest/{slug}` are authenticated,
 * mapped to posts, cleaned and forwarded. Secrets are sealed and kept out of GraphQL.
 */
export const contentSourceList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Content sources', listView: { initialColumns: ['name', 'slug', 'enabled', 'status', 'mappingStatus'] } },
  db: { map: 'svc_content_sources' },
  fields: {
    name: text({ validation: { isRequired: true } }),
    slug: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    enabled: checkbox({ defaultValue: true }),
    status: text({ defaultValue: 'awaiting_sample' }),
    authMode: text({ defaultValue: 'hmac' }),
    secretCiphertext: text({ db: { isNullable: true }, graphql: { omit: true } }),
    secretSource: text({ defaultValue: 'none' }),
    sigHeaderMode: text({ defaultValue: 'standard' }),
    sigHeaderName: text({ defaultValue: 'X-Svc-Signature' }),
    defaultAuthorId: integer(),
    pinAuthor: checkbox({ defaultValue: false }),
    authorMatchMode: text({ defaultValue: 'default' }),
    defaultReviewers: json({ defaultValue: { user_nums: [] } }),
    defaultCcs: json({ defaultValue: { user_nums: [] } }),
    defaultPostStatus: text({ defaultValue: 'draft' }),
    reingestMode: text({ defaultValue: 'skip' }),
    targetPostType: text({ defaultValue: 'post' }),
    cptPostType: nullableText(),
    metaFields: json({ defaultValue: {} }),
    fmVariables: json({ defaultValue: {} }),
    targetTagSlug: nullableText(),
    taxonomyApplyMode: text({ defaultValue: 'append' }),
    stripUncategorized: checkbox({ defaultValue: false }),
    contentCleanup: checkbox({ defaultValue: false }),
    stripInbodyToc: checkbox({ defaultValue: false }),
    stripInbodyFaq: checkbox({ defaultValue: false }),
    addHeadingAnchors: checkbox({ defaultValue: false }),
    imageModify: json(),
    forwardEnabled: checkbox({ defaultValue: false }),
    forwardUrl: nullableText(),
    forwardAuthMode: text({ defaultValue: 'none' }),
    forwardSecretCiphertext: text({ db: { isNullable: true }, graphql: { omit: true } }),
    mapping: json(),
    mappingStatus: text({ defaultValue: 'none' }),
    shapeFingerprint: nullableText(),
    sample: json(),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
    updatedAt: timestamp({ db: { updatedAt: true } }),
  },
})
