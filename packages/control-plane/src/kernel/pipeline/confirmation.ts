import type { Operation } from '../registry/define-operation.ts'
import type { OperationContext } from '../registry/operation-context.ts'
import { personConfirmationRequired, personDeclined } from '../../platform/errors/errors.ts'
import type { Preview } from '../../platform/change-sets/change.ts'

/**
 * Who confirms a destructive call, as the door knows it:
 * - `flag`: `confirm: true` is enough (dispatch, routes, the Admin UI: their caller sends it knowingly);
 * - `ask_person`: the caller is a model, whose `confirm` is its own word; a person is asked through
 *   the door (MCP's `input_required` or elicitation), and the call runs only on their accept;
 * - `person_accepted`: the door verified that the person asked accepted this very call;
 * - `person_declined`: the person asked declined, dismissed the question or left it unticked;
 * - `unreachable_person`: the caller is a model and nobody can be asked through its client, so the
 *   call is held for an administrator as an approval-gated key's is.
 */
export type Confirmation = 'flag' | 'ask_person' | 'person_accepted' | 'person_declined' | 'unreachable_person'

/** Why a call is held when no person can be asked, said in the `approval_required` answer. */
export const UNREACHABLE_PERSON_REASON = 'this client cannot ask a person to confirm a destructive call (no elicitation)'

/** Whether the call waits for an administrator because no person can be asked. */
export const heldForNoPerson = (confirmation: Confirmation, operation: Pick<Operation, 'destructive'>): boolean =>
  operation.destructive && confirmation === 'unreachable_person'

/**
 * The confirmation link, after `confirm: true` was checked and an approval gate passed: a call whose
 * person must be asked stops here, naming what it would destroy and what its preview would change for the door's question.
 */
export async function assertPersonConfirmed (
  confirmation: Confirmation,
  operation: Pick<Operation, 'destructive' | 'name' | 'target'>,
  params: Record<string, unknown>,
  context: Pick<OperationContext, 'db'>,
  preview: () => Promise<Preview | null>,
): Promise<void> {
  if (!operation.destructive) return
  if (confirmation === 'ask_person') throw personConfirmationRequired(operation.name, await operation.target?.(params, context) ?? null, await preview())
  if (confirmation === 'person_declined') throw personDeclined(operation.name)
}
