/** The door a call came in through, recorded with its audit entry. */
export type Channel = 'dispatch' | 'read_form' | 'route' | 'mcp'

export const CHANNELS = ['dispatch', 'read_form', 'route', 'mcp'] as const satisfies readonly Channel[]
