import type { ReactNode } from 'react'
import { Button } from '@keystar/ui/button'
import { TextLink } from '@keystar/ui/link'
import type { Manifest } from '../lib/svc-client.ts'
import { consoleHref } from '../lib/control-plane-pages.ts'
import { findOperation } from '../lib/manifest-access.ts'

type ConsoleLinkProps = {
  manifest: Manifest
  operation: string
  params?: Record<string, unknown>
  children: ReactNode
  /** A button (page actions) or an inline link (table rows). @default 'link' */
  as?: 'button' | 'link'
}

/** Opens the console on an operation, its form filled with `params`; nothing when the site lacks it. */
export function ConsoleLink ({ manifest, operation, params, children, as = 'link' }: ConsoleLinkProps) {
  if (!findOperation(manifest, operation)) return null
  const href = consoleHref(operation, params)
  return as === 'button' ? <Button href={href} prominence='high'>{children}</Button> : <TextLink href={href}>{children}</TextLink>
}
