/** What a bookkeeping model's declaration depends on beyond itself, read from the schema Keystone printed. */
export type ModelFacts = {
  /** The id field the host's config gives a list that names none, as Keystone prints it: `String @id @default(cuid())`. */
  hostId: string
  /** A relation's foreign key to a model with the host's default id, stored in `column`: `String? @map("parent")`. */
  hostForeignKey: (column: string) => string
  /** The host's accounts model (`host.accounts.list`), for relations to an account. */
  accounts: {
    model: string
    /** A relation's foreign key to an account, stored in `column`: `Int? @map("owner")`. */
    foreignKey: (column: string) => string
  }
  /** A JSON column's default, as the database keeps it: PostgreSQL in the schema, SQLite not at all (Keystone's own rule). */
  json: (value: string) => string
}

/**
 * A table of the package's own — its resources' state and its machinery's queues, windows,
 * counters and logs — declared as a Prisma model in the host's schema instead of a Keystone list.
 * The package reads and writes these tables through Prisma alone (dispatch is the one write path,
 * and its Admin UI pages read through dispatch too), so a list would only add what costs the host:
 * Keystone builds a `db` and a `query` API for every list in every request's context, and GraphQL
 * types and an Admin UI page for each (docs/architecture.md, "Lists and bookkeeping models").
 */
export type BookkeepingModel = {
  /** The Prisma model's name, the list key it had: `db.svcJob` on the client. */
  readonly name: string
  readonly print: (facts: ModelFacts) => string
  /**
   * The model's relation fields to an account: Keystone printed a back-relation field for each
   * (`from_SvcApiKey_owner`) into the host's accounts model, and so does the package.
   */
  readonly accountFields: readonly string[]
}

const COMMENT_LINE = /^[ \t]*\/\/.*\n/gm

/**
 * `body`: the model's fields and block attributes in Prisma's schema language, as Keystone printed
 * them for its list. Its `//` comment lines are for the source's readers and are not printed, so
 * the schema reads as it did while these tables were lists.
 */
export const bookkeepingModel = (name: string, body: (facts: ModelFacts) => string, { accountFields = [] }: { accountFields?: readonly string[] } = {}): BookkeepingModel =>
  ({ name, print: facts => `model ${name} {${body(facts).replace(COMMENT_LINE, '')}}`, accountFields })
