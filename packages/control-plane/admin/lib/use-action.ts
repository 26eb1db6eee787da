import { useCallback, useState } from 'react'
import { dispatch, type ActionName, type CallResult, type DispatchRequest, type ResourceName, type SvcFailure, type SvcResponse } from './svc-client.ts'

export type Failure = SvcFailure & { status: number }

/** A write the page starts: whether it is on its way, and its refusal until the next attempt. */
export function useAction () {
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<Failure | null>(null)
  const run = useCallback(async function run<R extends ResourceName, A extends ActionName<R>> (request: DispatchRequest<R, A>): Promise<SvcResponse<CallResult<R, A>>> {
    setPending(true)
    const response = await dispatch(request)
    setPending(false)
    setFailure(response.ok ? null : response)
    return response
  }, [])
  const clear = useCallback(() => setFailure(null), [])
  return { run, pending, failure, clear }
}
