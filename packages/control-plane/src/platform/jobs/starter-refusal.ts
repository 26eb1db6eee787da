/** What of a job names who started it: the operation, the credential (`jobCredentialOf`) and the account. */
export type JobStarter = { kind: string, keyId: string | null, actorId: string | null, actorMode: string | null }

/** The job row's fields a `StarterRefusal` reads. */
export const STARTER_FIELDS = { kind: true, keyId: true, actorId: true, actorMode: true } as const

/**
 * Why a job may no longer run as the credential that started it (its key revoked or expired, its
 * scopes or its account's role no longer reaching the operation), said in the job's error; null
 * while it may. The job worker asks before each batch, so such a job stops at its next one.
 */
export type StarterRefusal = (job: JobStarter) => Promise<string | null>
