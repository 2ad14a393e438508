package text

import (
	"testing"
	"time"
)

func TestDurationWords(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Elapsed(404 * time.Millisecond), "0.4s"},
		{Elapsed(12340 * time.Millisecond), "12.3s"},
		{Elapsed(59970 * time.Millisecond), "1m00s"},
		{Elapsed(151 * time.Second), "2m31s"},
		{Elapsed(3723 * time.Second), "1h02m03s"},
		{Duration(400 * time.Millisecond), "0.4 s"},
		{Duration(125 * time.Second), "2 min 5 s"},
		{Duration(10 * time.Minute), "10 min"},
		{Duration(400 * 24 * time.Hour), "400 days"},
		{Countdown(1500 * time.Millisecond), "2s"},
		{Countdown(65 * time.Second), "1m05s"},
		{Latency(500 * time.Microsecond), "<1ms"},
		{Latency(34 * time.Millisecond), "34ms"},
		{Latency(1234 * time.Millisecond), "1.2s"},
		{Plural(1, "PAID", "PAIDs"), "1 PAID"},
		{Plural(1000, "PAID", "PAIDs"), "1,000 PAIDs"},
		{Thousands(-1234567), "-1,234,567"},
		{Per(time.Minute), "a minute"},
		{Per(time.Hour), "an hour"},
		{Per(30 * time.Second), "every 30 s"},
		{Past(time.Minute), "the last minute"},
		{Past(time.Hour), "the last hour"},
		{Past(90 * time.Second), "the last 1 min 30 s"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// A noun phrase's number is its head noun's: the word before a
// preposition, else the last.
func TestIsPlural(t *testing.T) {
	for noun, want := range map[string]bool{
		"the amounts": true, "the amounts for the advertisement": true, "the targeting details": true,
		"the data-protection rights": true, "the sponsor email": false, "the sponsor postal address": false,
		"the origin of the funds": false, "whether the funds come from inside the EU": false, "the link to the notice": false,
		"the payer's contact": false, "the suspension history": false, "the status": false, "the analysis": false,
		"": false,
	} {
		if got := IsPlural(noun); got != want {
			t.Errorf("IsPlural(%q) = %v", noun, got)
		}
	}
	if Was("the amounts")+" "+Is("the sponsor email") != "were is" {
		t.Errorf("Was, Is: %s %s", Was("the amounts"), Is("the sponsor email"))
	}
}

func TestListing(t *testing.T) {
	cases := []struct {
		in   []string
		most int
		want string
	}{
		{nil, 3, ""},
		{[]string{"a"}, 3, "a"},
		{[]string{"a", "b"}, 3, "a and b"},
		{[]string{"a", "b", "c"}, 3, "a, b and c"},
		{[]string{"a", "b", "c", "d", "e"}, 3, "a, b, c and 2 more"},
		{[]string{"a", "b", "c", "d"}, 0, "a, b, c and d"},
	}
	for _, c := range cases {
		if got := Listing(c.in, c.most); got != c.want {
			t.Errorf("Listing(%q, %d) = %q, want %q", c.in, c.most, got, c.want)
		}
	}
}
