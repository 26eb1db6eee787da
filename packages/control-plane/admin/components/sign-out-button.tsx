import { useEffect } from 'react'
import { ActionButton } from '@keystar/ui/button'
import { Tooltip, TooltipTrigger } from '@keystar/ui/tooltip'
import { Text } from '@keystar/ui/typography'
import { gql, useMutation, useQuery } from '@keystone-6/core/admin-ui/apollo'
import { useRouter } from '@keystone-6/core/admin-ui/router'
import { forgetManifestAccess } from '../lib/manifest-access.ts'

const SIGNED_IN_AS = gql`query SvcSignedInAs { authenticatedItem { ... on User { name email } } }`
const END_SESSION = gql`mutation SvcEndSession { endSession }`

type SignedInAs = { authenticatedItem: { name: string, email: string } | null }

/**
 * The sign-out the auth package's navigation has, kept because this navigation replaces it; it
 * also forgets the control-plane access, so the next account to sign in is asked afresh.
 */
export function SignOutButton () {
  const router = useRouter()
  const { data } = useQuery<SignedInAs>(SIGNED_IN_AS)
  const [endSession, { data: ended }] = useMutation<{ endSession: boolean }>(END_SESSION)
  useEffect(() => {
    if (!ended?.endSession) return
    forgetManifestAccess()
    void router.push('/signin')
  }, [ended, router])
  const account = data?.authenticatedItem
  if (!account) return null
  return (
    <TooltipTrigger>
      <ActionButton onPress={() => { void endSession() }}>Sign out</ActionButton>
      <Tooltip><Text>Signed in as <strong>{account.name || account.email}</strong></Text></Tooltip>
    </TooltipTrigger>
  )
}
