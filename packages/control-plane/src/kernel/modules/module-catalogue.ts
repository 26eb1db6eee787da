import type { Db, Tx } from '../../platform/db/client.ts'
import { moduleDisabled } from '../../platform/errors/errors.ts'
import { disabledModules, isModuleEnabled, setModuleEnabled } from './module-switch.ts'

/** A module as a resource declares it: locked modules are the control plane's own machinery. */
export type ModuleDeclaration = { key: string, locked: boolean }

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

  constructor (db: Db, declared: readonly ModuleDeclaration[], operations: readonly OperationOfModule[]) {
    this.#db = db
    this.#locked = new Set(declared.filter(module => module.locked).map(module => module.key))
    this.#keys = [...new Set([...declared.map(module => module.key), ...operations.map(operation => operation.module)])].sort()
    this.#operations = operations
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

  /** Names of the operations that belong to the module. */
  operationsOf (key: string): string[] {
    return this.#operations.filter(operation => operation.module === key).map(operation => operation.name).sort()
  }

  /** The modules switched off, read from the database now. Locked modules are never among them. */
  async disabled (): Promise<Set<string>> {
    return this.#withoutLocked(await disabledModules(this.#db))
  }

  async isEnabled (key: string): Promise<boolean> {
    return this.isLocked(key) || isModuleEnabled(this.#db, key)
  }

  /** The gate every operation and public endpoint passes: 409 `module_disabled` while it is off. */
  async assertEnabled (key: string): Promise<void> {
    if (!await this.isEnabled(key)) throw moduleDisabled(key)
  }

  /** Switches an unlocked module on or off and answers the modules now disabled. */
  async set (key: string, enabled: boolean, alongside?: (tx: Tx) => Promise<unknown>): Promise<Set<string>> {
    if (this.isLocked(key)) throw new Error(`the ${key} module is locked`)
    return this.#withoutLocked(await setModuleEnabled(this.#db, key, enabled, alongside))
  }

  #withoutLocked (disabled: ReadonlySet<string>): Set<string> {
    return new Set([...disabled].filter(key => !this.#locked.has(key)))
  }
}
