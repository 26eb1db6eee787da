import { useCallback, useState } from 'react'
import { dispatch, previewDispatch, type ActionName, type CallResult, type DispatchRequest, type Previewed, type ResourceName, type SvcFailure, type SvcResponse } from './svc-client.ts'

export type Failure = SvcFailure & { status: number }

/** A write the page starts, or its preview: whether it is on its way, and its refusal until the next attempt. */
export function useAction () {
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<Failure | null>(null)
  const track = useCallback(async function track<Data> (sent: Promise<SvcResponse<Data>>): Promise<SvcResponse<Data>> {
    setPending(true)
    const response = await sent
    setPending(false)
    setFailure(response.ok ? null : response)
    return response
  }, [])
  const run = useCallback(<R extends ResourceName, A extends ActionName<R>>(request: DispatchRequest<R, A>): Promise<SvcResponse<CallResult<R, A>>> => track(dispatch(request)), [track])
  /** The call with `preview: true`: what it would change, and the plan that runs it so. */
  const preview = useCallback(<R extends ResourceName, A extends ActionName<R>>(request: DispatchRequest<R, A>): Promise<SvcResponse<Previewed<CallResult<R, A>>>> => track(previewDispatch(request)), [track])
  const clear = useCallback(() => setFailure(null), [])
  return { run, preview, pending, failure, clear }
}
