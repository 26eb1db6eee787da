import type { Resource } from '../define-resource.ts'
import type { OperationMap, ParamsOf, ResultOf } from './define-operation.ts'

/** One operation as a caller sees it: what it sends and what `data` holds. */
export type CallShape<Params, Result> = { params: Params, result: Result }

/** A resource's operations as a caller sees them, by action. */
export type ResourceApi<Operations extends OperationMap> = {
  [Action in keyof Operations & string]: CallShape<ParamsOf<Operations[Action]>, ResultOf<Operations[Action]>>
}

/**
 * What clients of these resources may call, by resource and action, inferred from the
 * declarations (tRPC's router type, for dispatch): `ApiOf<typeof crmResource>['crm']['list']['result']`.
 */
export type ApiOf<Resources extends Resource<string, OperationMap>> = {
  [R in Resources as R['name']]: ResourceApi<R['declared']>
}
