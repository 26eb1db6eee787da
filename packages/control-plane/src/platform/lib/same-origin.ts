/** Whether a browser's `Origin` header names the host the request was sent to. */
export const isSameOrigin = (origin: string, host: string | undefined): boolean =>
  URL.canParse(origin) && new URL(origin).host === host
