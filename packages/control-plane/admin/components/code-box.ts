import { tokenSchema } from '@keystar/ui/style'

/** The framed monospace box JSON and diffs are shown in; each adds how its text flows. */
export const codeBox = {
  margin: 0,
  padding: tokenSchema.size.space.regular,
  backgroundColor: tokenSchema.color.background.surfaceSecondary,
  border: `${tokenSchema.size.border.regular} solid ${tokenSchema.color.border.muted}`,
  borderRadius: tokenSchema.size.radius.regular,
  color: tokenSchema.color.foreground.neutral,
  fontFamily: tokenSchema.typography.fontFamily.code,
  fontSize: tokenSchema.typography.text.small.size,
  overflow: 'auto',
  minWidth: 0,
} as const

/** A value shown whole to be copied (a key once, a URL): framed, monospace, selected with one click. */
export const copyableValue = {
  flex: 1,
  minWidth: 0,
  padding: tokenSchema.size.space.regular,
  borderRadius: tokenSchema.size.radius.regular,
  border: `${tokenSchema.size.border.regular} solid ${tokenSchema.color.border.neutral}`,
  backgroundColor: tokenSchema.color.background.canvas,
  fontFamily: tokenSchema.typography.fontFamily.code,
  overflowWrap: 'anywhere',
  userSelect: 'all',
} as const
