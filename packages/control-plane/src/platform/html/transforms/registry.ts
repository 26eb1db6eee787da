import type { ContentTransform } from './transform.ts'
import { addHeadingAnchors } from './add-heading-anchors.ts'
import { contentCleanup } from './content-cleanup.ts'
import { imageModify } from './image-modify.ts'
import { stripInbodyFaq } from './strip-inbody-faq.ts'
import { stripInbodyToc } from './strip-inbody-toc.ts'
import { stripUncategorized } from './strip-uncategorized.ts'

/** Every built-in content transform, by type. */
export const contentTransforms = {
  content_cleanup: contentCleanup,
  strip_uncategorized: stripUncategorized,
  strip_inbody_toc: stripInbodyToc,
  strip_inbody_faq: stripInbodyFaq,
  image_modify: imageModify,
  add_heading_anchors: addHeadingAnchors,
} satisfies Record<string, ContentTransform>

export type TransformType = keyof typeof contentTransforms
