import { css } from '@keystar/ui/style'
import { codeBox } from './code-box.ts'

const block = css({ ...codeBox, lineHeight: 1.5, whiteSpace: 'pre' })

/** A value as indented JSON, scrolling inside its box beyond `maxHeight`. */
export function JsonView ({ value, maxHeight = '24rem', label }: { value: unknown, maxHeight?: string, label?: string }) {
  return (
    <pre className={block} style={{ maxHeight }} aria-label={label} tabIndex={0}>
      {value === undefined ? '—' : JSON.stringify(value, null, 2)}
    </pre>
  )
}
