/**
 * Access rules in the shape of Keystone's usecase-roles example: a person signs in by name, holds
 * one Role, and what they may do is the Role's permission boxes, read from `session.data` (the
 * `sessionData` createAuth loads with the session).
 */
export type Permission = 'canManagePeople' | 'canManageRoles' | 'canSeeOtherPeople' | 'canManageAllTodos'

export type Session = {
  itemId: string
  data: { name: string, role: ({ id: string, name: string } & Partial<Record<Permission, boolean>>) | null }
}

type AccessArgs = { session?: Session }

export const isSignedIn = ({ session }: AccessArgs) => Boolean(session)

const holds = (permission: Permission) => ({ session }: AccessArgs) => Boolean(session?.data.role?.[permission])

export const permissions = {
  canManagePeople: holds('canManagePeople'),
  canManageRoles: holds('canManageRoles'),
  canSeeOtherPeople: holds('canSeeOtherPeople'),
  canManageAllTodos: holds('canManageAllTodos'),
}

/** Filters for what a signed-in person sees: everyone, or only themselves and their own todos. */
export const rules = {
  canReadPeople: ({ session }: AccessArgs) => {
    if (!session) return false
    return permissions.canSeeOtherPeople({ session }) || { id: { equals: session.itemId } }
  },
  canReadTodos: ({ session }: AccessArgs) => {
    if (!session) return false
    return permissions.canManageAllTodos({ session }) || { assignedTo: { id: { equals: session.itemId } } }
  },
}
