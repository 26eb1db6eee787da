import type { Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../kernel/access/door-auth.ts'
import { callOperation, type CallOutcome, type DoorAnswer, type OperationCall } from '../../kernel/pipeline/call-operation.ts'
import { failureResponse, sendEnvelope, successResponse, setFailureHeaders, type EnvelopeResponse } from '../../platform/http/envelope.ts'
import { requestIdOf } from '../../platform/http/request-id.ts'
import { setJobLocation } from './job-location.ts'
import { setDeprecationHeaders } from '../../platform/http/deprecation-headers.ts'

/** The envelope's answer: an outcome framed once, whether it is stored for a repeat, sent, or both. */
function envelopeAnswer (requestId: string | null): DoorAnswer {
  let framed: EnvelopeResponse | undefined
  return {
    frame: (outcome: CallOutcome) => framed ??= outcome.ok
      ? successResponse(outcome.data, outcome.changed, outcome.accepted ? 202 : 200)
      : failureResponse(outcome.error, requestId),
  }
}

/**
 * An HTTP door's call (dispatch, the route per operation, the read form): runs it through the
 * pipeline (with the request's headers, for its trace context) and answers with the envelope; under an
 * `Idempotency-Key`, a repeat gets the first response again, byte for byte.
 */
export async function executeDispatch (
  runtime: ControlPlaneRuntime,
  identity: Identity,
  call: Omit<OperationCall, 'requestId'>,
  res: Response,
  paramsOf?: DoorAnswer['paramsOf'],
): Promise<void> {
  const requestId = requestIdOf(res)
  const door: DoorAnswer = { ...envelopeAnswer(requestId), ...paramsOf ? { paramsOf } : {} }
  const answer = await callOperation(runtime, identity, { ...call, requestId, traceCarrier: res.req.headers, pinnedVersion: res.req.get('svc-version') }, door)
  setDeprecationHeaders(res, answer.deprecated)
  if (answer.replayed) {
    res.set('Idempotent-Replayed', 'true')
    setJobLocation(res, runtime.options.basePath, answer.response)
    sendEnvelope(res, answer.response)
    return
  }
  if (!answer.outcome.ok) setFailureHeaders(res, answer.outcome.error)
  const response = door.frame(answer.outcome)
  setJobLocation(res, runtime.options.basePath, response)
  sendEnvelope(res, response)
}
