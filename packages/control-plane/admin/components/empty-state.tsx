import type { ReactNode } from 'react'
import { VStack } from '@keystar/ui/layout'
import { Heading, Text } from '@keystar/ui/typography'

type EmptyStateProps = {
  title: string
  /** What to do next. */
  children: ReactNode
  action?: ReactNode
  testId?: string
}

/** Nothing to show yet, and the next step that changes that. */
export function EmptyState ({ title, children, action, testId }: EmptyStateProps) {
  return (
    <VStack gap='regular' alignItems='center' paddingY='xlarge' paddingX='large' data-testid={testId ?? 'empty-state'}>
      <Heading elementType='h3' size='small'>{title}</Heading>
      <Text color='neutralSecondary' align='center'>{children}</Text>
      {action}
    </VStack>
  )
}
