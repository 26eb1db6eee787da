import { z } from 'zod'
import { jsonPath } from './json-path.ts'

const path = (what: string) => jsonPath.describe(`Path in the delivery of ${what}.`)

const mappingFields = {
  title: path('the post title (text)'),
  content: path('the post body (HTML text)'),
  excerpt: path('the excerpt (text)').optional(),
  author: path('the author: an e-mail or a name, matched by author_match_mode').optional(),
  tags: path('the tags: a list of names (or of objects with a name), or one comma-separated text').optional(),
  categories: path('the categories, like tags').optional(),
  external_id: path('the sender\'s id of the article; a repeated id is handled by reingest_mode').optional(),
  slug: path('the post slug (text); default: made from the title').optional(),
}

export type MappingTarget = keyof typeof mappingFields

export const MAPPING_TARGETS = Object.keys(mappingFields) as MappingTarget[]

/** A mapping ready to approve: where each post field is found in a delivery. */
export const approvedMapping = z.object(mappingFields).strict()
  .describe('Field mapping: post field → dotted path in the delivery JSON. title and content are required.')

/** A mapping as stored: a proposal may not have found every field yet. */
export const storedMapping = approvedMapping.partial()

export type Mapping = z.output<typeof storedMapping>
