package vocab

// How much reading a name by its words costs, once per distinct name
// (Lookup caches it): a name no listed word starts like, a hostile
// answer's numbered names, and real ones.

import (
	"fmt"
	"math/rand"
	"testing"
)

func BenchmarkReadUnknownNameByWords(b *testing.B) {
	v := Builtin()
	v.Lookup("", "warm")
	r := rand.New(rand.NewSource(1))
	letters := "abcdefghijklmnopqrstuvwxyz"
	names := make([]string, 1000)
	for i := range names {
		n := 6 + r.Intn(10)
		bs := make([]byte, n)
		for j := range bs {
			bs[j] = letters[r.Intn(26)]
		}
		names[i] = string(bs)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v.byWords("top", names[i%len(names)])
	}
}

func BenchmarkReadNumberedNameByWords(b *testing.B) {
	v := Builtin()
	for i := 0; i < b.N; i++ {
		v.byWords("top", fmt.Sprintf("member_%d", i))
	}
}

func BenchmarkReadRealNameByWords(b *testing.B) {
	v := Builtin()
	names := []string{"PayingAdvertiserName", "Name und Anschrift des Sponsors", "Spend_Range_Min_EUR", "Zeitraum der Veröffentlichung"}
	for i := 0; i < b.N; i++ {
		v.byWords("top", names[i%len(names)])
	}
}
