// @svc-provider-independent: which fields the Admin UI's diffs show, a pure function (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { fieldDiffs, fieldText } from '../packages/control-plane/admin/lib/row-diff.ts'

describe('fieldDiffs: the fields a change shows', () => {
  test('an update shows only the fields whose value changed, nested values compared whole', () => {
    const before = { id: 'c1', name: 'Acme', url: 'https://a.example', meta: { tags: ['a'] }, updatedAt: '2026-01-01T00:00:00.000Z' }
    const after = { id: 'c1', name: 'Acme Two', url: 'https://a.example', meta: { tags: ['a'] }, updatedAt: '2026-01-02T00:00:00.000Z' }
    expect(fieldDiffs({ before, after })).toEqual([
      { field: 'name', before: 'Acme', after: 'Acme Two' },
      { field: 'updatedAt', before: '2026-01-01T00:00:00.000Z', after: '2026-01-02T00:00:00.000Z' },
    ])
    expect(fieldDiffs({ before: { meta: { tags: ['a'] } }, after: { meta: { tags: ['a', 'b'] } } })).toEqual([{ field: 'meta', before: { tags: ['a'] }, after: { tags: ['a', 'b'] } }])
  })

  test('a field only one side has is shown against null', () => {
    expect(fieldDiffs({ before: { name: 'Acme' }, after: { name: 'Acme', members: ['r1'] } })).toEqual([{ field: 'members', before: null, after: ['r1'] }])
  })

  test('a created row shows its fields after, a deleted one its fields before, the empty ones left out; a sealed secret is shown as sealed', () => {
    const row = { id: 'c1', name: 'Acme', url: null, description: '', apiKeyCiphertext: '[sealed]', linkAdminOnly: false }
    const shown = [{ field: 'id', value: 'c1' }, { field: 'name', value: 'Acme' }, { field: 'apiKeyCiphertext', value: '[sealed]' }, { field: 'linkAdminOnly', value: false }]
    expect(fieldDiffs({ before: null, after: row })).toEqual(shown.map(({ field, value }) => ({ field, after: value })))
    expect(fieldDiffs({ before: row, after: null })).toEqual(shown.map(({ field, value }) => ({ field, before: value })))
  })
})

describe('fieldText', () => {
  test('strings as they are, anything else as JSON', () => {
    expect([fieldText('[sealed]'), fieldText(false), fieldText(null), fieldText({ a: 1 }), fieldText(3)]).toEqual(['[sealed]', 'false', 'null', '{"a":1}', '3'])
  })
})
