import { z } from 'zod'
import { postJson, readVariable, type OutboxMessage, type OutboxTopic } from 'keystone-svc-control-plane'

export const PINNED_TOPIC = 'notes.pinned'

/** The site variable naming where pinned notes are announced (a chat webhook, say). Unset: nowhere. */
export const ANNOUNCE_URL_VARIABLE = 'notes.announce_url'

const pinnedPayload = z.object({ id: z.number().int(), title: z.string() })

/** Announcements go out one at a time, in the order the notes were pinned. */
export const pinnedMessage = (note: z.input<typeof pinnedPayload>): OutboxMessage =>
  ({ topic: PINNED_TOPIC, orderingKey: PINNED_TOPIC, payload: note })

/**
 * `POST {notes.announce_url}` with `{type: "note.pinned", id, title}`. The URL is read at delivery,
 * so setting it later applies to announcements still waiting; a failure is retried by the outbox.
 */
export const pinnedTopic: OutboxTopic = {
  topic: PINNED_TOPIC,
  async deliver (payload, { db, options }) {
    const url = await readVariable(db, ANNOUNCE_URL_VARIABLE)
    if (typeof url !== 'string' || !url) return
    const note = pinnedPayload.parse(payload)
    // Through the outbound guard, like every request the control plane makes: no private addresses unless allowed.
    await postJson(options.outbound, url, JSON.stringify({ type: 'note.pinned', ...note }))
  },
}
