// graphql's instanceOf as it runs under NODE_ENV=production, which is how `npm start` runs it.
// Under jest (NODE_ENV=test) graphql picks its development variant, which on every failed check
// also reads Symbol.toStringTag to warn of a second copy of graphql: building Keystone's schema
// makes enough such checks that the variant cost about half a second of CPU per test file.
// jest.config.js maps graphql's own imports of jsutils/instanceOf here.
exports.instanceOf = function instanceOf (value, constructor) {
  return value instanceof constructor
}
