import type { Db, Tx } from '../../db/client.ts'
import { emptySlot } from '../users/shape.ts'

/** The id of the member in `slot`; a free slot is not_found. */
export async function findMemberId (db: Db | Tx, slot: number): Promise<string> {
  const member = await db.svcTeamMember.findUnique({ where: { slot }, select: { id: true } })
  if (!member) throw emptySlot(slot)
  return member.id
}
