import type { z } from 'zod'

/** A kind of outbound event: its type (`lead.captured`) and the JSON Schema of its `data`. */
export type EventDeclaration<Data extends z.ZodObject = z.ZodObject> = {
  /** `<resource>.<what happened>`, lower snake case on both sides. */
  type: string
  summary: string
  /** The resource's public shape at the time: only what is declared here leaves the site, so no secret can. */
  data: Data
}

const TYPE = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/

export function defineEvent<Data extends z.ZodObject> (declaration: EventDeclaration<Data>): EventDeclaration<Data> {
  if (!TYPE.test(declaration.type)) throw new Error(`event type "${declaration.type}" must look like resource.what_happened`)
  return declaration
}
