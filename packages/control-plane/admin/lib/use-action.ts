import { useCallback, useState } from 'react'
import { dispatch, type DispatchRequest, type SvcFailure, type SvcResponse } from './svc-client.ts'

export type Failure = SvcFailure & { status: number }

/** A write the page starts: whether it is on its way, and its refusal until the next attempt. */
export function useAction () {
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<Failure | null>(null)
  const run = useCallback(async function run<Data> (request: DispatchRequest): Promise<SvcResponse<Data>> {
    setPending(true)
    const response = await dispatch<Data>(request)
    setPending(false)
    setFailure(response.ok ? null : response)
    return response
  }, [])
  const clear = useCallback(() => setFailure(null), [])
  return { run, pending, failure, clear }
}
