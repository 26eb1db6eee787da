/** What starts a run: an administrator's `pipelines.run`, a content-source ingest, or a post becoming published. */
export const TRIGGER_KINDS = ['manual', 'ingest', 'publish'] as const

export type TriggerKind = (typeof TRIGGER_KINDS)[number]

/** success: stages ran (post written when changed); skipped: unchanged since the last success; failed: a stage failed; dry_run: stages ran, nothing written. */
export const RUN_STATUSES = ['success', 'skipped', 'failed', 'dry_run'] as const

export type RunStatus = (typeof RUN_STATUSES)[number]

/** One stage's outcome within a run; `skipped` when an earlier stage stopped the run. */
export const STAGE_STATUSES = ['success', 'failed', 'skipped'] as const

export const ON_ERROR = ['stop', 'continue'] as const

/** The recipe that always exists; it cannot be deleted. */
export const DEFAULT_RECIPE_ID = 'default'
