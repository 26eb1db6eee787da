/** Where the control plane reports what went wrong outside a request's own response. */
export type Log = (message: string, error?: unknown) => void

export const defaultLog: Log = (message, error) => console.error(`[svc] ${message}`, error ?? '')
