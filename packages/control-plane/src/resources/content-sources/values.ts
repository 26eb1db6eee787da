/** The allowed values of the content-source mode and state fields (DESIGN.md §6). */
export const AUTH_MODES = ['none', 'bearer', 'hmac'] as const
export const SIG_HEADER_MODES = ['standard', 'custom'] as const
export const FORWARD_AUTH_MODES = ['none', 'bearer', 'hmac'] as const
export const AUTHOR_MATCH_MODES = ['default', 'email', 'name'] as const
export const TAXONOMY_APPLY_MODES = ['none', 'append', 'replace'] as const
export const REINGEST_MODES = ['skip', 'update'] as const
export const SOURCE_STATUSES = ['awaiting_sample', 'needs_mapping', 'active', 'paused'] as const
export const MAPPING_STATUSES = ['none', 'proposed', 'approved', 'stale'] as const
export const SECRET_SOURCES = ['generated', 'provided', 'none'] as const

export type SourceStatus = (typeof SOURCE_STATUSES)[number]
export type MappingStatus = (typeof MAPPING_STATUSES)[number]
export type SecretSource = (typeof SECRET_SOURCES)[number]
