import { z } from 'zod'

export const LEAD_STATUSES = ['New', 'Contacted', 'Qualified', 'Unqualified', 'Customer'] as const

export type LeadStatus = typeof LEAD_STATUSES[number]

export const INITIAL_LEAD_STATUS: LeadStatus = 'New'

export const leadStatusParam = z.enum(LEAD_STATUSES).describe(`One of ${LEAD_STATUSES.join(', ')}.`)

/** Who made a status change: the external contact system (`inbound`) or someone on this site (`local`). */
export type StatusOrigin = 'inbound' | 'local'

/** The statuses are already display words, so the label is the status itself. */
export const leadStatusLabel = (status: LeadStatus): string => status

/** The external contact system's vocabulary: our statuses in lower case, plus `lost` for a deleted lead. */
export type ContactStatus = Lowercase<LeadStatus> | 'lost'

export const contactStatusOf = (status: LeadStatus): ContactStatus => status.toLowerCase() as Lowercase<LeadStatus>
