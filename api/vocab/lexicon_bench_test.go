package vocab

import "testing"

// BenchmarkLexiconCompile is what the lexicon's first use costs a process
// (reading data/lexicon/index.txt): padview get pays it whenever a member
// name of the answer is read by its words. BenchmarkLexiconCompileTOML is
// what compiling the TOML costs.
func BenchmarkLexiconCompile(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := readLexiconIndex(lexiconIndex); err != nil {
			b.Fatal(err)
		}
	}
}
