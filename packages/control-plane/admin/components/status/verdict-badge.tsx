import { Badge } from '@keystar/ui/badge'
import type { HealthSignal } from '../../lib/health.ts'
import { verdictOf } from '../../lib/health.ts'

/** The one-line answer to "is the site well?". */
export function VerdictBadge ({ signals }: { signals: readonly HealthSignal[] }) {
  const verdict = verdictOf(signals)
  return <Badge tone={verdict.tone} data-testid='health-verdict' data-tone={verdict.tone}>{verdict.title}</Badge>
}
