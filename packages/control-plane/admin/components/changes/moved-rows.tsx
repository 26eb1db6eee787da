import { Text } from '@keystar/ui/typography'
import type { Failure } from '../../lib/use-action.ts'
import { FailureNotice } from '../failure-notice.tsx'

type MovedRow = { entity: string, id: string | number, reason?: string }

/** The rows a 409 `revert_conflict` or `plan_stale` names: those that changed after the call being undone, or since the preview. */
function movedRows (failure: Failure): MovedRow[] {
  const rows = failure.code === 'revert_conflict' || failure.code === 'plan_stale' ? failure.details?.rows : undefined
  return Array.isArray(rows) ? rows as MovedRow[] : []
}

const TITLES: Record<string, string> = {
  revert_conflict: 'Nothing was reverted: rows changed after the call',
  plan_stale: 'Nothing was reverted: rows changed since the preview',
}

/** A refused revert, with the rows that moved (each with why) for the administrator to look at before trying again. */
export function RevertRefusal ({ failure }: { failure: Failure }) {
  const rows = movedRows(failure)
  return (
    <FailureNotice failure={failure} title={TITLES[failure.code] ?? 'Nothing was reverted'}>
      {rows.length > 0 && (
        <ul data-testid='moved-rows' style={{ margin: 0 }}>
          {rows.map(row => <li key={`${row.entity} ${row.id}`}><Text><code>{row.entity} {String(row.id)}</code>{row.reason ? `: ${row.reason}` : ''}</Text></li>)}
        </ul>
      )}
    </FailureNotice>
  )
}
