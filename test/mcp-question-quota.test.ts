// @svc-provider-independent: the room for waiting questions is each instance's memory (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { QuestionQuota } from '../packages/control-plane/src/doors/mcp/question-quota.ts'
import { SvcError } from '../packages/control-plane/src/platform/errors/errors.ts'

const refusal = (take: () => unknown): SvcError => {
  try {
    take()
  } catch (error) {
    if (error instanceof SvcError) return error
    throw error
  }
  throw new Error('no refusal')
}

describe('the room for questions waiting on a person', () => {
  test('a credential past its limit is refused 429 with a retry time, while another credential of its account still asks', () => {
    const quota = new QuestionQuota({ instance: 100, credential: 2, account: 10 })
    const narrow = { credential: 'key:narrow', account: 'admin' }
    quota.take(narrow)
    quota.take(narrow)
    expect(refusal(() => quota.take(narrow))).toMatchObject({ status: 429, code: 'rate_limited', details: { retry_after: 30 } })
    expect(() => quota.take({ credential: 'key:own', account: 'admin' })).not.toThrow()
  })

  test('an account past its limit is refused across its credentials, while another account still asks', () => {
    const quota = new QuestionQuota({ instance: 100, credential: 2, account: 3 })
    for (const credential of ['key:a', 'key:a', 'key:b']) quota.take({ credential, account: 'editor' })
    expect(refusal(() => quota.take({ credential: 'key:c', account: 'editor' }))).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('account') })
    expect(() => quota.take({ credential: 'key:d', account: 'admin' })).not.toThrow()
  })

  test('a question that ends gives its place back, once, however often its end is reported', () => {
    const quota = new QuestionQuota({ instance: 100, credential: 1, account: 10 })
    const asker = { credential: 'key:a', account: 'admin' }
    const release = quota.take(asker)
    release()
    release()
    const again = quota.take(asker)
    expect(refusal(() => quota.take(asker)).code).toBe('rate_limited')
    again()
    expect(() => quota.take(asker)).not.toThrow()
  })

  test('the instance holds at most its limit in all', () => {
    const quota = new QuestionQuota({ instance: 2, credential: 5, account: 5 })
    quota.take({ credential: 'key:a', account: 'one' })
    quota.take({ credential: 'key:b', account: 'two' })
    expect(refusal(() => quota.take({ credential: 'key:c', account: 'three' })).message).toContain('instance')
  })
})
