import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * An occupied team-member slot. A free slot has no row, so a reused slot cannot inherit anything
 * from its previous occupant, and deleting the row drops its role assignments with it. Its platform account is one of
 * `host.accounts.list`'s.
 */
export const teamMemberModel = bookkeepingModel('SvcTeamMember', ({ accounts, hostId, json }) => `
  id                         ${hostId}
  slot                       Int       @unique
  firstName                  String    @default("")
  lastName                   String    @default("")
  fullName                   String    @default("")
  nickname                   String    @default("")
  companyName                String    @default("")
  phoneNumber                String    @default("")
  phoneMapPref               String    @default("")
  email                      String    @default("")
  emailAlternate             String    @default("")
  emailPersonal              String    @default("")
  linkProfilePic             String    @default("")
  linkProfilePicAttachmentId Int?
  modelPhotoIds              Json?${json('[]')}
  modelPhotoExcludeProfile   String    @default("")
  modelConsentGranted        String    @default("")
  // "Absent means on": a member who never chose receives reminders and replies.
  notifyReminders            String    @default("1")
  notifyReplies              String    @default("1")
  account                    ${accounts.model}?    @relation("SvcTeamMember_account", fields: [accountId], references: [id])
  accountId                  ${accounts.foreignKey('account')}
  roles                      SvcRole[] @relation("SvcRole_members")
  createdAt                  DateTime? @default(now())
  updatedAt                  DateTime? @updatedAt

  @@index([accountId])
  @@map("svc_team_members")
`, { accountFields: ['account'] })
