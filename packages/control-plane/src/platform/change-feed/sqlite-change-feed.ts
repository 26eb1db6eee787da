import { randomUUID } from 'node:crypto'
import { watch, type FSWatcher } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { LocalChangeFeed, type ChangeFeed, type ChangeListener, type WorkKind } from './change-feed.ts'

/** What an instance's signal file (`<instance>.<signal>`) says: a kind of work waiting, or a change of what callers may run. */
type Signal = WorkKind | 'changes'
const SIGNALS: readonly Signal[] = ['outbox', 'jobs', 'changes']
const isSignal = (name: string): name is Signal => (SIGNALS as readonly string[]).includes(name)

export type SqliteChangeFeedDeps = {
  /** The database's file, absolute; null for a database in memory, which no other process can open. */
  databaseFile: () => Promise<string | null>
  log: (message: string, error?: unknown) => void
}

/**
 * The change feed of processes that share a SQLite file, which must be on one machine: each
 * instance announces by renaming a file of its own over `<database>-svc-signals/<instance>.<signal>`,
 * and hears the others' through a watch on that folder (inotify, kqueue: nothing runs until a
 * file changes). So an idle instance learns of a job or
 * an outbox message another took on, and of its claim's end should it die, without polling for
 * them. Within the process an announcement reaches the listeners at once, as `LocalChangeFeed`'s.
 */
export class SqliteChangeFeed implements ChangeFeed {
  readonly #local: LocalChangeFeed
  readonly #deps: SqliteChangeFeedDeps
  readonly #origin = randomUUID()
  #folder: Promise<string | null> | null = null
  #watcher: FSWatcher | null = null
  /** The last announcement's write: each waits for the one before, as those of a kind share a temporary file. */
  #written: Promise<void> = Promise.resolve()
  /** Signals waiting to be written: a burst of one kind (an enqueue per call) is written once. */
  readonly #queued = new Set<Signal>()

  constructor (deps: SqliteChangeFeedDeps) {
    this.#deps = deps
    this.#local = new LocalChangeFeed(deps.log)
  }

  start (): void {
    void this.listening()
  }

  /** Resolves once the folder is watched (or known not to be: a database in memory, a folder that cannot be made). */
  async listening (): Promise<void> {
    this.#folder ??= this.#watch()
    await this.#folder
  }

  announce (): void {
    if (this.#local.closed) return
    this.#local.deliver()
    this.#signal('changes')
  }

  announceWork (kind: WorkKind): void {
    if (!this.#local.closed) this.#signal(kind)
  }

  onWork (kind: WorkKind, listener: ChangeListener): void {
    this.#local.onWork(kind, listener)
  }

  subscribe (listener: ChangeListener): () => void {
    return this.#local.subscribe(listener)
  }

  onClose (ending: () => Promise<void> | void): void {
    this.#local.onClose(ending)
  }

  async close (): Promise<void> {
    await this.#local.close()
    this.#watcher?.close()
    this.#watcher = null
    await this.#written
    const folder = await this.#folder
    if (folder) await Promise.all(SIGNALS.map(signal => rm(path.join(folder, `${this.#origin}.${signal}`), { force: true }).catch(() => {})))
  }

  async #watch (): Promise<string | null> {
    try {
      const file = await this.#deps.databaseFile()
      if (!file || this.#local.closed) return null
      const folder = `${file}-svc-signals`
      await mkdir(folder, { recursive: true })
      // A rename is one event; its name says who and what, so nothing is read and no announcement overwrites another.
      this.#watcher = watch(folder, { persistent: false }, (_event, name) => { if (name) this.#heard(name) })
      this.#watcher.on('error', error => this.#deps.log('stopped hearing other instances\' changes', error))
      return folder
    } catch (error) {
      this.#deps.log('cannot hear other instances sharing the SQLite database: only this one\'s changes are heard', error)
      return null
    }
  }

  #signal (signal: Signal): void {
    if (this.#queued.has(signal)) return
    this.#queued.add(signal)
    this.#written = this.#written.then(async () => {
      this.#queued.delete(signal)
      const folder = await this.#folder
      if (!folder) return
      const written = path.join(folder, `.${this.#origin}.${signal}`)
      await writeFile(written, '')
      await rename(written, path.join(folder, `${this.#origin}.${signal}`))
    }).catch(error => this.#deps.log(`could not tell the other instances of ${signal === 'changes' ? 'a change' : `waiting ${signal} work`}`, error))
  }

  /** A file of the folder changed: another instance's signal (or the signal files it took away as it stopped, leaving what it held to the others). */
  #heard (name: string): void {
    const [origin, signal] = name.split('.')
    if (!origin || origin === this.#origin || signal === undefined || !isSignal(signal)) return
    if (signal === 'changes') this.#local.deliver()
    else this.#local.wakeWorkers([signal])
  }
}
