import { documentNodes, documentToHtml, htmlToDocument } from './document-body.ts'

/** How a post body is read as HTML and written back in the host's format. */
export type BodyCodec = {
  read: (stored: unknown) => string
  write: (html: string) => unknown
}

const htmlCodec: BodyCodec = {
  read: stored => typeof stored === 'string' ? stored : '',
  write: html => html,
}

/**
 * A Keystone document field: Json where the database has it, JSON text on SQLite (Prisma's
 * type of the field, read from the data model at mount, says which).
 */
const documentCodec = (storedAsText: boolean): BodyCodec => ({
  read: stored => documentToHtml(documentNodes(stored)),
  write: html => {
    const nodes = htmlToDocument(html)
    return storedAsText ? JSON.stringify(nodes) : nodes
  },
})

export function bodyCodecFor (format: 'html' | 'document', storedAsText = false): BodyCodec {
  return format === 'html' ? htmlCodec : documentCodec(storedAsText)
}
