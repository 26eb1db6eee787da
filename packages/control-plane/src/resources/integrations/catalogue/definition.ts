import type { z } from 'zod'

/** A kind of third-party integration the site knows how to configure. */
export type IntegrationDefinition = {
  /** Stable identifier, lower snake case. */
  key: string
  label: string
  description: string
  /**
   * The complete settings. Stored settings may be partial while the integration is disabled;
   * enabling it needs every required field.
   */
  settings: z.ZodObject
  /** The write-only credential the integration takes, if any. */
  secret?: {
    description: string
    schema: z.ZodString
    /** Settings that say where the secret is sent: changing one forgets the secret, so it never reaches a new destination. @default [] */
    boundTo?: readonly string[]
  }
}
