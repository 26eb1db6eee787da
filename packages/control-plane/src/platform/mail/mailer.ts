import { randomUUID } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { SpanKind } from '@opentelemetry/api'
import type { ResolvedOptions } from '../settings/resolved-options.ts'
import { withSpan } from '../tracing/with-span.ts'

export type OutgoingMail = {
  to: { name: string, address: string }
  subject: string
  text: string
  html: string
}

export type Delivery = { via: 'smtp', messageId: string } | { via: 'outbox', messageId: string, file: string }

/** Bounded so a dead mail server fails a request in seconds, not minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 }

// Loaded with the first message, not with the site: most requests never send mail.
const nodemailer = () => import('nodemailer')

async function sendSmtp (smtpUrl: string, message: OutgoingMail & { from: string }): Promise<Delivery> {
  const transport = (await nodemailer()).createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })
  try {
    const info = await transport.sendMail(message)
    return { via: 'smtp', messageId: info.messageId }
  } finally {
    transport.close()
  }
}

/** Without a mail server, each message becomes an .eml file any mail client opens. */
async function writeToFolder (emlDir: string, message: OutgoingMail & { from: string }): Promise<Delivery> {
  const transport = (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const info = await transport.sendMail(message)
  await mkdir(emlDir, { recursive: true })
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`
  const file = path.join(emlDir, name)
  // Written under a temporary name first, so nothing watching the folder reads half a message.
  await writeFile(`${file}.tmp`, info.message as Buffer)
  await rename(`${file}.tmp`, file)
  return { via: 'outbox', messageId: info.messageId, file }
}

/**
 * Sends through SMTP when `smtpUrl` is set, else writes the message to the outbox folder, in a
 * client span that names the way, not the server's URL (it may hold a password) nor the recipient.
 */
export function sendMail (options: Pick<ResolvedOptions, 'smtpUrl' | 'emlDir' | 'mailFrom'>, mail: OutgoingMail): Promise<Delivery> {
  const message = { ...mail, from: options.mailFrom }
  return withSpan('svc.mail.send', () => options.smtpUrl ? sendSmtp(options.smtpUrl, message) : writeToFolder(options.emlDir, message), {
    kind: SpanKind.CLIENT,
    attributes: { 'svc.mail.via': options.smtpUrl ? 'smtp' : 'outbox' },
  })
}
