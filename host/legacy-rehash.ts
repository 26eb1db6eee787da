import type { KeystoneContext } from '@keystone-6/core/types'
import { onLegacyPasswordVerified } from '../schema/password-kdf.ts'
import type { PrismaClient } from '../generated/prisma/client.ts'

/** After a legacy bcrypt password verifies at sign-in, store its argon2id replacement. */
export function wireLegacyPasswordRehash (context: KeystoneContext): void {
  onLegacyPasswordVerified(async (legacyHash, argon2idHash) => {
    await (context.prisma as PrismaClient).user.updateMany({ where: { password: legacyHash }, data: { password: argon2idHash } })
  })
}
