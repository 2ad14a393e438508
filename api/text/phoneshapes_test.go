package text

import "testing"

// Phone numbers written with slashes, dots or no separators at all are
// found in free text where their shape cannot be a date, an amount, a
// decimal, an address or an identifier.
func TestPhoneShapes(t *testing.T) {
	for in, want := range map[string]string{
		"Tel. 030/1234567":                  "Tel. ••• •• 67",
		"call 0171/2345678 today":           "call ••• •• 78 today",
		"fax 030.1234567.":                  "fax ••• •• 67.",
		"01.23.45.67.89":                    "••• •• 89",
		"US office 555.123.4567":            "US office ••• •• 67",
		"ring 0301234567 or 00491701234567": "ring ••• •• 67 or ••• •• 67",
		"born 01.09.1985":                   "born 01.09.1985",
		"on 12/31/2026":                     "on 12/31/2026",
		"2026/09/01":                        "2026/09/01",
		"01092026":                          "01092026",
		"20260901":                          "20260901",
		"Regulation (EU) 2024/900":          "Regulation (EU) 2024/900",
		"file 2026/1234567":                 "file 2026/1234567",
		"EUR 1.250.000":                     "EUR 1.250.000",
		"EUR 1.234.567,89":                  "EUR 1.234.567,89",
		"12 500 000.00 €":                   "12 500 000.00 €",
		"EUR 48250.00":                      "EUR 48250.00",
		"0.1234567":                         "0.1234567",
		"3.1415926":                         "3.1415926",
		"host 192.168.178.100":              "host 192.168.178.100",
		"4812500 impressions":               "4812500 impressions",
		"/ads/0301234567":                   "/ads/0301234567",
		"ID AB0301234567":                   "ID AB0301234567",
	} {
		if got := MaskText(in); got != want {
			t.Errorf("MaskText(%q) = %q; want %q", in, got, want)
		}
	}
}
