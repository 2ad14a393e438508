// Package fake is an in-process fake of the partner service: real HTTP on a
// loopback port, the two views of the spec, bearer tokens, the per-token rate
// limit, an embedded set of fictional advertisements, and switchable response
// shapes and faults. Tests, benchmarks and padview's demo mode talk to it.
//
// It imports api (the default rate limit and window), api/advert
// and api/vocab. Of the program's own packages only cmd imports it, for
// --demo; ui never does (its tests may). Tests start it and fetch from it
// through api/fake/faketest, not through a helper of their own.
package fake
