/** The part of a job a step reads: its id, what it was started with, and where the last batch stopped. */
export type JobInput = {
  id: number
  params: Record<string, unknown>
  /** Null before the first batch. */
  cursor: string | null
}

/** What one batch did. */
export type BatchOutcome = {
  /** Where the next batch starts. */
  cursor: string | null
  /** Items this batch took care of (skipped ones included), added to the job's progress. */
  done: number
  /** Counts to add to the job's result, e.g. `{ success: 3, skipped: 1 }`. */
  tally: Readonly<Record<string, number>>
  /** No item is left after this batch. */
  finished: boolean
}

/**
 * One batch of a kind of job, of at most `limit` items after `job.cursor`. An instance may die
 * after a batch's items are done and before its progress is stored: a step must recognise an
 * item it already did for this job (e.g. by a row the item wrote with the job's id) and pass over it.
 */
export type JobStep = (job: JobInput, limit: number) => Promise<BatchOutcome>
