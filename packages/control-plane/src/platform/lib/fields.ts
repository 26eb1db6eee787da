import { z } from 'zod'

/** An absolute http(s) URL. */
export const httpUrl = z.url({ protocol: /^https?$/ }).max(2048).describe('Absolute http or https URL.')

/** A required, trimmed, single-line name. */
export const displayName = z.string().trim().min(1, 'must not be empty').max(200)
