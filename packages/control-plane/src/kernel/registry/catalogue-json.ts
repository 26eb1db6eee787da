import type { EventDeclaration } from '../../platform/events/define-event.ts'
import { toJsonSchema } from './manifest.ts'
import { weakMemo } from '../../platform/lib/weak-memo.ts'

export type CatalogueEntry = { type: string, summary: string, data: Record<string, unknown> }

const entry = weakMemo((declaration: EventDeclaration): CatalogueEntry =>
  ({ type: declaration.type, summary: declaration.summary, data: toJsonSchema(declaration.data, 'output') }))

/** The manifest's `events`: every declared event type with the JSON Schema of its `data`, sorted by type. */
export function eventCatalogue (events: readonly EventDeclaration[]): CatalogueEntry[] {
  return [...events].sort((a, b) => a.type.localeCompare(b.type)).map(entry)
}
