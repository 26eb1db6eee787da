/** What a bookkeeping model's declaration depends on beyond itself. */
export type ModelFacts = {
  /** The id field the host's config gives a list that names none, as Keystone prints it: `String @id @default(cuid())`. */
  hostId: string
  /** A JSON column's default, as the database keeps it: PostgreSQL in the schema, SQLite not at all (Keystone's own rule). */
  json: (value: string) => string
}

/**
 * A table of the package's own bookkeeping — queues, windows, counters, logs — declared as a Prisma
 * model in the host's schema instead of a Keystone list. The package reads and writes these tables
 * through Prisma alone, so a list would only add what costs the host: Keystone builds a `db` and a
 * `query` API for every list in every request's context, and GraphQL types and an Admin UI page
 * for each, none of which these tables are for (docs/architecture.md, "Lists and bookkeeping models").
 */
export type BookkeepingModel = {
  /** The Prisma model's name, the list key it had: `db.svcJob` on the client. */
  readonly name: string
  readonly print: (facts: ModelFacts) => string
}

const COMMENT_LINE = /^[ \t]*\/\/.*\n/gm

/**
 * `body`: the model's fields and block attributes in Prisma's schema language, as Keystone printed
 * them for its list. Its `//` comment lines are for the source's readers and are not printed, so
 * the schema reads as it did while these tables were lists.
 */
export const bookkeepingModel = (name: string, body: (facts: ModelFacts) => string): BookkeepingModel =>
  ({ name, print: facts => `model ${name} {${body(facts).replace(COMMENT_LINE, '')}}` })
