import type { SecretBox } from './secret-box.ts'
import { bindTo, type SealedColumn } from './sealed-column.ts'

type Row = Record<string, unknown> & { id: string | number }
type Delegate = {
  findMany: (args: object) => Promise<Row[]>
  updateMany: (args: object) => Promise<{ count: number }>
}

/** `unreadable`: ciphertexts no listed key opens for their row (copied between rows, or of a key not listed); left as they are. */
export type RotationReport = { resealed: number, checked: number, unreadable: number }

/**
 * Seals every stored secret again with the box's first key, in batches of `batchSize` rows read
 * in id order: ciphertexts of an older key or of the key-id-less `v1` form. A row written while
 * it runs keeps its new value: each update applies only if the ciphertext is still the one read.
 * A ciphertext no key opens is counted and left alone.
 */
export async function rotateSealedSecrets (
  db: object,
  secrets: SecretBox,
  columns: readonly SealedColumn[],
  { batchSize = 100, onBatch }: { batchSize?: number, onBatch?: (column: SealedColumn, report: RotationReport) => void } = {},
): Promise<RotationReport> {
  const total: RotationReport = { resealed: 0, checked: 0, unreadable: 0 }
  for (const column of columns) {
    const delegate = (db as Record<string, Delegate | undefined>)[column.model]
    if (!delegate) throw new Error(`no model ${column.model} holds sealed secrets`)
    for (let after: Row['id'] | undefined; ;) {
      const rows = await delegate.findMany({
        // Every ciphertext starts with its format (`v1:`, `v2:`); the filter also fits columns that cannot be null.
        where: { [column.column]: { startsWith: 'v' }, ...after === undefined ? {} : { id: { gt: after } } },
        select: { id: true, [column.column]: true, [column.rowKey]: true },
        orderBy: { id: 'asc' },
        take: batchSize,
      })
      const batch: RotationReport = { resealed: 0, checked: rows.length, unreadable: 0 }
      for (const row of rows) {
        const sealed = String(row[column.column])
        if (!secrets.needsRotation(sealed)) continue
        const binding = bindTo(column, row[column.rowKey] as string | number)
        let plaintext: string
        try {
          plaintext = secrets.open(sealed, binding)
        } catch {
          // One bad row must not stop the others from moving to the new key; it is reported.
          batch.unreadable++
          continue
        }
        const resealed = secrets.seal(plaintext, binding)
        const { count } = await delegate.updateMany({ where: { id: row.id, [column.column]: sealed }, data: { [column.column]: resealed } })
        batch.resealed += count
      }
      total.resealed += batch.resealed
      total.checked += batch.checked
      total.unreadable += batch.unreadable
      onBatch?.(column, batch)
      if (rows.length < batchSize) break
      after = rows[rows.length - 1]!.id
    }
  }
  return total
}
