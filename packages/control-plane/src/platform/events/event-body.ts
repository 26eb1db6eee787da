/** An event as its subscribers receive it (the JSON body of a delivery). */
export type EventBody = {
  id: string
  type: string
  occurred_at: string
  actor: { account_id: string, key_id: string | null } | null
  request_id: string | null
  data: Record<string, unknown>
}

type EventRow = { eventId: string, type: string, occurredAt: Date, actor: unknown, requestId: string | null, data: unknown }

export const toEventBody = (row: EventRow): EventBody => ({
  id: row.eventId,
  type: row.type,
  occurred_at: row.occurredAt.toISOString(),
  actor: (row.actor ?? null) as EventBody['actor'],
  request_id: row.requestId,
  data: (row.data ?? {}) as Record<string, unknown>,
})
