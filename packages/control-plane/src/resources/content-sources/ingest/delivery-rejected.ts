/** A stored delivery that cannot become a post (a mapped value is missing or of the wrong kind). */
export class DeliveryRejected extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'DeliveryRejected'
  }
}
