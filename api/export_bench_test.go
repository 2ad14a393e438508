package api

// RedactForBench runs the client's redaction on body, for the benchmark.
func RedactForBench(token string, body []byte) []byte { return newRedactor(token).bytes(body) }
