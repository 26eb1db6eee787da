import { afterAll, beforeAll } from '@jest/globals'
import type request from 'supertest'
import type { ControlPlaneOptions } from '../../packages/control-plane/src/index.ts'
import type { HostRole } from '../../schema/roles.ts'
import { startTestServer, type TestServer } from './server.ts'
import { createAccount, type TestAccount } from './accounts.ts'
import { dispatcher, type DispatchBody } from './client.ts'
import { resourceCaller } from './operations.ts'

/** Calls one resource's operations: `crm('create', {name})`, `crm('delete', {crm_num}, true)`. */
export type ResourceCaller = ReturnType<typeof resourceCaller>

/** An account with a key, and a dispatcher acting as it. */
export type ActingAccount = TestAccount & { dispatch: (body: DispatchBody) => Promise<request.Response> }

export type UsedTestServer = {
  readonly server: TestServer
  /** The server's administrator, with an API key. */
  readonly admin: TestAccount
  /** Dispatches as the administrator. */
  dispatch: (body: DispatchBody) => Promise<request.Response>
  /** A caller for one resource's operations, as the administrator. */
  caller: (resource: string) => ResourceCaller
  /** A new account of the role, with a key, and a dispatcher acting as it. */
  account: (role: HostRole) => Promise<ActingAccount>
}

/**
 * One real server for the test file (or the describe block it is called in): started before its
 * tests with the given options, with an administrator and their key, and closed after them. Read
 * its parts inside tests and hooks. Options that name something the file starts itself (an SMTP
 * server, a loopback peer) are given as a function, called when the server starts: after the
 * `beforeAll` hooks declared before `useTestServer`.
 */
export function useTestServer (options: ControlPlaneOptions | (() => ControlPlaneOptions) = {}): UsedTestServer {
  let started: { server: TestServer, admin: TestAccount, dispatch: (body: DispatchBody) => Promise<request.Response> } | undefined
  const current = () => {
    if (!started) throw new Error('the test server starts in beforeAll: use it inside tests and hooks')
    return started
  }
  beforeAll(async () => {
    const server = await startTestServer(typeof options === 'function' ? options() : options)
    const admin = await createAccount(server.db)
    started = { server, admin, dispatch: dispatcher(server.app, admin.key) }
  })
  afterAll(async () => { await started?.server.close() })
  return {
    get server () { return current().server },
    get admin () { return current().admin },
    dispatch: body => current().dispatch(body),
    caller: resource => resourceCaller(body => current().dispatch(body), resource),
    account: async role => {
      const account = await createAccount(current().server.db, role)
      return { ...account, dispatch: dispatcher(current().server.app, account.key) }
    },
  }
}
