import { OUTBOUND_RULE } from './address-policy.ts'

/** A connection the outbound policy refused; the message names the address and why. */
export class DestinationRefused extends Error {
  constructor (reason: string) {
    super(`refused: ${reason}; ${OUTBOUND_RULE}`)
    this.name = 'DestinationRefused'
  }
}
