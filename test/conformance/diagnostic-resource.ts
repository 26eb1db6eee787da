/**
 * The conformance suite's fixtures (`test_simple_text`, `test://static-text`, `test_simple_prompt`,
 * …) as a resource of a test host's own, declared as a CMS developer declares one: each is an
 * operation whose MCP tool takes the name the suite calls (`mcp.tool`) and answers the content
 * blocks the scenario checks (`mcp.content`), or that is the resource or prompt the suite reads
 * (`mcp.resource`, `mcp.prompt`), so a scenario runs through the pipeline every tool takes
 * (validation, capability, module switch, rate limit, audit). Never installed by the demo host.
 */
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'
import { badRequest, defineOperation, defineResource, startJob, type JobKind, type McpContentBlock as ContentBlock } from 'keystone-svc-control-plane'

/** A 1×1 red PNG. */
const RED_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC'
/** Eight samples of silence, 8 kHz mono WAV. */
const SILENT_WAV = 'UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA=='

const text = (value: string): ContentBlock => ({ type: 'text', text: value })
const image = (data: string): ContentBlock => ({ type: 'image', data, mimeType: 'image/png' })
const embedded = (uri: string, mimeType: string, value: string): ContentBlock => ({ type: 'resource', resource: { uri, mimeType, text: value } })

/** The one shape every fixture returns: its `content` blocks are made from these texts. */
const returns = z.object({ text: z.string() })

/** A read-only fixture without params that answers `text` as the blocks `content` makes of it. */
const fixture = (tool: string, summary: string, answer: string, content: (data: z.output<typeof returns>) => ContentBlock[] = data => [text(data.text)]) => defineOperation({
  summary,
  readonly: true,
  params: z.object({}),
  returns,
  mcp: { tool, content },
  async handler () {
    return { data: { text: answer }, changed: false }
  },
})

/**
 * A fixture that tells connected clients to read their tool and prompt lists again
 * (`changesReach`), as a call that switches a module or revokes a grant does; it changes nothing
 * else, so the suite can watch the notification without changing the site.
 */
const listChange = (tool: string) => defineOperation({
  summary: 'Tells connected clients their tool and prompt lists changed.',
  changesReach: true,
  idempotent: true,
  params: z.object({}),
  returns,
  mcp: { tool },
  async handler () {
    return { data: { text: 'lists changed' }, changed: true }
  },
})

/** Steps the progress fixture's job takes, and how long each batch works: longer than a follower's poll, so each is seen. */
const PROGRESS_TOTAL = 100
const BATCH_MS = 300

/** The progress fixture's job: counts to 100 a batch at a time, slowly. */
const slowCount: JobKind = {
  kind: 'conformance.tool_with_progress',
  async step (job, limit) {
    await sleep(BATCH_MS)
    const at = Number(job.cursor ?? 0)
    const done = Math.min(limit, PROGRESS_TOTAL - at)
    return { cursor: String(at + done), done, tally: {}, finished: at + done >= PROGRESS_TOTAL }
  },
}

export const conformanceDiagnostics = defineResource({
  name: 'conformance',
  operations: {
    simple_text: fixture('test_simple_text', 'Answers one text block.', 'This is a simple text response for testing.'),
    // This server sends no log messages at all: the suite checks none arrives unasked.
    logging_tool: fixture('test_logging_tool', 'Answers one text block and logs nothing.', 'No log messages: this server sends none.'),
    trigger_tool_change: listChange('test_trigger_tool_change'),
    trigger_prompt_change: listChange('test_trigger_prompt_change'),
    // A destructive tool: the person confirms it through the client (an input_required result), never a request on the response stream.
    streaming_elicitation: defineOperation({
      summary: 'Destructive in name only: asks a person to confirm through the client, then changes nothing.',
      destructive: true,
      params: z.object({}),
      returns,
      mcp: { tool: 'test_streaming_elicitation' },
      async handler () {
        return { data: { text: 'confirmed' }, changed: false }
      },
    }),
    image_content: fixture('test_image_content', 'Answers one PNG image block.', RED_PIXEL_PNG, data => [image(data.text)]),
    audio_content: fixture('test_audio_content', 'Answers one WAV audio block.', SILENT_WAV, data => [{ type: 'audio', data: data.text, mimeType: 'audio/wav' }]),
    embedded_resource: fixture('test_embedded_resource', 'Answers one embedded text resource.', 'This is an embedded resource content.',
      data => [embedded('test://embedded-resource', 'text/plain', data.text)]),
    multiple_content_types: fixture('test_multiple_content_types', 'Answers a text, an image and an embedded resource.', 'Multiple content types test:',
      data => [text(data.text), image(RED_PIXEL_PNG), embedded('test://mixed-content-resource', 'application/json', JSON.stringify({ test: 'data', value: 123 }))]),
    // A job, since a tool reports progress as the job it started advances (doors/mcp/job-progress.ts).
    tool_with_progress: defineOperation({
      summary: 'Starts a job that counts to 100 in batches: progress to follow.',
      startsJob: true,
      params: z.object({}),
      returns: z.object({ job_id: z.number().int(), status: z.string(), progress: z.object({ done: z.number().int(), total: z.number().int() }) }),
      mcp: { tool: 'test_tool_with_progress' },
      async handler (_params, context) {
        // Its own target each time: one job per kind and target runs at a time, and the suite may call again before one ends.
        const job = await startJob(context.db, { kind: slowCount.kind, target: randomUUID(), params: {}, total: PROGRESS_TOTAL, identity: context.identity, channel: context.channel, now: context.now() })
        context.kickJobs()
        return { data: { job_id: job.id, status: job.status, progress: { done: job.done, total: job.total } }, changed: true }
      },
    }),
    // Resources are read-only operations too (mcp.resource): a read runs the operation through the pipeline.
    static_text: defineOperation({
      summary: 'A text resource at a fixed address.',
      readonly: true,
      params: z.object({}),
      returns,
      mcp: { resource: { uri: 'test://static-text', name: 'static_text', mimeType: 'text/plain', contents: (data, uri) => [{ uri, mimeType: 'text/plain', text: data.text }] } },
      async handler () {
        return { data: { text: 'This is the content of the static text resource.' }, changed: false }
      },
    }),
    static_binary: defineOperation({
      summary: 'A binary resource (a PNG) at a fixed address.',
      readonly: true,
      params: z.object({}),
      returns,
      mcp: { resource: { uri: 'test://static-binary', name: 'static_binary', mimeType: 'image/png', contents: (data, uri) => [{ uri, mimeType: 'image/png', blob: data.text }] } },
      async handler () {
        return { data: { text: RED_PIXEL_PNG }, changed: false }
      },
    }),
    template_data: defineOperation({
      summary: 'A resource template: the data for one id.',
      readonly: true,
      params: z.object({ id: z.string().max(64).describe('Any id; the answer names it.') }),
      returns: z.object({ id: z.string(), templateTest: z.literal(true), data: z.string() }),
      mcp: { resource: { uri: 'test://template/{id}/data', name: 'template_data' } },
      async handler ({ id }) {
        return { data: { id, templateTest: true as const, data: `Data for ID: ${id}` }, changed: false }
      },
    }),
    // Prompts too (mcp.prompt): a get runs the operation with the prompt's arguments as its params.
    simple_prompt: defineOperation({
      summary: 'A prompt without arguments.',
      readonly: true,
      params: z.object({}),
      returns,
      mcp: { prompt: { name: 'test_simple_prompt', messages: data => [{ role: 'user', content: text(data.text) }] } },
      async handler () {
        return { data: { text: 'This is a simple prompt for testing.' }, changed: false }
      },
    }),
    prompt_with_arguments: defineOperation({
      summary: 'A prompt that repeats its two arguments.',
      readonly: true,
      params: z.object({ arg1: z.string().max(200).describe('First test argument'), arg2: z.string().max(200).describe('Second test argument') }),
      returns,
      mcp: { prompt: { name: 'test_prompt_with_arguments', messages: data => [{ role: 'user', content: text(data.text) }] } },
      async handler ({ arg1, arg2 }) {
        return { data: { text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` }, changed: false }
      },
    }),
    prompt_with_embedded_resource: defineOperation({
      summary: 'A prompt that embeds a resource at the address it is given.',
      readonly: true,
      params: z.object({ resourceUri: z.string().max(200).describe('URI of the resource to embed') }),
      returns: z.object({ uri: z.string(), text: z.string() }),
      mcp: {
        prompt: {
          name: 'test_prompt_with_embedded_resource',
          messages: data => [
            { role: 'user', content: embedded(data.uri, 'text/plain', data.text) },
            { role: 'user', content: text('Please process the embedded resource above.') },
          ],
        },
      },
      async handler ({ resourceUri }) {
        return { data: { uri: resourceUri, text: 'Embedded resource content for testing.' }, changed: false }
      },
    }),
    prompt_with_image: defineOperation({
      summary: 'A prompt with an image.',
      readonly: true,
      params: z.object({}),
      returns,
      mcp: { prompt: { name: 'test_prompt_with_image', messages: data => [{ role: 'user', content: image(data.text) }, { role: 'user', content: text('Please analyze the image above.') }] } },
      async handler () {
        return { data: { text: RED_PIXEL_PNG }, changed: false }
      },
    }),
    error_handling: defineOperation({
      summary: 'Always refuses: a tool error the model reads.',
      readonly: true,
      params: z.object({}),
      returns,
      errors: ['bad_request'],
      mcp: { tool: 'test_error_handling' },
      async handler () {
        throw badRequest('This tool intentionally returns an error for testing')
      },
    }),
  },
  jobKinds: [slowCount],
})
