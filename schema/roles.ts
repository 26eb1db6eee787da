/** Host account roles, most privileged first. */
export const HOST_ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const

export type HostRole = (typeof HOST_ROLES)[number]
