import { z } from 'zod'

const MAX_DATA_CHARS = 32 * 1024

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max)

export const ATTRIBUTION_KEYS = [
  'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'referrer', 'landing_page', 'gclid', 'fbclid',
] as const

const attributionInput = z
  .object(Object.fromEntries(ATTRIBUTION_KEYS.map(key => [key, z.string().trim().max(2048).optional()])) as
    Record<typeof ATTRIBUTION_KEYS[number], z.ZodOptional<z.ZodString>>)
  .strict()
  .describe(`Where the lead came from: ${ATTRIBUTION_KEYS.join(', ')}.`)

/** What a captured lead consists of, whether it arrives by dispatch or through the public form. */
export const captureInput = {
  source: text(100).describe('Where the lead was captured, e.g. contact_form or landing_spring.'),
  campaign: text(200).optional(),
  email: z.email().max(254).optional(),
  phone: z.string().trim().max(50).regex(/^(?:\D*\d){3}/, 'must contain at least three digits').optional(),
  name: text(200).optional(),
  attribution: attributionInput.optional(),
  data: z.record(z.string().max(100), z.json())
    .refine(data => JSON.stringify(data).length <= MAX_DATA_CHARS, `must be at most ${MAX_DATA_CHARS} characters of JSON`)
    .optional()
    .describe('Any further form fields, as a JSON object.'),
}

export const captureInputSchema = z.object(captureInput).strict()

export type CaptureInput = z.output<typeof captureInputSchema>
