import { User } from './user.ts'
import { Post } from './post.ts'
import { PostType } from './post-type.ts'
import { Category, Tag } from './taxonomy.ts'

/** The host CMS's own lists. The control plane adds its lists beside these. */
export const hostLists = { User, Post, PostType, Tag, Category }
