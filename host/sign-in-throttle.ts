import { setTimeout as sleep } from 'node:timers/promises'
import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql'
import type { KeystoneContext } from '@keystone-6/core/types'
import type { Db } from 'keystone-svc-control-plane'
import type { ClientAddressOf } from 'keystone-svc-control-plane'
import { SvcError } from 'keystone-svc-control-plane'
import { consumeFixedWindow, digestSubject, fixedWindowHits, resetFixedWindow, type WindowLimit } from 'keystone-svc-control-plane'

export type SignInLimits = {
  /**
   * Attempts per account (by e-mail, any letter case) from one client address per window; a
   * success starts the count again. This is the lock a guesser meets: it holds the guesser's
   * address, not the owner's.
   * @default 10
   */
  perAccountClient?: number
  /**
   * Attempts per account from all addresses together per window: the ceiling a guesser spread
   * over many addresses meets. A success starts the count again.
   * @default 100
   */
  perAccount?: number
  /** Attempts per client address (IPv6: per /64) per window, whichever accounts they name. @default 50 */
  perClient?: number
  /** Window length in seconds. @default 900 */
  windowSeconds?: number
  /** Attempts per account and client that are answered at once; each one after waits twice as long as the last. @default 3 */
  delayAfter?: number
  /** The first wait, in milliseconds (0 for none). @default 250 */
  delayBaseMs?: number
  /** The longest wait, in milliseconds. @default 4000 */
  delayMaxMs?: number
}

export type SignInThrottleDeps = {
  limits?: SignInLimits
  clientAddress: ClientAddressOf
  now: () => Date
  /**
   * Waits the growing wait before an attempt is checked.
   * @default a timer (`setTimeout` of `node:timers/promises`)
   */
  wait?: (ms: number) => Promise<unknown>
}

const MUTATION = 'authenticateUserWithPassword'
const ACCOUNT_SCOPE = 'sign_in_account'
const PAIR_SCOPE = 'sign_in_account_client'
const CLIENT_SCOPE = 'sign_in_client'

type Args = { email: string, password: string }

/** The wait before the n-th attempt of one account from one client: none up to `after`, then doubling up to `max`. */
export function progressiveDelayMs (attempt: number, after: number, baseMs: number, maxMs: number): number {
  if (attempt <= after || baseMs <= 0) return 0
  return Math.min(maxMs, baseMs * 2 ** Math.min(attempt - after - 1, 30))
}

/**
 * Wraps Keystone's password sign-in mutation (the Admin UI uses the same one) with limits counted
 * in the database, so they hold across instances. Every attempt counts before the password is
 * checked; a refused attempt never reaches the KDF, so a flood costs no argon2 work. The tight
 * limit is per account *and* client, so a guesser locks out its own address and not the owner;
 * the per-account ceiling is higher, for guessers spread over many addresses, and a growing wait
 * slows each address's guesses long before either.
 */
export function throttleSignIn (schema: GraphQLSchema, deps: SignInThrottleDeps): GraphQLSchema {
  const field = schema.getMutationType()?.getFields()[MUTATION]
  if (!field?.resolve) throw new Error(`the GraphQL schema has no ${MUTATION} mutation to throttle`)
  const limits = deps.limits ?? {}
  const windowSeconds = limits.windowSeconds ?? 900
  const perPair: WindowLimit = { points: limits.perAccountClient ?? 10, durationSeconds: windowSeconds }
  const perAccount: WindowLimit = { points: limits.perAccount ?? 100, durationSeconds: windowSeconds }
  const perClient: WindowLimit = { points: limits.perClient ?? 50, durationSeconds: windowSeconds }
  const signIn = field.resolve as GraphQLFieldResolver<unknown, KeystoneContext, Args>
  // The schema was built for this config a moment ago and is not shared, so its resolver is replaced in place.
  const throttled: GraphQLFieldResolver<unknown, KeystoneContext, Args> = async (root, args, context, info) => {
    const db = context.prisma as Db
    const email = args.email.trim().toLowerCase()
    const account = digestSubject(email)
    const client = context.req ? deps.clientAddress(context.req) : 'no-request'
    const pair = digestSubject(`${email}\n${client}`)
    const now = deps.now()
    try {
      if (context.req) await consumeFixedWindow(db, CLIENT_SCOPE, digestSubject(client), perClient, now)
      await consumeFixedWindow(db, PAIR_SCOPE, pair, perPair, now)
      await consumeFixedWindow(db, ACCOUNT_SCOPE, account, perAccount, now)
    } catch (error) {
      if (!(error instanceof SvcError) || error.code !== 'rate_limited') throw error
      return { code: 'FAILURE', message: `Too many sign-in attempts. Try again in ${String(error.details?.retry_after)} seconds.` }
    }
    const attempt = await fixedWindowHits(db, PAIR_SCOPE, pair, perPair, now)
    const wait = progressiveDelayMs(attempt, limits.delayAfter ?? 3, limits.delayBaseMs ?? 250, limits.delayMaxMs ?? 4000)
    if (wait > 0) await (deps.wait ?? sleep)(wait)
    const result = await signIn(root, args, context, info) as Record<string, unknown> | null
    if (result && 'sessionToken' in result) {
      await resetFixedWindow(db, PAIR_SCOPE, pair)
      await resetFixedWindow(db, ACCOUNT_SCOPE, account)
    }
    return result
  }
  field.resolve = throttled
  return schema
}
