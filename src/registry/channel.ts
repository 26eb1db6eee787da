/** The door a call came in through, recorded with its audit entry. */
export type Channel = 'dispatch' | 'read_form' | 'mcp'

export const CHANNELS = ['dispatch', 'read_form', 'mcp'] as const satisfies readonly Channel[]
