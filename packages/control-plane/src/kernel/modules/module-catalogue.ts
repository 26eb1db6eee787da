import type { Db, Tx } from '../../platform/db/client.ts'
import { moduleDisabled } from '../../platform/errors/errors.ts'
import { readDisabledModules, writeModuleSwitch } from './module-switch.ts'

/** A module as a resource declares it: locked modules are the control plane's own machinery. */
export type ModuleDeclaration = { key: string, locked: boolean }

/** A resource left out because the host lacks a part it requires. */
export type UnavailableModule = { key: string, reason: string }

/**
 * How long a process trusts what it last read of the module switches. A switch made through this
 * process applies at once (the catalogue re-reads after it); one made through another instance
 * applies here within this long. Saves a query on every dispatch.
 */
const MODULE_STATE_TTL_MS = 1000

/** The part of an operation the catalogue reads. */
type OperationOfModule = { name: string, module: string }

/**
 * The modules of one installation — those the resources declare and any a host-registered
 * operation names — and their switches in the database. Locked modules are always on.
 */
export class ModuleCatalogue {
  readonly #db: Db
  readonly #locked: ReadonlySet<string>
  readonly #keys: readonly string[]
  readonly #operations: readonly OperationOfModule[]
  readonly #unavailable: readonly UnavailableModule[]
  /** What this runtime last read of the switches, and when. */
  #snapshot: { readAt: number, disabled: Set<string> } | null = null

  constructor (db: Db, declared: readonly ModuleDeclaration[], operations: readonly OperationOfModule[], unavailable: readonly UnavailableModule[] = []) {
    this.#db = db
    this.#locked = new Set(declared.filter(module => module.locked).map(module => module.key))
    this.#keys = [...new Set([...declared.map(module => module.key), ...operations.map(operation => operation.module)])].sort()
    this.#operations = operations
    this.#unavailable = unavailable
  }

  /** Every module key, sorted. */
  keys (): readonly string[] {
    return this.#keys
  }

  has (key: string): boolean {
    return this.#keys.includes(key)
  }

  isLocked (key: string): boolean {
    return this.#locked.has(key)
  }

  /** The modules of this installation that the host cannot carry, with the reason. */
  unavailable (): readonly UnavailableModule[] {
    return this.#unavailable
  }

  /** Names of the operations that belong to the module. */
  operationsOf (key: string): string[] {
    return this.#operations.filter(operation => operation.module === key).map(operation => operation.name).sort()
  }

  /** The modules switched off, read from the database now. Locked modules are never among them. */
  async disabled (): Promise<Set<string>> {
    return this.#withoutLocked(await this.#read())
  }

  /** Whether a module's switch is on; a fresh snapshot of the switches is reused for a moment. */
  async isEnabled (key: string): Promise<boolean> {
    if (this.isLocked(key)) return true
    const snapshot = this.#snapshot
    const disabled = snapshot && Date.now() - snapshot.readAt < MODULE_STATE_TTL_MS ? snapshot.disabled : await this.#read()
    return !disabled.has(key)
  }

  /** The gate every operation and public endpoint passes: 409 `module_disabled` while it is off. */
  async assertEnabled (key: string): Promise<void> {
    if (!await this.isEnabled(key)) throw moduleDisabled(key)
  }

  /** Switches an unlocked module on or off and answers the modules now disabled. */
  async set (key: string, enabled: boolean, alongside?: (tx: Tx) => Promise<unknown>): Promise<Set<string>> {
    if (this.isLocked(key)) throw new Error(`the ${key} module is locked`)
    await writeModuleSwitch(this.#db, key, enabled, alongside)
    // Read again at once, so this process sees its own switch without waiting out the snapshot.
    return this.#withoutLocked(await this.#read())
  }

  async #read (): Promise<Set<string>> {
    const disabled = await readDisabledModules(this.#db)
    this.#snapshot = { readAt: Date.now(), disabled }
    return disabled
  }

  #withoutLocked (disabled: ReadonlySet<string>): Set<string> {
    return new Set([...disabled].filter(key => !this.#locked.has(key)))
  }
}
