import { CLIENT_CAPABILITIES_META_KEY, inputRequired, inputResponse, type ClientCapabilities, type InputRequiredResult, type ServerContext } from '@modelcontextprotocol/server'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import type { Confirmation } from '../../kernel/pipeline/confirmation.ts'
import type { SecretBox } from '../../platform/secrets/secret-box.ts'
import type { ErrorDetails } from '../../platform/errors/errors.ts'
import { openConfirmationState, sealConfirmationState } from './confirmation-state.ts'

/** The key of the one question in `inputRequests`, and of its answer in `inputResponses`. */
const QUESTION = 'confirm'

/** Where the state and the client's answers stand for one `tools/call` of a destructive tool. */
export type ToolConfirmation = { confirmation: Confirmation, idempotencyKey?: string }

/** The seal and the clock the confirmation needs, and whose word it is. */
export type ConfirmationSeal = { secrets: SecretBox, credential: string, now: Date }

/** Whether the client can show a form: it declared elicitation (form mode, the default) on this request. */
function asksByForm (ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined
  const elicitation = capabilities?.elicitation
  return elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined)
}

/**
 * How a person confirms this call of a destructive tool. A 2025-era request (no `_meta` envelope)
 * is served by a fresh stateless server that cannot send the client a request and wait, and a
 * 2026-07-28 client that declares no form elicitation cannot show one: nobody can be asked, so the
 * call is held for an administrator. A retry carrying the sealed state is the person's answer; the
 * accepted retry runs under an idempotency key made of the state's nonce, so a replayed state gets
 * the first result again and runs nothing.
 */
export function confirmationOf (ctx: ServerContext, seal: ConfirmationSeal, tool: string, args: Record<string, unknown>, idempotencyKey: string | undefined): ToolConfirmation {
  if (ctx.mcpReq.envelope === undefined) return { confirmation: 'unreachable_person' }
  const state = ctx.mcpReq.requestState()
  if (typeof state !== 'string') return { confirmation: asksByForm(ctx) ? 'ask_person' : 'unreachable_person' }
  const nonce = openConfirmationState(seal.secrets, seal.credential, state, tool, args, seal.now)
  const answer = inputResponse(ctx.mcpReq.inputResponses, QUESTION)
  const accepted = answer.kind === 'elicit' && answer.action === 'accept' && answer.content?.[QUESTION] === true
  if (!accepted) return { confirmation: 'person_declined' }
  return { confirmation: 'person_accepted', idempotencyKey: idempotencyKey ?? `svc-confirmation:${nonce}` }
}

/** What will be destroyed: the record as its operation names it (`target`), else the arguments as the model sent them. */
function questionOf (operation: Operation, target: unknown, args: Record<string, unknown>): string {
  const named = Object.entries(args).filter(([name]) => name !== 'confirm').map(([name, value]) => `${name} ${JSON.stringify(value)}`)
  const what = typeof target === 'string' ? target : named.join(', ')
  return `${operation.name} will destroy ${what === '' ? 'what it names' : what}, and it cannot be undone. ${operation.summary} Run it?`
}

/**
 * The question a `person_confirmation_required` refusal becomes: an `input_required` result with a
 * one-field form and the sealed state the client sends back with the person's answer.
 */
export function confirmationQuestion (operation: Operation, details: ErrorDetails | undefined, seal: ConfirmationSeal, tool: string, args: Record<string, unknown>): InputRequiredResult {
  return inputRequired({
    inputRequests: {
      [QUESTION]: inputRequired.elicit({
        mode: 'form',
        message: questionOf(operation, details?.target, args),
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
