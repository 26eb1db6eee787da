import { ChangeRecording } from './change-recording.ts'
import { effectOf, isBookkeeping } from './bookkeeping.ts'
import { recordRead, recordWrite, UNIQUE_READS, WRITE_METHODS, type ModelDelegate } from './record-write.ts'

const modelNameOf = (delegateName: string): string => delegateName.charAt(0).toUpperCase() + delegateName.slice(1)

const isDelegate = (value: unknown): value is ModelDelegate =>
  typeof value === 'object' && value !== null && typeof (value as { findUnique?: unknown }).findUnique === 'function'

type Method = (...args: unknown[]) => unknown

type Transactional = { $transaction?: (work: unknown, options?: unknown) => Promise<unknown> }

/** A model's delegate whose writes are recorded; a bookkeeping list's writes are only read for the effects they stand for. */
function recordingDelegate (delegate: ModelDelegate, model: string, recording: ChangeRecording): ModelDelegate {
  const bookkeeping = isBookkeeping(model)
  return new Proxy(delegate, {
    get (target, method, receiver) {
      const original: unknown = Reflect.get(target, method, receiver)
      if (typeof original !== 'function') return original
      if (typeof method !== 'string') return (original as Method).bind(target)
      if (UNIQUE_READS.has(method) && !bookkeeping) return (args: Record<string, unknown>) => recordRead(target, model, method, args, recording)
      if (!WRITE_METHODS.has(method)) return (original as Method).bind(target)
      if (bookkeeping) {
        return (args: { data?: unknown } | undefined): unknown => {
          for (const data of [args?.data ?? []].flat()) {
            const effect = typeof data === 'object' && data !== null && method.startsWith('create') ? effectOf(model, data as Record<string, unknown>) : null
            if (effect) recording.effects.push(effect)
          }
          return (original as (args: unknown) => unknown).call(target, args)
        }
      }
      return (args: Record<string, unknown> | undefined) => recordWrite(target, model, method, args ?? {}, recording)
    },
  })
}

/**
 * The Prisma client (or a transaction's) a call's handler writes through, recording every row it
 * creates, updates or deletes on `recording`: the same client, with its model delegates' writes
 * wrapped and its transactions' clients wrapped alike. Only the call's own client records; the
 * host's client and every other query of the site run as without it.
 */
export function recordingClient<Client extends object> (client: Client, recording: ChangeRecording): Client {
  const delegates = new Map<string, ModelDelegate>()
  return new Proxy(client, {
    get (target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (property === '$transaction' && typeof value === 'function') {
        return (work: unknown, options?: unknown) => {
          if (typeof work !== 'function') return (value as NonNullable<Transactional['$transaction']>).call(target, work, options)
          const pending = new ChangeRecording(recording)
          return (value as NonNullable<Transactional['$transaction']>).call(target, (tx: object) => (work as (tx: object) => unknown)(recordingClient(tx, pending)), options)
            .then(result => {
              pending.commitTo(recording)
              return result
            })
        }
      }
      if (typeof property !== 'string' || property.startsWith('$') || property.startsWith('_') || !isDelegate(value)) {
        return typeof value === 'function' ? (value as Method).bind(target) : value
      }
      let delegate = delegates.get(property)
      if (!delegate) {
        delegate = recordingDelegate(value, modelNameOf(property), recording)
        delegates.set(property, delegate)
      }
      return delegate
    },
  })
}
