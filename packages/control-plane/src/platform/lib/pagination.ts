import { z } from 'zod'

/** `page` ≥ 1 (default 1), `per_page` 1–100 (default 20); out of range is `invalid_params`. */
export const paginationParams = {
  page: z.number().int().min(1).optional().describe('Page number, from 1. Default 1.'),
  per_page: z.number().int().min(1).max(100).optional().describe('Items per page, 1–100. Default 20.'),
}

export type Page = { page: number, perPage: number, skip: number, take: number }

export function toPage (params: { page?: number | undefined, per_page?: number | undefined }): Page {
  const page = params.page ?? 1
  const perPage = params.per_page ?? 20
  return { page, perPage, skip: (page - 1) * perPage, take: perPage }
}

export const pagedResult = <Item extends z.ZodType>(item: Item) => z.object({
  items: z.array(item),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
})

/** A paged result that can also continue by keyset: `next_cursor` beside the contract's fields. */
export const cursorPagedResult = <Item extends z.ZodType>(item: Item) => pagedResult(item).extend({
  next_cursor: z.string().nullable().describe('Send as cursor to read the next page; null on the last page.'),
})
