import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerAddress } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'

type ReceivedMail = { from: string, to: string[], mail: ParsedMail }

export type TestSmtpServer = {
  url: string
  received: ReceivedMail[]
  /** While set, every recipient is refused with this SMTP reply code. */
  refuseRecipientsWith: number | null
  close (): Promise<void>
}

const addressOf = (address: SMTPServerAddress | false) => address ? address.address : ''

/** A real SMTP server on loopback that parses and keeps every message it accepts. */
export async function startSmtpServer (): Promise<TestSmtpServer> {
  const state: Pick<TestSmtpServer, 'received' | 'refuseRecipientsWith'> = { received: [], refuseRecipientsWith: null }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo (_address, _session, callback) {
      if (state.refuseRecipientsWith === null) return callback()
      callback(Object.assign(new Error('mailbox unavailable'), { responseCode: state.refuseRecipientsWith }))
    },
    onData (stream, session, callback) {
      simpleParser(stream).then(mail => {
        state.received.push({ from: addressOf(session.envelope.mailFrom), to: session.envelope.rcptTo.map(addressOf), mail })
        callback()
      }, callback)
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = (server as unknown as { server: { address (): AddressInfo } }).server.address()
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>(resolve => server.close(() => resolve())),
  })
}
