import type { Prisma } from '../../../generated/prisma/client.ts'

/** What `audit.list` narrows the log by. */
export type AuditFilters = {
  operation?: string | undefined
  channel?: string | undefined
  ok?: boolean | undefined
  since?: Date | undefined
  requestId?: string | undefined
  traceId?: string | undefined
}

/**
 * The filters a total is kept for: a combination of them names a set of entries that only grows
 * at the top (new ids) and shrinks at the bottom (the pruner). `since`, `request_id` and `trace_id`
 * are not among them: a time window, a single call and a trace are counted live, their own index
 * bounding the count.
 */
export type KeptFilters = { operation?: string, channel?: string, ok?: boolean }

/** An audit entry as far as the kept filters read it. */
export type KeptColumns = { operation: string, channel: string, ok: boolean }

export function auditWhere (filters: AuditFilters): Prisma.SvcAuditEntryWhereInput {
  return {
    ...(filters.operation === undefined ? {} : { operation: filters.operation }),
    ...(filters.channel === undefined ? {} : { channel: filters.channel }),
    ...(filters.since === undefined ? {} : { at: { gte: filters.since } }),
    ...(filters.ok === undefined ? {} : { ok: filters.ok }),
    ...(filters.requestId === undefined ? {} : { requestId: filters.requestId }),
    ...(filters.traceId === undefined ? {} : { traceId: filters.traceId }),
  }
}

/** The kept filters of a list call, only those it sets; null when it also filters by time, Request-Id or trace. */
export function keptFiltersOf (filters: AuditFilters): KeptFilters | null {
  if (filters.since !== undefined || filters.requestId !== undefined || filters.traceId !== undefined) return null
  return {
    ...(filters.operation === undefined ? {} : { operation: filters.operation }),
    ...(filters.channel === undefined ? {} : { channel: filters.channel }),
    ...(filters.ok === undefined ? {} : { ok: filters.ok }),
  }
}

export const matchesKept = (filters: KeptFilters, entry: KeptColumns): boolean =>
  (filters.operation === undefined || filters.operation === entry.operation) &&
  (filters.channel === undefined || filters.channel === entry.channel) &&
  (filters.ok === undefined || filters.ok === entry.ok)

/**
 * The kept filters as SQL conditions on the table aliased `alias`; `bind` returns the placeholder
 * of a value. `ok` is written as a literal: both databases read TRUE and FALSE, and a bound
 * boolean is not one type on both drivers.
 */
export function keptFiltersSql (filters: KeptFilters, alias: string, bind: (value: string) => string): string[] {
  return [
    ...(filters.operation === undefined ? [] : [`${alias}."operation" = ${bind(filters.operation)}`]),
    ...(filters.channel === undefined ? [] : [`${alias}."channel" = ${bind(filters.channel)}`]),
    ...(filters.ok === undefined ? [] : [`${alias}."ok" = ${filters.ok ? 'TRUE' : 'FALSE'}`]),
  ]
}
