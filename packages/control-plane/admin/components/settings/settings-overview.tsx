import type { ReactNode } from 'react'
import { Box } from '@keystar/ui/layout'
import { Item, TabList, TabPanels, Tabs } from '@keystar/ui/tabs'
import { useRouter } from '@keystone-6/core/admin-ui/router'
import { findOperation, hasOperations } from '../../lib/manifest-access.ts'
import type { Manifest } from '../../lib/svc-client.ts'
import { AiPanel } from './ai-panel.tsx'
import { IntegrationsPanel } from './integrations-panel.tsx'
import { ModulesPanel } from './modules-panel.tsx'
import { VariablesPanel } from './variables-panel.tsx'

type Section = { key: string, label: string, render: () => ReactNode }

/** The sections this site offers: each needs its operations in the manifest. */
function sectionsOf (manifest: Manifest): Section[] {
  const aiUpdate = findOperation(manifest, 'ai.update')
  return [
    ...hasOperations(manifest, ['integrations.list', 'integrations.update'])
      ? [{ key: 'integrations', label: 'Integrations', render: () => <IntegrationsPanel /> }]
      : [],
    ...aiUpdate && hasOperations(manifest, ['ai.get'])
      ? [{ key: 'ai', label: 'AI', render: () => <AiPanel update={aiUpdate} /> }]
      : [],
    ...hasOperations(manifest, ['variables.list', 'variables.set'])
      ? [{ key: 'variables', label: 'Variables', render: () => <VariablesPanel /> }]
      : [],
    { key: 'modules', label: 'Modules', render: () => <ModulesPanel /> },
  ]
}

/** Integrations, AI, variables and modules, one tab each; `?tab=` names the open one. */
export function SettingsOverview ({ manifest }: { manifest: Manifest }) {
  const router = useRouter()
  const sections = sectionsOf(manifest)
  const requested = typeof router.query.tab === 'string' ? router.query.tab : null
  const selected = sections.find(section => section.key === requested)?.key ?? sections[0]!.key
  const select = (key: string) => { void router.replace({ pathname: router.pathname, query: { tab: key } }, undefined, { shallow: true }) }
  return (
    <Tabs aria-label='Settings' selectedKey={selected} onSelectionChange={key => select(String(key))}>
      <TabList>{sections.map(section => <Item key={section.key}>{section.label}</Item>)}</TabList>
      <TabPanels>{sections.map(section => <Item key={section.key}><Box paddingTop='xlarge'>{section.render()}</Box></Item>)}</TabPanels>
    </Tabs>
  )
}
