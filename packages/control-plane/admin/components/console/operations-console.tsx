import { useEffect, useState } from 'react'
import { Grid, VStack } from '@keystar/ui/layout'
import { css } from '@keystar/ui/style'
import { useRouter } from '@keystone-6/core/admin-ui/router'
import type { Manifest } from '../../lib/svc-client.ts'
import { findOperation } from '../../lib/manifest-access.ts'
import { Panel } from '../panel.tsx'
import { OperationList } from './operation-list.tsx'
import { OperationRunner } from './operation-runner.tsx'
import { OperationSummary } from './operation-summary.tsx'
import { paramsFromJson } from './params-json.ts'

// The list stays in view while a long form or result scrolls; the offset clears the page header.
const sticky = css({ position: 'sticky', top: 0, maxHeight: 'calc(100vh - 6rem)', overflowY: 'auto', paddingBlock: '0.25rem', paddingInlineEnd: '0.25rem' })

/** Every operation of the manifest; the selected one (`?op=` in the address, `&params=` to fill its form) with its form. */
export function OperationsConsole ({ manifest }: { manifest: Manifest }) {
  const router = useRouter()
  const [selected, setSelected] = useState<string | null>(null)
  const [linkedParams, setLinkedParams] = useState<Record<string, unknown> | undefined>()
  useEffect(() => {
    if (!router.isReady || selected) return
    const requested = typeof router.query.op === 'string' ? router.query.op : null
    const found = requested !== null && findOperation(manifest, requested) !== null
    if (found && typeof router.query.params === 'string') {
      const params = paramsFromJson(router.query.params)
      if (params.ok) setLinkedParams(params.params)
    }
    setSelected(found ? requested : manifest.operations[0]?.name ?? null)
  }, [router.isReady, router.query.op, router.query.params, manifest, selected])

  function select (name: string) {
    setSelected(name)
    setLinkedParams(undefined)
    void router.replace({ pathname: router.pathname, query: { op: name } }, undefined, { shallow: true })
  }

  const operation = selected ? findOperation(manifest, selected) : null
  return (
    <Grid columns='16rem minmax(0, 1fr)' gap='xlarge' alignItems='start'>
      <div className={sticky}>
        <OperationList operations={manifest.operations} selected={selected} onSelect={select} />
      </div>
      {operation && (
        <Panel testId='operation-detail'>
          <VStack gap='xlarge' minWidth={0}>
            <OperationSummary operation={operation} />
            <OperationRunner key={operation.name} operation={operation} initialParams={linkedParams} />
          </VStack>
        </Panel>
      )}
    </Grid>
  )
}
