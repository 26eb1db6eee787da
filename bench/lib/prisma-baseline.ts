import { createServer, type Server } from 'node:http'
import express from 'express'
import type { Db } from '../../packages/control-plane/src/platform/db/client.ts'

const CRM_FIELDS = { slot: true, name: true, url: true, linkAdminOnly: true, apiKeyCiphertext: true } as const
const VARIABLE_FIELDS = { name: true, valueJson: true, description: true, updatedAt: true } as const

/**
 * The same bare routes as the driver baseline, but reading and writing through the Prisma
 * client's query API, as the two operations' handlers would written the ordinary way (on the
 * host's own Prisma client): what this costs beyond the driver route is Prisma's. `crm.list`
 * itself reads its slots and counter in one hand-written statement on the driver adapter
 * (resources/crm/read-list.ts), which is cheaper than this route's two queries.
 */
export function prismaBaseline (db: Db): Server {
  const app = express()
  app.get('/crm', async (_req, res) => {
    const [rows, counter] = await Promise.all([
      db.svcCrmSlot.findMany({ select: CRM_FIELDS, orderBy: { slot: 'asc' } }),
      db.svcCounter.findUnique({ where: { key: 'crm_count' }, select: { value: true } }),
    ])
    res.json({ crms: rows.map(({ apiKeyCiphertext, ...row }) => ({ ...row, key_set: apiKeyCiphertext !== null })), crm_count: counter?.value ?? 0 })
  })
  app.post('/variables', express.json(), async (req, res) => {
    const { name, value } = req.body as { name: string, value: unknown }
    const valueJson = JSON.stringify(value)
    const current = await db.svcVariable.findUnique({ where: { name }, select: VARIABLE_FIELDS })
    if (current?.valueJson === valueJson) {
      res.json({ variable: { ...current, value }, changed: false })
      return
    }
    const row = await db.svcVariable.upsert({ where: { name }, create: { name, valueJson }, update: { valueJson }, select: VARIABLE_FIELDS })
    res.json({ variable: { name: row.name, value: JSON.parse(row.valueJson) as unknown, description: row.description, updated_at: row.updatedAt?.toISOString() ?? null }, changed: true })
  })
  return createServer(app)
}
