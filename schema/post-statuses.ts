/** The publication states of a post. */
export const POST_STATUSES = ['draft', 'pending', 'publish'] as const

