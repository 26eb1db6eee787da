const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/** A timestamp from the API (ISO 8601), in the reader's time zone; "—" when absent. */
export function formatTime (iso: string | null | undefined): string {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date)
}

export function plural (count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}
