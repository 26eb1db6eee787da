import { readFile } from 'node:fs/promises'

/** Linux's USER_HZ: /proc reports CPU time in these ticks (100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100

/** CPU time (user + system) of a process so far, in milliseconds. */
export async function cpuMs (pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 1000 / TICKS_PER_SECOND
}
