import { useCallback, useEffect, useState } from 'react'
import { dispatchUntyped, type ActionName, type CallResult, type DispatchRequest, type ResourceName, type SvcFailure, type UntypedRequest } from './svc-client.ts'

export type OperationState<Data> =
  | { status: 'loading' }
  | { status: 'failed', failure: SvcFailure & { status: number } }
  | { status: 'ready', data: Data, refreshing: boolean }

/**
 * Runs a read operation when the page shows and whenever the request changes; `reload` runs it
 * again. While a new answer is on its way the last one stays on screen.
 */
export function useOperation<R extends ResourceName, A extends ActionName<R>> (request: DispatchRequest<R, A> | null): OperationState<CallResult<R, A>> & { reload: () => void } {
  type Data = CallResult<R, A>
  const [state, setState] = useState<OperationState<Data>>({ status: 'loading' })
  const [round, setRound] = useState(0)
  const key = request ? JSON.stringify(request) : null
  useEffect(() => {
    if (key === null) return
    let current = true
    setState(previous => previous.status === 'ready' ? { ...previous, refreshing: true } : previous)
    void dispatchUntyped<Data>(JSON.parse(key) as UntypedRequest).then(response => {
      if (!current) return
      setState(response.ok ? { status: 'ready', data: response.data, refreshing: false } : { status: 'failed', failure: response })
    })
    return () => { current = false }
  }, [key, round])
  const reload = useCallback(() => setRound(value => value + 1), [])
  return { ...state, reload }
}
