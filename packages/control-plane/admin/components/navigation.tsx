import { NavGroup } from '@keystar/ui/nav-list'
import {
  DeveloperResourcesMenu, getHrefFromList, NavContainer, NavFooter, NavItem, NavList, type NavigationProps,
} from '@keystone-6/core/admin-ui/components'
import { navigationPages } from '../lib/control-plane-pages.ts'
import { useManifestAccess } from '../lib/use-manifest-access.ts'
import { SignOutButton } from './sign-out-button.tsx'
import { useOAuthResume } from '../lib/use-oauth-resume.ts'

/**
 * The plugin's own lists are read-only records of what the pages above manage; the dashboard
 * still links them, the navigation leaves them out so each name appears once.
 */
const isControlPlaneList = (key: string) => key.startsWith('Svc')

/**
 * Keystone's navigation plus the control-plane pages the installed resources declare, each shown
 * only when the manifest answers (the account holds manage_options) and lists the operations the page needs.
 */
export function Navigation ({ lists }: NavigationProps) {
  const access = useManifestAccess()
  useOAuthResume()
  const pages = access.state === 'ready' ? navigationPages(access.manifest) : []
  const contentLists = lists.filter(list => !isControlPlaneList(list.key))
  return (
    <NavContainer>
      <NavList>
        <NavItem href='/'>Dashboard</NavItem>
        {pages.length > 0 && (
          <NavGroup title='Control plane'>
            {pages.map(page => <NavItem key={page.path} href={page.path}>{page.label}</NavItem>)}
          </NavGroup>
        )}
        <NavGroup title='Content'>
          {contentLists.map(list => <NavItem key={list.key} href={getHrefFromList(list)}>{list.label}</NavItem>)}
        </NavGroup>
      </NavList>
      <NavFooter>
        <SignOutButton />
        <DeveloperResourcesMenu />
      </NavFooter>
    </NavContainer>
  )
}
