import { conflict } from '../errors.ts'

/** How a post body is read as HTML and written back in the host's format. */
export type BodyCodec = {
  read: (stored: unknown) => string
  write: (html: string) => unknown
}

const htmlCodec: BodyCodec = {
  read: stored => typeof stored === 'string' ? stored : '',
  write: html => html,
}

const documentUnsupported = () => conflict('posts with a document body (host.content.fields.body.format "document") cannot be read or written by the control plane yet')

const documentCodec: BodyCodec = {
  read: () => { throw documentUnsupported() },
  write: () => { throw documentUnsupported() },
}

export function bodyCodecFor (format: 'html' | 'document'): BodyCodec {
  return format === 'html' ? htmlCodec : documentCodec
}
