import { CLIENT_CAPABILITIES_META_KEY, inputRequired, inputResponse, type ClientCapabilities, type InputRequiredResult, type ServerContext } from '@modelcontextprotocol/server'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import type { Confirmation } from '../../kernel/pipeline/confirmation.ts'
import type { SecretBox } from '../../platform/secrets/secret-box.ts'
import type { ErrorDetails } from '../../platform/errors/errors.ts'
import { openConfirmationState, sealConfirmationState } from './confirmation-state.ts'
import type { Preview } from '../../platform/change-sets/change.ts'
import { previewSentence } from './preview-sentence.ts'

/** The key of the one question in `inputRequests`, and of its answer in `inputResponses`. */
const QUESTION = 'confirm'

/**
 * Where the state and the client's answers stand for one `tools/call` of a destructive tool; an
 * accepted call runs under `idempotencyKey`, the state's own, whatever key the client sent.
 */
export type ToolConfirmation = { confirmation: Confirmation, idempotencyKey?: string }

/** The seal and the clock the confirmation needs, and whose word it is. */
export type ConfirmationSeal = { secrets: SecretBox, credential: string, now: Date }

/** Whether a client that declared these capabilities can show a form: elicitation in form mode (the default when no mode is named). */
export function declaresFormElicitation (capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation
  return elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined)
}

/**
 * How a person confirms this call of a destructive tool. What the client can ask is what it
 * declared: on 2026-07-28 in the request's envelope, on a 2025-era connection at `initialize`
 * (`initialized`; a stateless request's server never saw one, so nobody can be asked there). A
 * client that declared no form elicitation cannot show one, so the call is held for an
 * administrator. A call carrying the sealed state is the person's answer — the 2026-07-28 client's
 * retry, or the SDK's own re-run of the handler once a 2025-era client answered `elicitation/create`;
 * the accepted one runs under an idempotency key made of the state's nonce, and under no other (a
 * key the client sent is not the person's word), so a replayed state gets the first result again
 * and runs nothing, with any idempotency key.
 */
export function confirmationOf (ctx: ServerContext, seal: ConfirmationSeal, tool: string, args: Record<string, unknown>, initialized: ClientCapabilities | undefined): ToolConfirmation {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined
  const declared = envelope === undefined ? initialized : envelope[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined
  const asksPerson = declaresFormElicitation(declared)
  if (envelope === undefined && !asksPerson) return { confirmation: 'unreachable_person' }
  const state = ctx.mcpReq.requestState()
  if (typeof state !== 'string') return { confirmation: asksPerson ? 'ask_person' : 'unreachable_person' }
  const nonce = openConfirmationState(seal.secrets, seal.credential, state, tool, args, seal.now)
  const answer = inputResponse(ctx.mcpReq.inputResponses, QUESTION)
  const accepted = answer.kind === 'elicit' && answer.action === 'accept' && answer.content?.[QUESTION] === true
  if (!accepted) return { confirmation: 'person_declined' }
  return { confirmation: 'person_accepted', idempotencyKey: `svc-confirmation:${nonce}` }
}

/**
 * What the call will do: from its preview where it has one (what it writes and whom it tells,
 * `previewSentence`), else what it destroys: the record as its operation names it (`target`), else
 * the arguments as the model sent them.
 */
function questionOf (operation: Operation, details: ErrorDetails | undefined, args: Record<string, unknown>): string {
  const target = typeof details?.target === 'string' ? details.target : null
  const preview = details?.preview as Preview | null | undefined
  if (preview) return `${operation.name} ${previewSentence(preview, target)}. ${operation.summary} Run it?`
  const named = Object.entries(args).filter(([name]) => name !== 'confirm').map(([name, value]) => `${name} ${JSON.stringify(value)}`)
  const what = target ?? named.join(', ')
  return `${operation.name} will destroy ${what === '' ? 'what it names' : what}, and it cannot be undone. ${operation.summary} Run it?`
}

/**
 * The question a `person_confirmation_required` refusal becomes: an `input_required` result with a
 * one-field form and the sealed state the client sends back with the person's answer. A 2025-era
 * client is asked the same form through `elicitation/create` by the SDK's legacy shim.
 */
export function confirmationQuestion (operation: Operation, details: ErrorDetails | undefined, seal: ConfirmationSeal, tool: string, args: Record<string, unknown>): InputRequiredResult {
  return inputRequired({
    inputRequests: {
      [QUESTION]: inputRequired.elicit({
        mode: 'form',
        message: questionOf(operation, details, args),
        requestedSchema: {
          type: 'object',
          properties: { [QUESTION]: { type: 'boolean', title: 'Yes, run it', description: `Runs ${operation.name} once, as shown.` } },
          required: [QUESTION],
        },
      }),
    },
    requestState: sealConfirmationState(seal.secrets, seal.credential, tool, args, seal.now),
  })
}
