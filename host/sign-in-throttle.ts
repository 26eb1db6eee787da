import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql'
import type { KeystoneContext } from '@keystone-6/core/types'
import type { Db } from 'keystone-svc-control-plane'
import type { ClientAddressOf } from 'keystone-svc-control-plane'
import { SvcError } from 'keystone-svc-control-plane'
import { consumeFixedWindow, digestSubject, resetFixedWindow, type WindowLimit } from 'keystone-svc-control-plane'

export type SignInLimits = {
  /** Attempts per account (by e-mail, any letter case) per window; a success starts the count again. @default 10 */
  perAccount?: number
  /** Attempts per client address (IPv6: per /64) per window, whichever accounts they name. @default 50 */
  perClient?: number
  /** Window length in seconds. @default 900 */
  windowSeconds?: number
}

export type SignInThrottleDeps = { limits?: SignInLimits, clientAddress: ClientAddressOf, now: () => Date }

const MUTATION = 'authenticateUserWithPassword'
const ACCOUNT_SCOPE = 'sign_in_account'
const CLIENT_SCOPE = 'sign_in_client'

type Args = { email: string, password: string }

/**
 * Wraps Keystone's password sign-in mutation (the Admin UI uses the same one) with limits counted
 * in the database, so they hold across instances. Every attempt counts before the password is
 * checked; a refused attempt never reaches the KDF, so a flood costs no argon2 work.
 */
export function throttleSignIn (schema: GraphQLSchema, deps: SignInThrottleDeps): GraphQLSchema {
  const field = schema.getMutationType()?.getFields()[MUTATION]
  if (!field?.resolve) throw new Error(`the GraphQL schema has no ${MUTATION} mutation to throttle`)
  const windowSeconds = deps.limits?.windowSeconds ?? 900
  const perAccount: WindowLimit = { points: deps.limits?.perAccount ?? 10, durationSeconds: windowSeconds }
  const perClient: WindowLimit = { points: deps.limits?.perClient ?? 50, durationSeconds: windowSeconds }
  const signIn = field.resolve as GraphQLFieldResolver<unknown, KeystoneContext, Args>
  // The schema was built for this config a moment ago and is not shared, so its resolver is replaced in place.
  field.resolve = async (root, args, context, info) => {
    const db = context.prisma as Db
    const account = digestSubject(args.email.trim().toLowerCase())
    try {
      const now = deps.now()
      if (context.req) await consumeFixedWindow(db, CLIENT_SCOPE, digestSubject(deps.clientAddress(context.req)), perClient, now)
      await consumeFixedWindow(db, ACCOUNT_SCOPE, account, perAccount, now)
    } catch (error) {
      if (!(error instanceof SvcError) || error.code !== 'rate_limited') throw error
      return { code: 'FAILURE', message: `Too many sign-in attempts. Try again in ${error.details?.retry_after} seconds.` }
    }
    const result = await signIn(root, args, context, info) as Record<string, unknown> | null
    if (result && 'sessionToken' in result) await resetFixedWindow(db, ACCOUNT_SCOPE, account)
    return result
  }
  return schema
}
