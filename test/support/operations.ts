import type { dispatcher } from './client.ts'

/** `call('create', {...})` for one resource, with `confirm` at the top level when given. */
export function resourceCaller (dispatch: ReturnType<typeof dispatcher>, resource: string) {
  return (action: string, params: Record<string, unknown> = {}, confirm?: boolean) =>
    dispatch({ resource, action, params, ...(confirm === undefined ? {} : { confirm }) })
}
