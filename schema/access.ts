import type { KeystoneContext } from '@keystone-6/core/types'

type SessionArgs = { session?: { itemId?: string | number, data?: { role?: string } } }

export function isSignedIn ({ session }: SessionArgs): boolean {
  return Boolean(session?.itemId)
}

export function isAdministrator ({ session }: SessionArgs): boolean {
  return session?.data?.role === 'administrator'
}

export function ownAccountOrAdministrator ({ session }: SessionArgs & { context?: KeystoneContext }) {
  if (isAdministrator({ session })) return true
  return { id: { equals: String(session?.itemId ?? '') } }
}
