import { User } from './user.ts'

/** The host CMS's own lists. The control plane adds its lists beside these. */
export const hostLists = { User }
