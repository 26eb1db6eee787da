import { z } from 'zod'
import { defineEvent } from './define-event.ts'

/**
 * A `<resource>.changed` event: what was done (`created`, `updated`, `deleted`, …), the record's
 * key, and its public shape after the change (null once deleted).
 */
export function defineChangedEvent<Record extends z.ZodObject, Key extends string> (
  { type, summary, key, record, actions }: { type: string, summary: string, key: Key, record: Record, actions: readonly [string, ...string[]] },
) {
  return defineEvent({
    type,
    summary,
    data: z.object({
      action: z.enum(actions),
      ...{ [key]: z.string() } as { [K in Key]: z.ZodString },
      record: record.nullable().describe('The record as the operation returned it; null once deleted.'),
    }),
  })
}
