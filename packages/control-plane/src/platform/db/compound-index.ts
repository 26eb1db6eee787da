/**
 * A Keystone `db.extendPrismaSchema` that adds multi-column indexes to the list's model: a filter
 * column followed by the list's order, so a page is read from the index instead of sorting every
 * matching row. Field names are Prisma field names (a relationship `lead` is `leadId`).
 */
export function compoundIndexes (...indexes: string[][]) {
  return (model: string): string =>
    model.replace(/}\s*$/, `${indexes.map(fields => `  @@index([${fields.join(', ')}])\n`).join('')}}\n`)
}
