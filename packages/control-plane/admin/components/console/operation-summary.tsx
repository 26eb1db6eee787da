import { Badge } from '@keystar/ui/badge'
import { Flex, VStack } from '@keystar/ui/layout'
import { Heading, Text } from '@keystar/ui/typography'
import { InlineCode } from '@keystone-6/core/admin-ui/components'
import type { ManifestEntry } from '../../../src/kernel/registry/manifest.ts'

/** What the manifest says about one operation: description, capability and flags. */
export function OperationSummary ({ operation }: { operation: ManifestEntry }) {
  return (
    <VStack gap='medium'>
      <Heading elementType='h2' size='regular' data-testid='operation-name'>{operation.name}</Heading>
      <Text>{operation.summary}</Text>
      {operation.description !== operation.summary && <Text color='neutralSecondary'>{operation.description}</Text>}
      <Flex gap='regular' wrap alignItems='center' data-testid='operation-flags'>
        <Badge tone='accent'>capability {operation.capability}</Badge>
        {operation.readonly ? <Badge tone='positive'>read-only</Badge> : <Badge tone='neutral'>writes</Badge>}
        {operation.destructive && <Badge tone='critical'>destructive</Badge>}
        {operation.idempotent && <Badge tone='neutral'>idempotent</Badge>}
        <Badge tone='neutral'>since {operation.since}</Badge>
        {operation.get_path && <Text size='small' color='neutralSecondary'>GET <InlineCode>{operation.get_path}</InlineCode></Text>}
      </Flex>
    </VStack>
  )
}
