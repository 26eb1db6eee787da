import { z } from 'zod'
import type { Prisma, SvcTeamMember } from '../../../generated/prisma/client.ts'
import { isRecordNotFound, type Db, type Tx } from '../../platform/db/client.ts'
import type { ResolvedOptions } from '../../platform/settings/resolved-options.ts'
import { formatSlot } from '../../platform/db/slots.ts'
import { isoOrNull } from '../../platform/lib/timestamps.ts'
import { emptySlot } from '../../platform/db/team-member-slot.ts'
import type { MemberWritableKey } from './fields.ts'

/** Where each writable field is stored. */
const MEMBER_COLUMNS = {
  first_name: 'firstName',
  last_name: 'lastName',
  full_name: 'fullName',
  nickname: 'nickname',
  company_name: 'companyName',
  phone_number: 'phoneNumber',
  phone_map_pref: 'phoneMapPref',
  email: 'email',
  email_alternate: 'emailAlternate',
  email_personal: 'emailPersonal',
  link_profile_pic: 'linkProfilePic',
  link_profile_pic_attachment_id: 'linkProfilePicAttachmentId',
  model_photo_ids: 'modelPhotoIds',
  model_photo_exclude_profile: 'modelPhotoExcludeProfile',
  model_consent_granted: 'modelConsentGranted',
  notify_reminders: 'notifyReminders',
  notify_replies: 'notifyReplies',
} as const satisfies Record<MemberWritableKey, keyof SvcTeamMember>

type MemberColumn = (typeof MEMBER_COLUMNS)[MemberWritableKey]

/** The stored values of the writable params given; omitted params are left out. */
export type MemberData = Partial<Pick<SvcTeamMember, Exclude<MemberColumn, 'modelPhotoIds'>>> & { modelPhotoIds?: number[] }

export function toMemberData (params: Partial<Record<MemberWritableKey, unknown>>): MemberData {
  const data: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(MEMBER_COLUMNS)) {
    const value = params[key as MemberWritableKey]
    if (value !== undefined) data[column] = value
  }
  return data
}

type StringKey = Exclude<MemberWritableKey, 'link_profile_pic_attachment_id' | 'model_photo_ids'>

const STRING_KEYS = Object.keys(MEMBER_COLUMNS)
  .filter((key): key is StringKey => key !== 'link_profile_pic_attachment_id' && key !== 'model_photo_ids')

export const memberRecord = z.object({
  user_num: z.string(),
  ...Object.fromEntries(STRING_KEYS.map(key => [key, z.string()])) as Record<StringKey, z.ZodString>,
  link_profile_pic_attachment_id: z.number().int().nullable(),
  model_photo_ids: z.array(z.number().int()),
  account_id: z.string().nullable().describe('Id of the linked host account (users.link_account), or null.'),
  roles: z.array(z.string()).describe('Slugs of the roles the member holds.'),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  personal_page_url: z.string().describe('Absolute address of the public personal page.'),
})

export type MemberRecord = z.input<typeof memberRecord>

export const MEMBER_ROW_SELECT = {
  ...Object.fromEntries(Object.values(MEMBER_COLUMNS).map(column => [column, true])) as Record<MemberColumn, true>,
  id: true,
  slot: true,
  accountId: true,
  createdAt: true,
  updatedAt: true,
  roles: { select: { slug: true }, orderBy: { slug: 'asc' } },
} as const

export type MemberRow = SvcTeamMember & { roles: { slug: string }[] }

/** Stored JSON is trusted only as far as it is an array of integers. */
const photoIds = (value: unknown): number[] => Array.isArray(value) ? value.filter((item: unknown): item is number => Number.isInteger(item)) : []

/** Where the public personal pages are mounted on the site. */
export const TEAM_PAGES_PATH = '/team'

export const personalPageUrl = (options: Pick<ResolvedOptions, 'siteUrl'>, slot: number) =>
  `${options.siteUrl}${TEAM_PAGES_PATH}/${formatSlot(slot)}`

export function toMemberRecord (row: MemberRow, options: Pick<ResolvedOptions, 'siteUrl'>): MemberRecord {
  const strings = Object.fromEntries(STRING_KEYS.map(key => [key, row[MEMBER_COLUMNS[key]]])) as Record<StringKey, string>
  return {
    user_num: formatSlot(row.slot),
    ...strings,
    link_profile_pic_attachment_id: row.linkProfilePicAttachmentId,
    model_photo_ids: photoIds(row.modelPhotoIds),
    // A host with integer ids stores an integer; the record carries ids as strings.
    account_id: row.accountId === null ? null : String(row.accountId),
    roles: row.roles.map(role => role.slug),
    created_at: isoOrNull(row.createdAt),
    updated_at: isoOrNull(row.updatedAt),
    personal_page_url: personalPageUrl(options, row.slot),
  }
}

export async function findMember (db: Db, slot: number): Promise<MemberRow> {
  const row = await db.svcTeamMember.findUnique({ where: { slot }, select: MEMBER_ROW_SELECT })
  if (!row) throw emptySlot(slot)
  return row
}

/**
 * Writes to the member read before, by id: if the slot was freed and refilled meanwhile, the new
 * occupant is not touched and the caller gets not_found.
 */
export async function updateMember (db: Db | Tx, member: MemberRow, data: Prisma.SvcTeamMemberUncheckedUpdateInput): Promise<MemberRow> {
  try {
    return await db.svcTeamMember.update({ where: { id: member.id }, data, select: MEMBER_ROW_SELECT })
  } catch (error) {
    if (isRecordNotFound(error)) throw emptySlot(member.slot)
    throw error
  }
}
