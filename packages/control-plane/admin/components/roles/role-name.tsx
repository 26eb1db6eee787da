import { HStack } from '@keystar/ui/layout'
import { css, tokenSchema } from '@keystar/ui/style'
import { Text } from '@keystar/ui/typography'
import type { Role } from '../../lib/records.ts'

const swatch = css({
  flexShrink: 0,
  width: tokenSchema.size.icon.small,
  height: tokenSchema.size.icon.small,
  borderRadius: tokenSchema.size.radius.full,
  border: `${tokenSchema.size.border.regular} solid ${tokenSchema.color.border.neutral}`,
})

/** A role's colour, icon and name. */
export function RoleName ({ role }: { role: Role }) {
  return (
    <HStack gap='regular' alignItems='center'>
      <span className={swatch} style={role.color ? { backgroundColor: role.color } : { visibility: 'hidden' }} aria-hidden />
      {role.icon && <Text>{role.icon}</Text>}
      <Text weight='medium'>{role.name}</Text>
    </HStack>
  )
}
