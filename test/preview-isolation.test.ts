import { describe, expect, test } from '@jest/globals'
import { z } from 'zod'
import { defineOperation, defineResource } from '../packages/control-plane/src/index.ts'
import { useTestServer } from './support/in-process-server.ts'
import { asyncIdOfAContinuation, expectToPassInAFreshProcess, noPromiseTracked } from './support/async-hooks.ts'
import { Gate, started, whileHeld } from './support/held-open.ts'

const gate = new Gate()

const hold = defineOperation({
  summary: 'Writes a variable, then waits until the test lets it go.',
  examples: [{ params: { name: 'held' } }],
  params: z.object({ name: z.string() }),
  returns: z.object({ name: z.string() }),
  handler: async ({ name }, context) => {
    await context.db.svcVariable.create({ data: { name, valueJson: '"previewed"', createdAt: context.now(), updatedAt: context.now() } })
    await gate.hold()
    return { data: { name }, changed: true }
  },
})

const plane = useTestServer({ extensions: [defineResource({ name: 'probe', operations: { hold } })] })

/** Previews probe.hold and runs `meanwhile` while its transaction is open. */
const whilePreviewOpen = <T>(name: string, meanwhile: () => Promise<T>) =>
  whileHeld(gate, () => plane.dispatch({ resource: 'probe', action: 'hold', params: { name }, preview: true } as never), meanwhile)

describe('a preview is isolated from the site\'s other requests', () => {
  test('a write the site makes while a preview\'s transaction is open survives the preview\'s rollback', async () => {
    const db = plane.server.db
    const now = new Date()
    let row: { id: string } | undefined
    const { called: previewed } = await whilePreviewOpen('preview-only', async () => {
      const write = await started(db.svcVariable.create({ data: { name: 'written-meanwhile', valueJson: '"kept"', createdAt: now, updatedAt: now } }))
      gate.release()
      row = await write.work
    })
    expect([previewed.status, previewed.body.changed, previewed.body.data.preview.changes]).toEqual([200, false, [expect.objectContaining({ entity: 'SvcVariable', kind: 'create' })]])
    expect(await db.svcVariable.findUnique({ where: { id: row!.id } })).toMatchObject({ name: 'written-meanwhile', valueJson: '"kept"' })
    expect(await db.svcVariable.count({ where: { name: 'preview-only' } })).toBe(0)
  })

  test('a read made while a preview\'s transaction is open sees the site as committed, not what the preview wrote', async () => {
    const { meanwhile } = await whilePreviewOpen('preview-unseen', () => plane.server.db.svcVariable.count({ where: { name: 'preview-unseen' } }))
    expect(meanwhile).toBe(0)
  })

  test('a call made while a preview\'s transaction is open runs whole once it ends', async () => {
    const { meanwhile: answered } = await whilePreviewOpen('preview-two', async () => {
      const set = await started(Promise.resolve(plane.dispatch({ resource: 'variables', action: 'set', params: { name: 'set_meanwhile', value: 'kept' } })))
      gate.release()
      return set.work
    })
    expect([answered.status, answered.body.changed]).toEqual([200, true])
    expect(await plane.server.db.svcVariable.count({ where: { name: 'set_meanwhile' } })).toBe(1)
    expect(await plane.server.db.svcVariable.count({ where: { name: 'preview-two' } })).toBe(0)
  })
})

describe('what a preview leaves the site', () => {

  test('no tracking of the site\'s promises once no preview runs (before Node 24 it costs every promise)', async () => {
    if (!await noPromiseTracked()) {
      expectToPassInAFreshProcess('test/preview-isolation.test.ts', 'what a preview leaves')
      return
    }
    const previewed = await plane.dispatch({ resource: 'variables', action: 'set', params: { name: 'after_preview', value: 1 }, preview: true } as never)
    expect(previewed.status).toBe(200)
    expect(await asyncIdOfAContinuation()).toBe(0)
  })
})
