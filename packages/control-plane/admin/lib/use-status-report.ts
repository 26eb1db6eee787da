import { useMemo } from 'react'
import { operation } from './svc-client.ts'
import { useInterval } from './use-interval.ts'
import { useOperation } from './use-operation.ts'

/** How often the health views ask again. Every call is audited, so not more often than a glance needs. */
export const HEALTH_REFRESH_MS = 15_000

const STATUS = operation('status', 'get')

/** `status.get`, asked again every HEALTH_REFRESH_MS while the tab is visible. */
export function useStatusReport () {
  const report = useOperation(STATUS)
  useInterval(report.reload, HEALTH_REFRESH_MS)
  const data = report.status === 'ready' ? report.data : null
  // A new answer is a new object: the moment it arrived is when the site was last checked.
  const checkedAt = useMemo(() => data ? new Date() : null, [data])
  return { ...report, checkedAt }
}
