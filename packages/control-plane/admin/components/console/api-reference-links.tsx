import { Button } from '@keystar/ui/button'
import { HStack } from '@keystar/ui/layout'
import { svcBase } from '../../lib/svc-client.ts'

/**
 * The API reference page and the OpenAPI document. The control plane serves them, not the Admin
 * UI's router, so each opens as a page of its own.
 */
export function ApiReferenceLinks () {
  return (
    <HStack gap='regular'>
      <Button href={`${svcBase()}/openapi.json`} target='_blank' rel='noopener'>OpenAPI document</Button>
      <Button href={`${svcBase()}/docs`} target='_blank' rel='noopener' prominence='high'>API reference</Button>
    </HStack>
  )
}
