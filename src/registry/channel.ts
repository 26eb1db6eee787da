/** The door a call came in through, recorded with its audit entry. */
export type Channel = 'dispatch' | 'read_form' | 'route'

export const CHANNELS = ['dispatch', 'read_form', 'route'] as const satisfies readonly Channel[]
