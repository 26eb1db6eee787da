import { describe, expect, test } from '@jest/globals'
import { z } from 'zod'
import { conflict, defineOperation, defineResource } from '../packages/control-plane/src/index.ts'
import { useTestServer } from './support/in-process-server.ts'
import { testProvider } from './support/database.ts'
import { asyncIdOfAContinuation, expectToPassInAFreshProcess, noPromiseTracked } from './support/async-hooks.ts'
import { Gate, started, whileHeld } from './support/held-open.ts'

const gate = new Gate()
const rolledBack = () => conflict('the probe rolls its transaction back')

/** Writes a variable in a transaction, waits until the test lets it go, then rolls the transaction back (409). */
const holdThenRollBack = defineOperation({
  summary: 'Writes a variable in a transaction, waits until the test lets it go, then rolls the transaction back.',
  examples: [{ params: { name: 'held' }, refusal: 'conflict' }],
  params: z.object({ name: z.string() }),
  returns: z.object({ name: z.string() }),
  handler: async ({ name }, context) => {
    await context.db.$transaction(async tx => {
      await tx.svcVariable.create({ data: { name, valueJson: '"rolled back"', createdAt: context.now(), updatedAt: context.now() } })
      await gate.hold()
      throw rolledBack()
    })
    return { data: { name }, changed: true }
  },
})

/** In a transaction, writes through the call's client rather than the transaction's, then rolls the transaction back (409). */
const writeBesideItsTransaction = defineOperation({
  summary: 'Writes through the call\'s client inside its own transaction, then rolls the transaction back.',
  examples: [{ params: { name: 'beside' }, refusal: 'conflict' }],
  params: z.object({ name: z.string() }),
  returns: z.object({ name: z.string() }),
  handler: async ({ name }, context) => {
    await context.db.$transaction(async tx => {
      await tx.svcVariable.create({ data: { name: `${name}_in`, valueJson: '1', createdAt: context.now(), updatedAt: context.now() } })
      await context.db.svcVariable.create({ data: { name: `${name}_beside`, valueJson: '2', createdAt: context.now(), updatedAt: context.now() } })
      throw rolledBack()
    })
    return { data: { name }, changed: true }
  },
})

const plane = useTestServer({ extensions: [defineResource({ name: 'probe', operations: { hold_then_roll_back: holdThenRollBack, write_beside: writeBesideItsTransaction } })] })

/** Calls probe.hold_then_roll_back and runs `meanwhile` while its transaction is open. */
const whileTransactionOpen = <T>(name: string, meanwhile: () => Promise<T>) =>
  whileHeld(gate, () => plane.dispatch({ resource: 'probe', action: 'hold_then_roll_back', params: { name } }), meanwhile)

const variableRow = (name: string) => {
  const now = new Date()
  return { data: { name, valueJson: '"kept"', createdAt: now, updatedAt: now } }
}

describe('a transaction of the package\'s is isolated from the site\'s other requests', () => {
  test('a write the host makes while a call\'s transaction is open survives that transaction\'s rollback', async () => {
    const db = plane.server.db
    let row: { id: string } | undefined
    const { called } = await whileTransactionOpen('rolled_back_one', async () => {
      const write = await started(db.svcVariable.create(variableRow('written_meanwhile')))
      gate.release()
      row = await write.work
    })
    expect([called.status, called.body.code]).toEqual([409, 'conflict'])
    expect(await db.svcVariable.findUnique({ where: { id: row!.id } })).toMatchObject({ name: 'written_meanwhile', valueJson: '"kept"' })
    expect(await db.svcVariable.count({ where: { name: 'rolled_back_one' } })).toBe(0)
  })

  test('a call made while another call\'s transaction is open runs whole once it ends', async () => {
    const { meanwhile: answered, called } = await whileTransactionOpen('rolled_back_two', async () => {
      const set = await started(Promise.resolve(plane.dispatch({ resource: 'variables', action: 'set', params: { name: 'set_meanwhile', value: 'kept' } })))
      gate.release()
      return set.work
    })
    expect(called.status).toBe(409)
    expect([answered.status, answered.body.changed]).toEqual([200, true])
    expect(await plane.server.db.svcVariable.count({ where: { name: 'set_meanwhile' } })).toBe(1)
  })

  test('a read made while it is open sees the site as committed, not what the transaction wrote', async () => {
    const { meanwhile } = await whileTransactionOpen('rolled_back_unseen', () => plane.server.db.svcVariable.count({ where: { name: 'rolled_back_unseen' } }))
    expect(meanwhile).toBe(0)
  })

  test('what its own work writes through the call\'s client joins it on SQLite, as on one connection (no wait for itself)', async () => {
    const answered = await plane.dispatch({ resource: 'probe', action: 'write_beside', params: { name: 'beside' } })
    expect([answered.status, answered.body.code]).toEqual([409, 'conflict'])
    expect(await plane.server.db.svcVariable.count({ where: { name: 'beside_in' } })).toBe(0)
    // Had it waited for its own transaction, Prisma would have ended that after 5 s and the write beside it
    // committed. On PostgreSQL the call's client is another connection: its write is its own.
    expect(await plane.server.db.svcVariable.count({ where: { name: 'beside_beside' } })).toBe(testProvider === 'sqlite' ? 0 : 1)
  })
})

describe('what the package\'s transactions leave the site', () => {
  test('no tracking of the site\'s promises once none is open (before Node 24 it costs every promise)', async () => {
    if (!await noPromiseTracked()) {
      expectToPassInAFreshProcess('test/transaction-isolation.test.ts', 'what the package\'s transactions leave')
      return
    }
    const called = await plane.dispatch({ resource: 'probe', action: 'write_beside', params: { name: 'then_untracked' } })
    expect(called.status).toBe(409)
    expect(await asyncIdOfAContinuation()).toBe(0)
  })
})
