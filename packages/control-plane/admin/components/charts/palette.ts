import { scaleOrdinal } from '@visx/scale'

/** Distinguishable on light backgrounds and for the common colour-vision deficiencies (Okabe–Ito). */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000']

/** What an outcome looks like on every chart: green for success, vermillion for failure (Okabe–Ito), grey for skipped. */
export const OUTCOME_COLORS = { succeeded: '#009E73', success: '#009E73', failed: '#D55E00', skipped: '#999999', dry_run: '#56B4E9' } as const

/**
 * A colour per series: the one `fixed` gives it (an outcome's), else the next of the palette
 * that no fixed colour took, in series order.
 */
export function seriesColors (series: readonly string[], fixed: Readonly<Record<string, string>> = {}) {
  const taken = new Set(series.map(name => fixed[name]).filter(Boolean))
  const free = PALETTE.filter(color => !taken.has(color))
  let next = 0
  return scaleOrdinal<string, string>({ domain: [...series], range: series.map(name => fixed[name] ?? free[next++ % free.length]!) })
}
