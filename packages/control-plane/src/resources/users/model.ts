import { list } from '@keystone-6/core'
import { integer, json, relationship, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'

/**
 * An occupied team-member slot. A free slot has no row, so a reused slot cannot inherit anything
 * from its previous occupant, and deleting the row drops its role assignments with it. `accounts`:
 * the key `host.accounts.list` names, the list a member's platform account is in.
 */
export const teamMemberList = ({ access, ui }: ListAccess, accounts: string) => list({
  access,
  ui: { ...ui, label: 'Team members', listView: { initialColumns: ['slot', 'fullName', 'email', 'account'] } },
  db: { map: 'svc_team_members' },
  fields: {
    slot: integer({ validation: { isRequired: true, min: 1, max: 999 }, isIndexed: 'unique' }),
    firstName: text(),
    lastName: text(),
    fullName: text(),
    nickname: text(),
    companyName: text(),
    phoneNumber: text(),
    phoneMapPref: text(),
    email: text(),
    emailAlternate: text(),
    emailPersonal: text(),
    linkProfilePic: text(),
    linkProfilePicAttachmentId: integer({ db: { isNullable: true } }),
    modelPhotoIds: json({ defaultValue: [] }),
    modelPhotoExcludeProfile: text(),
    modelConsentGranted: text(),
    // "Absent means on": a member who never chose receives reminders and replies.
    notifyReminders: text({ defaultValue: '1' }),
    notifyReplies: text({ defaultValue: '1' }),
    account: relationship({ ref: accounts, many: false }),
    roles: relationship({ ref: 'SvcRole.members', many: true }),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
    updatedAt: timestamp({ db: { updatedAt: true } }),
  },
})
