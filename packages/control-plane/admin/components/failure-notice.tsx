import type { ReactNode } from 'react'
import { Notice } from '@keystar/ui/notice'
import { Content } from '@keystar/ui/slots'
import { Heading, Text } from '@keystar/ui/typography'
import { InlineCode } from '@keystone-6/core/admin-ui/components'
import type { SvcFailure } from '../lib/svc-client.ts'

type FailureNoticeProps = {
  failure: SvcFailure & { status: number }
  title?: string
  /** What the page reads from the refusal's details, below its message. */
  children?: ReactNode
}

/** A failed call: the server's message and its machine-readable code. */
export function FailureNotice ({ failure, title = 'The control plane refused', children }: FailureNoticeProps) {
  return (
    <Notice tone='critical' data-testid='svc-failure' data-code={failure.code}>
      <Heading>{title}</Heading>
      <Content>
        <Text>{failure.error}</Text>
        {children}
        <Text size='small' color='neutralSecondary'>
          code <InlineCode>{failure.code}</InlineCode>{failure.status > 0 ? ` · HTTP ${failure.status}` : ''}
        </Text>
      </Content>
    </Notice>
  )
}
