import type { AdminConfig } from '@keystone-6/core/types'
import { Navigation } from './components/navigation.tsx'

export const components: AdminConfig['components'] = { Navigation }
