import { z } from 'zod'
import { invalidParams } from '../../platform/errors/errors.ts'
import { parsePostId, type PostId } from '../../platform/host-contract/post-ids.ts'
import type { ResolvedContent } from '../../platform/host-contract/content.ts'

/** A post id as callers send it: a number, or a string (digits on hosts with integer ids; a cuid, uuid, … otherwise). */
export const postIdParam = z.union([z.number().int().positive(), z.string().trim().min(1).max(191)])

/** A post id as answers carry it: a number on hosts with integer ids, a string otherwise. */
export const postIdValue = z.union([z.number().int(), z.string()])

/** The host's id for a post id param, or `invalid_params` when it cannot be one of this host's ids. */
export function hostPostId (content: ResolvedContent, value: number | string, path = 'post_id'): PostId {
  const id = parsePostId(content, value)
  if (id === null) {
    throw invalidParams(`${path}: not a post id of this site (its ids are ${content.idType === 'string' ? 'strings' : 'positive integers'})`, {
      issues: [{ path, code: 'invalid_id', message: `expected a ${content.idType} post id` }],
    })
  }
  return id
}
