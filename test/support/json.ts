/**
 * A parsed JSON document as a test reads it (a response body, a webhook payload, a tool's result):
 * exactly what `JSON.parse` returns. Tests state its shape with `expect()`; a declared type per
 * document would only restate the assertions (docs/testing.md, "Lint and unused code").
 */
export type Json = ReturnType<typeof JSON.parse>

/** A parsed JSON object, its members read as `Json`. */
export type JsonObject = Record<string, Json>
