import type { ReactNode } from 'react'
import { Flex } from '@keystar/ui/layout'
import { ProgressCircle } from '@keystar/ui/progress'
import type { OperationState as State } from '../lib/use-operation.ts'
import { FailureNotice } from './failure-notice.tsx'

/** A read's outcome: a spinner, the failure with its code, or the data rendered. */
export function OperationState<Data> ({ state, children }: { state: State<Data>, children: (data: Data) => ReactNode }) {
  if (state.status === 'loading') {
    return <Flex justifyContent='center' paddingY='xlarge'><ProgressCircle aria-label='Loading' isIndeterminate /></Flex>
  }
  if (state.status === 'failed') return <FailureNotice failure={state.failure} title='Could not load' />
  return (
    <div aria-busy={state.refreshing} style={{ opacity: state.refreshing ? 0.6 : 1, transition: 'opacity 150ms' }}>
      {children(state.data)}
    </div>
  )
}
