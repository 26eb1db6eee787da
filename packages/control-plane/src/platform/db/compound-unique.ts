/**
 * A Keystone `db.extendPrismaSchema` that adds a multi-column unique constraint to the list's
 * model, so the database (not process memory) enforces the rule for every instance.
 * Field names are Prisma field names (a relationship `postType` is `postTypeId`).
 */
export function compoundUnique (...fields: string[]) {
  return (model: string): string => model.replace(/}\s*$/, `  @@unique([${fields.join(', ')}])\n}\n`)
}
