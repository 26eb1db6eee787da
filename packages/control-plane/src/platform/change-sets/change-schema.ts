import { z } from 'zod'

const rowImage = z.record(z.string(), z.unknown())

/** One row a call wrote, as audit.list and audit.get show it. */
export const changeRecord = z.object({
  entity: z.string().describe('Its Keystone list (SvcCrmSlot, Post, …).'),
  id: z.union([z.string(), z.number()]).describe('The row\'s id.'),
  kind: z.enum(['create', 'update', 'delete']),
  before: rowImage.nullable().describe('The row before the call (null for create): every column, dates as ISO strings, secret columns as "[sealed]".'),
  after: rowImage.nullable().describe('The row after the call (null for delete), as before.'),
})

/** What the call caused that leaves the site. */
export const effectRecord = z.object({
  kind: z.enum(['event', 'message']).describe('event: an event recorded; message: work the outbox delivers (a webhook delivery, a forwarded post, a contact push).'),
  name: z.string().describe('The event type, or the message\'s topic.'),
  target: z.string().optional().describe('Whom a message is for (a webhook subscription, a contact).'),
})

/** What a call would do, as a preview answers it (`data.preview`) and an approval shows it to its approver. */
export const previewRecord = z.object({
  operation: z.string(),
  changes: z.array(changeRecord).describe('The rows it would create, update or delete, oldest first, as audit.get shows a call\'s changes.'),
  effects: z.array(effectRecord).describe('What it would cause that leaves the site: events and the messages the outbox would send.'),
  result: z.unknown().describe('What it would answer, every one-time secret as "[preview]".'),
})

/** The data of a call sent with `preview: true`: what it would do, and the plan that runs it as previewed. */
export const previewAnswer = z.object({
  preview: previewRecord,
  plan: z.string().describe('Send it back as `plan` with the same call to run it only if nothing it previewed moved since (once, within 10 minutes).'),
  plan_expires_at: z.string().describe('When the plan can no longer be applied.'),
})
