import { css, tokenSchema } from '@keystar/ui/style'

const block = css({
  margin: 0,
  padding: tokenSchema.size.space.regular,
  backgroundColor: tokenSchema.color.background.surfaceSecondary,
  border: `${tokenSchema.size.border.regular} solid ${tokenSchema.color.border.muted}`,
  borderRadius: tokenSchema.size.radius.regular,
  color: tokenSchema.color.foreground.neutral,
  fontFamily: tokenSchema.typography.fontFamily.code,
  fontSize: tokenSchema.typography.text.small.size,
  lineHeight: 1.5,
  overflow: 'auto',
  whiteSpace: 'pre',
  minWidth: 0,
})

/** A value as indented JSON, scrolling inside its box beyond `maxHeight`. */
export function JsonView ({ value, maxHeight = '24rem', label }: { value: unknown, maxHeight?: string, label?: string }) {
  return (
    <pre className={block} style={{ maxHeight }} aria-label={label} tabIndex={0}>
      {value === undefined ? '—' : JSON.stringify(value, null, 2)}
    </pre>
  )
}
