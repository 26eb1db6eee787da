import { VStack } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'

/** What the person connecting an OAuth app sees on the consent page, in the order it shows it. */
export function ConsentPreview () {
  return (
    <VStack gap='regular' elementType='ol' data-testid='connect-consent-preview'>
      <Text elementType='li'>Who asks: the app’s name, and whether it is verified (its description is served by the host named) or registered itself (nothing checks the name it gave).</Text>
      <Text elementType='li'>Where access goes: the host and address the browser returns to, and the app’s client id.</Text>
      <Text elementType='li'>What it may do: one checkbox per scope it asked for, all checked; uncheck any to grant less. <em>read_only</em> limits it to operations that change nothing.</Text>
      <Text elementType='li'>Whether destructive calls (deletes, revocations) run at once or wait for an administrator’s approval.</Text>
      <Text elementType='li'>Allow or Deny. Allowed, it appears under Connected apps, where Disconnect ends its tokens at once.</Text>
    </VStack>
  )
}
