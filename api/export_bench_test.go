package api

// RedactForBench runs the client's redaction on body, for the benchmark.
func RedactForBench(token string, body []byte) []byte { return newRedactor(token).bytes(body) }

// RedactStringForTest runs the client's redaction on s, for the tests.
func RedactStringForTest(token, s string) string { return newRedactor(token).string(s) }
