/** Thrown by a handler for a message that must not be retried (its destination is gone or disabled). */
export class OutboxGiveUp extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'OutboxGiveUp'
  }
}
