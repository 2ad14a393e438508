package vocab

import (
	snowball "github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/danish"
	"github.com/blevesearch/snowballstem/dutch"
	"github.com/blevesearch/snowballstem/english"
	"github.com/blevesearch/snowballstem/french"
	"github.com/blevesearch/snowballstem/german"
	"github.com/blevesearch/snowballstem/italian"
	"github.com/blevesearch/snowballstem/portuguese"
	"github.com/blevesearch/snowballstem/spanish"
	"github.com/blevesearch/snowballstem/swedish"
)

// stemmers are the Snowball stemmers of the lexicon's languages, in the
// order of languages; Polish has none (its words are listed in the forms
// names use), and a stemmer reduces a word's forms to one stem
// ("sponsors", "sponsoring": "sponsor"; "Zuwendungen": "zuwend").
// Snowball is the stemmer search engines use for these languages, and
// github.com/blevesearch/snowballstem is its Go translation.
var stemmers = []func(*snowball.Env) bool{
	english.Stem, dutch.Stem, german.Stem, french.Stem, italian.Stem, spanish.Stem, nil, swedish.Stem,
	danish.Stem, portuguese.Stem,
}

// stem is the stem of a folded word in the language of index li; "" where
// the language has no stemmer.
func stem(li int, w string) string {
	f := stemmers[li]
	if f == nil {
		return ""
	}
	env := snowball.NewEnv(w)
	f(env)
	return env.Current()
}
