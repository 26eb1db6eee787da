import { send, sleep, type Answer } from './http.ts'
import { standardHeaders } from '../support/webhooks.ts'

export const BASE = '/api/svc/v1'

type Outcome = { answered2xx: boolean, attempts: number, lastStatus: number | 'error', answer: Answer | null }
type LeadRecord = Outcome & { email: string, ref: string | null }
type DeliveryRecord = Outcome & { source: number, webhookId: string, title: string, externalId: string, postId: string | null }
type CrmRecord = Outcome & { name: string, key: string }
type RunRecord = Outcome & { postId: string, key: string, runId: number | null }

export type Source = { id: string, slug: string, secret: string }

export type LoadRecords = { leads: LeadRecord[], deliveries: DeliveryRecord[], crm: CrmRecord[], runs: RunRecord[] }

const is2xx = (status: number) => status >= 200 && status < 300
/** A client retries what may not have happened: no answer, a 5xx, or a call still running elsewhere. */
const retryable = (answer: Answer) => answer.status >= 500 || answer.body?.code === 'idempotency_in_progress'

/**
 * Sends until an answer that is not worth retrying, as a careful client would: `attempt` builds
 * each try (a signed delivery is signed again), backing off up to 3 s, at most `maxAttempts` times.
 */
async function withRetries (attempt: () => Promise<Answer>, maxAttempts: number): Promise<Outcome> {
  let last: Answer | null = null
  let lastStatus: number | 'error' = 'error'
  for (let n = 1; n <= maxAttempts; n++) {
    try {
      last = await attempt()
      lastStatus = last.status
      if (!retryable(last)) return { answered2xx: is2xx(last.status), attempts: n, lastStatus, answer: last }
    } catch {
      lastStatus = 'error'
    }
    if (n < maxAttempts) await sleep(Math.min(3000, 300 * 2 ** (n - 1)))
  }
  return { answered2xx: false, attempts: maxAttempts, lastStatus, answer: last }
}

export type LoadOptions = {
  url: string
  adminKey: string
  sources: Source[]
  /** Distinguishes this run's records from anything else in the database. */
  tag: string
  until: () => boolean
}

/** The steady load: each kind has its own workers, each sending one request after another. */
export async function runLoad (options: LoadOptions): Promise<LoadRecords> {
  const records: LoadRecords = { leads: [], deliveries: [], crm: [], runs: [] }
  const { url, adminKey, tag } = options
  const postsToRun: string[] = []
  let leadN = 0
  let deliveryN = 0
  let crmN = 0
  let runN = 0

  // A site form post: sent once, no retry (a visitor may press the button again, as a new lead).
  const lead = async () => {
    const n = ++leadN
    const email = `lead-${tag}-${n}@faults.test`
    const outcome = await withRetries(() => send(url, 'POST', `${BASE}/public/leads`, { email, name: `Lead ${n}`, source: 'faults' }), 1)
    records.leads.push({ ...outcome, email, ref: outcome.answered2xx ? String(outcome.answer!.body.data.ref) : null })
  }

  // A sender retries a delivery under the same webhook-id, signing it again each time.
  const delivery = async () => {
    const n = ++deliveryN
    const source = n % options.sources.length
    const { slug, secret } = options.sources[source]!
    const webhookId = `msg_${tag}_${n}`
    const externalId = `ext-${tag}-${n}`
    const title = `Delivery ${tag} ${n}`
    const body = JSON.stringify({ id: externalId, title, body: `<h2>Part ${n}</h2><p>Text of delivery ${n}.</p>` })
    const outcome = await withRetries(() => send(url, 'POST', `${BASE}/ingest/${slug}`, body, standardHeaders(secret, webhookId, new Date(), body)), 10)
    const postId = outcome.answered2xx && outcome.answer!.body.data.post_id !== null ? String(outcome.answer!.body.data.post_id) : null
    if (postId && outcome.answer!.body.data.status === 'created') postsToRun.push(postId)
    records.deliveries.push({ ...outcome, source, webhookId, title, externalId, postId })
  }

  const dispatch = (params: unknown, body: { resource: string, action: string }, key: string) => () => send(url, 'POST', `${BASE}/manage/dispatch`,
    { ...body, params }, { Authorization: `Bearer ${adminKey}`, 'Idempotency-Key': key })

  const crm = async () => {
    const n = ++crmN
    const name = `CRM ${tag} ${n}`
    const key = `crm-${tag}-${n}`
    const outcome = await withRetries(dispatch({ name }, { resource: 'crm', action: 'create' }, key), 10)
    records.crm.push({ ...outcome, name, key })
  }

  // Each post is run once by one key, so its audit entry can be told apart by post id.
  const run = async () => {
    const postId = postsToRun.shift()
    if (postId === undefined) { await sleep(500); return }
    const key = `run-${tag}-${++runN}`
    const outcome = await withRetries(dispatch({ post_id: Number(postId), force: true }, { resource: 'pipelines', action: 'run' }, key), 10)
    records.runs.push({ ...outcome, postId, key, runId: outcome.answered2xx ? Number(outcome.answer!.body.data.run_id) : null })
  }

  const worker = async (step: () => Promise<void>, pauseMs: number) => {
    while (!options.until()) {
      await step()
      await sleep(pauseMs)
    }
  }
  await Promise.all([
    worker(lead, 250), worker(lead, 250),
    worker(delivery, 200), worker(delivery, 200),
    worker(crm, 400),
    worker(run, 400),
  ])
  return records
}
