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
