/**
 * What a door is, said once where the door is defined: the channel its calls are audited under,
 * and the format its answers are stored in for an idempotent repeat (a key used through one
 * format is never replayed through another). The kernel and the platform know no door by name:
 * a new protocol is a folder under `doors/` that defines its door and hands it with each call.
 */
export type DoorKind = {
  /** The audit entry's `channel`, e.g. `dispatch`, `mcp`. */
  readonly channel: string
  /** The shape of the door's answers, e.g. `envelope`, `mcp`; part of an idempotency key's fingerprint. */
  readonly format: string
}

/** Registers a door: its channel and answer format, fixed for every call it hands over. */
export const defineDoor = <const Kind extends DoorKind>(kind: Kind): Readonly<Kind> => Object.freeze(kind)
