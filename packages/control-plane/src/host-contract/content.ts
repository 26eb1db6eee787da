/** How the host's posts are read and written: which list and which fields. */
export type HostContentOptions = {
  /** The Keystone list of posts. @default 'Post' */
  list?: string
}

export type ResolvedContent = {
  list: string
}

export function resolveContent (options: HostContentOptions | false | undefined): ResolvedContent | false {
  if (options === false) return false
  return { list: options?.list ?? 'Post' }
}
