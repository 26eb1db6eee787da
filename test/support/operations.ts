import type { dispatcher } from './client.ts'
import type { BuiltinApi } from '../../packages/control-plane/src/resources/index.ts'

/** `call('create', {...})` for one resource, with `confirm` at the top level when given. */
export function resourceCaller (dispatch: ReturnType<typeof dispatcher>, resource: string) {
  return (action: string, params: Record<string, unknown> = {}, confirm?: boolean) =>
    dispatch({ resource, action, params, ...(confirm === undefined ? {} : { confirm }) })
}

type ResourceName = Extract<keyof BuiltinApi, string>
type ActionOf<R extends ResourceName> = Extract<keyof BuiltinApi[R], string>
type ParamsOf<R extends ResourceName, A extends ActionOf<R>> = BuiltinApi[R][A] extends { params: infer Params } ? Params : never

/**
 * `call('create', {...})` for one built-in resource, as a client of the registry sees it: its
 * actions and their params checked against the operations' declarations (`ApiOf`, as the Admin
 * UI's client is). A test of a refusal the types would catch sends through `resourceCaller`.
 */
export function typedCaller<R extends ResourceName> (dispatch: ReturnType<typeof dispatcher>, resource: R) {
  const call = resourceCaller(dispatch, resource)
  return <A extends ActionOf<R>>(action: A, params: ParamsOf<R, A>, confirm?: boolean) => call(action, params as Record<string, unknown>, confirm)
}
