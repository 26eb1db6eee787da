import type { ReactNode } from 'react'
import { Box, HStack, VStack } from '@keystar/ui/layout'
import { Heading } from '@keystar/ui/typography'

type PanelProps = {
  title?: ReactNode
  /** Beside the title, e.g. a button. */
  actions?: ReactNode
  children: ReactNode
  testId?: string
}

/** A bordered section of a page. */
export function Panel ({ title, actions, children, testId }: PanelProps) {
  return (
    <Box border='neutral' borderRadius='medium' backgroundColor='surface' padding='large' minWidth={0} data-testid={testId}>
      <VStack gap='large' minWidth={0}>
        {(title || actions) && (
          <HStack gap='regular' alignItems='center' justifyContent='space-between' minWidth={0}>
            {title && <Heading elementType='h2' size='small'>{title}</Heading>}
            {actions}
          </HStack>
        )}
        {children}
      </VStack>
    </Box>
  )
}
