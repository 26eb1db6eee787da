/** The publication states the contract names for ingested posts (`default_post_status`); `host.content.status` maps them onto the host's values. */
export const POST_STATUSES = ['draft', 'pending', 'publish'] as const

export type PostStatus = (typeof POST_STATUSES)[number]
