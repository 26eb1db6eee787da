import { describe, expect, test } from '@jest/globals'
import { SafetyPoll } from '../packages/control-plane/src/platform/lib/safety-poll.ts'

/** The waits of a poll woken when each ends, `late` ms after it, on the idle clock starting at `at`. */
function walk (poll: SafetyPoll, clock: { at: number }, looks: number, late = 0): number[] {
  const wakes: number[] = []
  for (let n = 0; n < looks; n++) {
    clock.at += poll.after(false) + late
    wakes.push(clock.at)
  }
  return wakes
}

describe('the safety poll', () => {
  test('an empty look doubles the wait from pollMs to idlePollMs; a look that found work brings back pollMs', () => {
    const clock = { at: 0 }
    const poll = new SafetyPoll(100, 1000, () => clock.at)
    const waits = [0, 1, 2, 3].map(() => { const wait = poll.after(false); clock.at += wait; return wait })
    expect(waits).toEqual([100, 200, 400, 800])
    expect(poll.after(true)).toBe(100)
    poll.reset()
    expect(poll.after(false)).toBe(100)
  })

  test('at idlePollMs a worker wakes on the beats of the idle clock, so two workers started apart wake together', () => {
    const first = { at: 30 }
    const second = { at: 2_345 }
    const a = new SafetyPoll(100, 1000, () => first.at)
    const b = new SafetyPoll(100, 1000, () => second.at)
    const wakesA = walk(a, first, 10)
    const wakesB = walk(b, second, 8)
    // Doubling first (130, 330, 730), then on the beats: every whole interval of the process.
    expect(wakesA.slice(0, 3)).toEqual([130, 330, 730])
    expect(wakesA.slice(4)).toEqual([3000, 4000, 5000, 6000, 7000, 8000])
    expect(wakesB.slice(4)).toEqual([5000, 6000, 7000, 8000])
    for (const at of wakesB.slice(4)) expect(wakesA).toContain(at)
  })

  test('a worker woken late on a beat sleeps until the next beat: once per interval, never twice in one', () => {
    const clock = { at: 0 }
    const poll = new SafetyPoll(100, 1000, () => clock.at)
    const wakes = walk(poll, clock, 12, 7)
    const gaps = wakes.slice(6).map((at, i) => at - wakes[5 + i]!)
    expect(gaps.every(gap => gap === 1000)).toBe(true)
  })

  test('the first wait at idlePollMs is at least half an interval, however close the next beat', () => {
    for (const start of [0, 1, 499, 500, 501, 999]) {
      const clock = { at: start }
      const poll = new SafetyPoll(1000, 1000, () => clock.at)
      const wait = poll.after(false)
      expect(wait).toBeGreaterThanOrEqual(500)
      expect(wait).toBeLessThan(1500)
      expect((start + wait) % 1000).toBe(0)
    }
  })
})
