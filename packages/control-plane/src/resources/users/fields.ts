import { z } from 'zod'
import { httpUrl } from '../../platform/lib/fields.ts'

/** Attachment ids are stored in a 32-bit integer column. */
const MAX_ATTACHMENT_ID = 2_147_483_647

/** One line of free text (it ends up in e-mail headers and page titles); `""` or null leaves it blank. */
const text = (max: number) => z.union([z.string().trim().max(max).regex(/^\P{Cc}*$/u, 'must be a single line without control characters'), z.null()])
  .transform(value => value ?? '')

const emailOrBlank = z.union([z.literal(''), z.email().max(254), z.null()])
  .transform(value => value ?? '')
  .describe('E-mail address; "" or null leaves it blank.')

/** The `'1'`/`''` flags of the contract; nothing else is accepted. */
const flag = z.enum(['1', ''])

const attachmentId = z.union([
  z.number().int().min(1).max(MAX_ATTACHMENT_ID),
  z.string().regex(/^\d{1,10}$/, 'digits only'),
  z.literal(''),
  z.null(),
])
  .transform(value => value === '' || value === null ? null : Number(value))
  .refine(value => value === null || (value >= 1 && value <= MAX_ATTACHMENT_ID), `an attachment id is from 1 to ${MAX_ATTACHMENT_ID}`)
  .describe('Media attachment id of the profile picture, as a number or a digit string; "" or null clears it.')

/** The writable team-member fields, each parsed to the value stored. */
export const memberWritableParams = {
  first_name: text(100).optional(),
  last_name: text(100).optional(),
  full_name: text(200).optional(),
  nickname: text(100).optional(),
  company_name: text(200).optional(),
  phone_number: text(50).optional(),
  phone_map_pref: text(50).optional().describe('Which phone number to show on maps.'),
  email: emailOrBlank.optional().describe('Work e-mail: where the welcome e-mail goes.'),
  email_alternate: emailOrBlank.optional(),
  email_personal: emailOrBlank.optional(),
  link_profile_pic: z.union([z.literal(''), httpUrl, z.null()]).transform(value => value ?? '').optional()
    .describe('Absolute http(s) URL of the profile picture; "" or null clears it.'),
  link_profile_pic_attachment_id: attachmentId.optional(),
  model_photo_ids: z.union([z.array(z.number().int().min(1).max(MAX_ATTACHMENT_ID)).max(200), z.null()])
    .transform(value => value ?? []).optional()
    .describe('Curated photo attachment ids, positive integers (site-local). [] or null clears them.'),
  model_photo_exclude_profile: flag.optional().describe('"1" excludes the profile picture from the curated set; "" includes it.'),
  model_consent_granted: flag.optional().describe('"1" or "": the only consent signal.'),
  notify_reminders: flag.optional().describe('"1" or "": publishing reminders and deferral escalations. On unless set to "".'),
  notify_replies: flag.optional().describe('"1" or "": article feedback and reply notifications. On unless set to "".'),
}

export type MemberWritableKey = keyof typeof memberWritableParams
