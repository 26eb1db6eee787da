import { defineResource } from '../../kernel/define-resource.ts'
import { revokeSessions } from './operations/revoke.ts'
import { withPasswordChangeSignOut } from './password-change-hook.ts'

/**
 * Admin UI sessions that can be ended: by signing out (the core's session strategy), a password
 * change and `sessions.revoke`. Locked: a switched-off module must not keep a stolen session alive.
 */
export const sessionsResource = defineResource({
  name: 'sessions',
  module: 'locked',
  operations: { revoke: revokeSessions },
  extendHostLists: withPasswordChangeSignOut,
})
