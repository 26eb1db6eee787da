/** The middle value (the mean of the two middle ones for an even count). */
export function median (values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** One side's measurement of one target in one round. */
export type SideRound<Side extends string> = { target: string, side: Side, requestsPerSecond: number, cpuMsPerRequest: number }

/**
 * One target's rounds as the medians of its pairs: each side's requests per second and CPU per
 * request, the subject's throughput over the baseline's, and the baseline's CPU per request over the
 * subject's (below 1× the subject costs more). A busy moment of a shared machine falls on both
 * sides of a pair, so the paired ratios are steadier than the ratio of two medians.
 */
export function pairedMedians<Side extends string> (rounds: readonly (readonly SideRound<Side>[])[], target: string, baseline: Side, subject: Side) {
  const pairs = rounds.filter(pair => pair[0]!.target === target)
    .map(pair => ({ baseline: pair.find(round => round.side === baseline)!, subject: pair.find(round => round.side === subject)! }))
  const figures = (side: 'baseline' | 'subject') => ({
    requestsPerSecond: median(pairs.map(pair => pair[side].requestsPerSecond)),
    cpuMsPerRequest: median(pairs.map(pair => pair[side].cpuMsPerRequest)),
  })
  return {
    baseline: figures('baseline'),
    subject: figures('subject'),
    throughputRatio: median(pairs.map(pair => pair.subject.requestsPerSecond / pair.baseline.requestsPerSecond)),
    cpuEfficiencyRatio: median(pairs.map(pair => pair.baseline.cpuMsPerRequest / pair.subject.cpuMsPerRequest)),
  }
}
