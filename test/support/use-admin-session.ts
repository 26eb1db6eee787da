import { once } from 'node:events'
import type { Server } from 'node:http'
import { afterAll, beforeAll } from '@jest/globals'
import type { UsedTestServer } from './in-process-server.ts'
import { sessionCookie } from './session-client.ts'
import { outlastClientKeepAlive } from './loopback-peer.ts'

export type AdminSession = {
  /** The test server listening on loopback, so each request's URL (and Host) is known before it is sent. */
  readonly listener: Server
  /** The administrator's Admin UI session cookie, `keystonejs-session=…`. */
  readonly cookie: string
}

/** Listens with the test server for the enclosing block and signs its administrator in, as the Admin UI does. */
export function useAdminSession (plane: UsedTestServer): AdminSession {
  let started: { listener: Server, cookie: string } | undefined
  const current = () => {
    if (!started) throw new Error('useAdminSession: the session starts in beforeAll; use it inside a test')
    return started
  }
  beforeAll(async () => {
    const listener = outlastClientKeepAlive(plane.server.app.listen(0, '127.0.0.1'))
    await once(listener, 'listening')
    started = { listener, cookie: await sessionCookie(listener, plane.admin.email, plane.admin.password) }
  })
  afterAll(async () => {
    const listener = started?.listener
    started = undefined
    if (listener) await new Promise(resolve => listener.close(resolve))
  })
  return {
    get listener () { return current().listener },
    get cookie () { return current().cookie },
  }
}
