import { z } from 'zod'
import { defineTransform, touched } from './transform.ts'
import { elementsNamed } from './elements.ts'

const imageModifyOptions = z.object({
  lazy_load: z.boolean().optional().describe('Set loading="lazy" and decoding="async".'),
  remove_dimensions: z.boolean().optional().describe('Remove width and height attributes.'),
  remove_srcset: z.boolean().optional().describe('Remove srcset and sizes attributes.'),
  add_class: z.string().trim().regex(/^[A-Za-z0-9_ -]*$/, 'class names: letters, digits, _ and -').max(200).optional()
    .describe('Space-separated classes to add to every image.'),
  alt_from_filename: z.boolean().optional().describe('Give images with no alt attribute one made from the file name.'),
  rewrite_src: z.object({
    from: z.string().min(1).max(2048).describe('URL prefix to replace, e.g. https://old-cdn.example.com/'),
    to: z.string().max(2048).describe('Replacement prefix.'),
  }).strict().optional().describe('Replace a URL prefix in src and srcset (e.g. move images to a CDN).'),
}).strict()

const IMAGES = new Set(['img'])

/** Percent-escapes decoded; a malformed one (`%E0%A4%A`) is kept as written rather than failing the image. */
function decodedFileName (name: string): string {
  try {
    return decodeURIComponent(name)
  } catch {
    return name
  }
}

function altFromFilename (src: string): string {
  const file = decodedFileName(src.split(/[?#]/)[0]!.split('/').pop() ?? '')
  return file.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ').trim()
}

export const imageModify = defineTransform({
  type: 'image_modify',
  summary: 'Adjust every <img>: lazy loading, dimensions, srcset, extra classes, missing alt text, URL prefix rewrite. Each option is off unless set.',
  options: imageModifyOptions,
  apply (doc, options) {
    let edits = 0
    for (const element of elementsNamed(doc, IMAGES)) {
      const img = doc(element)
      const before = JSON.stringify(element.attribs)
      if (options.rewrite_src) {
        const { from, to } = options.rewrite_src
        const src = img.attr('src')
        if (src?.startsWith(from)) img.attr('src', to + src.slice(from.length))
        const srcset = img.attr('srcset')
        if (srcset) img.attr('srcset', srcset.split(from).join(to))
      }
      if (options.lazy_load) img.attr('loading', 'lazy').attr('decoding', 'async')
      if (options.remove_dimensions) img.removeAttr('width').removeAttr('height')
      if (options.remove_srcset) img.removeAttr('srcset').removeAttr('sizes')
      if (options.add_class) img.addClass(options.add_class)
      if (options.alt_from_filename && img.attr('alt') === undefined && img.attr('src')) img.attr('alt', altFromFilename(img.attr('src')!))
      if (JSON.stringify(element.attribs) !== before) edits++
    }
    return touched(edits, 'images modified')
  },
})
