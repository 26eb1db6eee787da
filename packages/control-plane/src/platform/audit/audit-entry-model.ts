import { bookkeepingModel } from '../db/bookkeeping-model.ts'

/** One row per dispatch. The actor is copied, not linked, so entries outlive the account. */
export const auditEntryModel = bookkeepingModel('SvcAuditEntry', ({ json }) => `
  id         Int       @id @default(autoincrement())
  at         DateTime? @default(now())
  operation  String    @default("")
  // The door the call came in through: dispatch, read_form, route, mcp.
  channel    String    @default("dispatch")
  // The MCP tool name, for calls through the mcp channel.
  tool       String?
  // Null for a refusal before any account was identified (a bad key, no credentials).
  actorId    String?
  actorEmail String?
  mode       String    @default("")
  keyId      String?
  ok         Boolean   @default(false)
  changed    Boolean   @default(false)
  code       String?
  durationMs Int?      @default(0)
  params     Json?${json('{}')}
  // The response's Request-Id, to find a call a caller quotes.
  requestId  String?
  // The W3C trace id of the call (from its 'traceparent', or made for it), to find a call a trace
  // names.
  traceId    String?
  // What the call changed ('{ changes, effects, complete }', platform/change-sets): each row it
  // wrote with its before and after image, secrets in their sealed form. Null for a call that wrote
  // nothing. Pruned with the entry.
  changeSet  Json?

  @@index([at])
  @@index([requestId])
  @@index([traceId])
  @@index([operation, id])
  @@index([channel, id])
  @@index([ok, id])
  @@map("svc_audit_entries")
`)
