/** Where the control plane reports what went wrong outside a request's own response, and warnings at startup. */
export type Log = (message: string, error?: unknown) => void

/** Standard error, each line tagged `[svc]`; the one logger of the control plane. */
export const defaultLog: Log = (message, error) => {
  if (error === undefined) console.error(`[svc] ${message}`)
  else console.error(`[svc] ${message}`, error)
}
