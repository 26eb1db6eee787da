import type { SvcContentSource } from '../../../generated/prisma/client.ts'
import { jsonColumn } from '../../platform/lib/json-value.ts'
import type { SettingKey, SourceSettings } from './settings.ts'

export type SourceRow = SvcContentSource

/** Where each setting is stored. */
const SETTING_COLUMNS = {
  name: 'name',
  enabled: 'enabled',
  auth_mode: 'authMode',
  sig_header_mode: 'sigHeaderMode',
  sig_header_name: 'sigHeaderName',
  default_author_id: 'defaultAuthorId',
  pin_author: 'pinAuthor',
  author_match_mode: 'authorMatchMode',
  default_reviewers: 'defaultReviewers',
  default_ccs: 'defaultCcs',
  default_post_status: 'defaultPostStatus',
  reingest_mode: 'reingestMode',
  target_post_type: 'targetPostType',
  cpt_post_type: 'cptPostType',
  meta_fields: 'metaFields',
  fm_variables: 'fmVariables',
  target_tag_slug: 'targetTagSlug',
  taxonomy_apply_mode: 'taxonomyApplyMode',
  strip_uncategorized: 'stripUncategorized',
  content_cleanup: 'contentCleanup',
  strip_inbody_toc: 'stripInbodyToc',
  strip_inbody_faq: 'stripInbodyFaq',
  add_heading_anchors: 'addHeadingAnchors',
  image_modify: 'imageModify',
  forward_enabled: 'forwardEnabled',
  forward_url: 'forwardUrl',
  forward_auth_mode: 'forwardAuthMode',
} as const satisfies Record<SettingKey, keyof SourceRow>

const JSON_SETTINGS = new Set<SettingKey>(['default_reviewers', 'default_ccs', 'meta_fields', 'fm_variables', 'image_modify'])

export function settingsOf (row: SourceRow): SourceSettings {
  return Object.fromEntries(Object.entries(SETTING_COLUMNS).map(([key, column]) => [key, row[column]])) as SourceSettings
}

/** Column values for the given settings (all of them, or the ones that changed). */
export function settingsData (settings: Partial<SourceSettings>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).map(([key, value]) =>
    [SETTING_COLUMNS[key as SettingKey], JSON_SETTINGS.has(key as SettingKey) ? jsonColumn(value) : value]))
}
