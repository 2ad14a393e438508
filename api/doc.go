// Package api is the partner-interface client: it builds requests, keeps the
// per-token rate budget, retries within fixed bounds and turns every answer
// into an Exchange and, on failure, a typed *Error. It knows no terminal; the
// document model lives in api/advert and the shared text helpers in api/text.
package api
