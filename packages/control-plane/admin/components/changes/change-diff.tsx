import { Badge } from '@keystar/ui/badge'
import { HStack, VStack } from '@keystar/ui/layout'
import { css, tokenSchema } from '@keystar/ui/style'
import { Text } from '@keystar/ui/typography'
import type { Change } from '../../../src/platform/change-sets/change.ts'
import { fieldDiffs, fieldText } from '../../lib/row-diff.ts'
import { codeBox } from '../code-box.ts'

const KIND_TONE = { create: 'positive', update: 'accent', delete: 'critical' } as const

const fields = css({
  ...codeBox,
  width: '100%',
  borderCollapse: 'collapse',
  tableLayout: 'fixed',
  // Doubled, so a table this one sits in (an approval's row) does not restyle its cells.
  '&& th, && td': {
    padding: tokenSchema.size.space.small,
    border: 'none',
    fontSize: 'inherit',
    verticalAlign: 'top',
    textAlign: 'start',
    overflowWrap: 'anywhere',
    whiteSpace: 'pre-wrap',
  },
  '&& th': { color: tokenSchema.color.foreground.neutralSecondary, fontWeight: tokenSchema.typography.fontWeight.regular },
  // A long value (a post's body) scrolls in its cell rather than stretching the diff.
  'del, ins': { display: 'block', maxHeight: '12rem', overflow: 'auto' },
  del: { backgroundColor: tokenSchema.color.background.critical, color: tokenSchema.color.foreground.critical },
  ins: { backgroundColor: tokenSchema.color.background.positive, color: tokenSchema.color.foreground.positive, textDecoration: 'none' },
})

/** The label a row's diff is found by: "update SvcCrmSlot 3". */
const changeLabel = (change: Pick<Change, 'kind' | 'entity' | 'id'>): string => `${change.kind} ${change.entity} ${change.id}`

/** Field by field, what the row held before and after the change. */
function FieldTable ({ change }: { change: Change }) {
  const diffs = fieldDiffs(change)
  if (diffs.length === 0) return <Text size='small' color='neutralSecondary'>No field changed its value.</Text>
  return (
    <table className={fields} aria-label={`Fields of ${changeLabel(change)}`}>
      <colgroup><col style={{ width: '12rem' }} /><col /><col /></colgroup>
      <thead><tr><th scope='col'>Field</th><th scope='col'>Before</th><th scope='col'>After</th></tr></thead>
      <tbody>
        {diffs.map(diff => (
          <tr key={diff.field} data-field={diff.field}>
            <th scope='row'>{diff.field}</th>
            <td>{'before' in diff ? <del>{fieldText(diff.before)}</del> : '—'}</td>
            <td>{'after' in diff ? <ins>{fieldText(diff.after)}</ins> : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function RowDiff ({ change }: { change: Change }) {
  return (
    <section aria-label={changeLabel(change)} data-testid='row-change' data-kind={change.kind}>
      <VStack gap='small'>
        <HStack gap='regular' alignItems='center'>
          <Badge tone={KIND_TONE[change.kind]}>{change.kind}</Badge>
          <Text><code>{change.entity}</code> <code>{String(change.id)}</code></Text>
        </HStack>
        <FieldTable change={change} />
      </VStack>
    </section>
  )
}

/** Each row a call changed or would change: its list, id and kind, and field by field what it held before and after (secrets as "[sealed]"). */
export function ChangeDiff ({ changes, empty = 'No row changed.' }: { changes: readonly Change[], empty?: string }) {
  if (changes.length === 0) return <Text color='neutralSecondary'>{empty}</Text>
  return (
    <VStack gap='large' data-testid='change-diff'>
      {changes.map((change, index) => <RowDiff key={`${index} ${change.entity} ${change.id}`} change={change} />)}
    </VStack>
  )
}
