/** A failure the CLI explains in one message (no stack trace) before it exits with 1. */
export class CliError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'CliError'
  }
}
