export { cloneHtml, parseHtml, serializeHtml } from './document.ts'
export {  type ContentTransform,  } from './transform.ts'
export { contentTransforms, type TransformType } from './registry.ts'
export { runTransforms, type TransformStep,  } from './run-transforms.ts'

