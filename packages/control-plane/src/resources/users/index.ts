import { userChanged } from './events.ts'
import { defineResource } from '../../kernel/define-resource.ts'
import { teamMemberModel } from './model.ts'
import { welcomeEmailWindowModel } from './welcome-window-model.ts'
import { personalPageRoute } from './personal-page-route.ts'
import { createUser } from './operations/create.ts'
import { deleteUser } from './operations/delete.ts'
import { getUser } from './operations/get.ts'
import { linkUserAccount } from './operations/link-account.ts'
import { listUsers } from './operations/list.ts'
import { sendWelcomeEmail } from './operations/send-welcome-email.ts'
import { unlinkUserAccount } from './operations/unlink-account.ts'
import { updateUser } from './operations/update.ts'

/** The team directory: members in numbered slots, their public pages and their welcome e-mail. */
export const usersResource = defineResource({
  name: 'users',
  events: [userChanged],
  models: [teamMemberModel, welcomeEmailWindowModel],
  operations: {
    create: createUser,
    delete: deleteUser,
    get: getUser,
    link_account: linkUserAccount,
    list: listUsers,
    send_welcome_email: sendWelcomeEmail,
    unlink_account: unlinkUserAccount,
    update: updateUser,
  },
  routes: [personalPageRoute],
  statusCounters: [{ key: 'users', count: db => db.svcTeamMember.count() }],
  adminPages: [{ path: '/control-plane/team', label: 'Team', title: 'Team', requires: ['users.list'] }],
})
