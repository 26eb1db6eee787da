/**
 * A column that holds sealed secrets: the Prisma model (delegate name), the column, and the
 * column whose value names the row (stable for the row's life: a slot, a key, a slug). A
 * ciphertext is bound to all three, so it cannot be copied to another row or column.
 */
export type SealedColumn = { model: string, column: string, rowKey: string }

/** Where one ciphertext lives: its column and the value of the column's `rowKey` on that row. */
export type SecretBinding = { column: SealedColumn, row: string | number | bigint }

export const sealedColumn = (model: string, column: string, rowKey: string): SealedColumn => ({ model, column, rowKey })

export const bindTo = (column: SealedColumn, row: string | number | bigint): SecretBinding => ({ column, row })
