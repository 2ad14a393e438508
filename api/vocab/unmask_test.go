package vocab

import (
	"errors"
	"strings"
	"testing"
)

// A mapping may move a personal name to another field of personal data,
// never to one without: With refuses it, naming the fields it may take.
func TestWithRefusesUnmasking(t *testing.T) {
	for _, m := range []Mapping{
		{Name: "responsiblePerson", Path: "legalAndMetadata.createdBy"},
		{Name: "v_i_s_d_p", Path: "advertiser.companyName"},
		{Name: "contactPerson", Path: "sponsors.role"},
		{Name: "wohnadresse", Path: "advertiser.city"},
		{Name: "privat_email", Path: "basicInformation.note"},
		{Name: "wohnadresse", Path: "campaign"},
	} {
		_, err := Builtin().With([]Mapping{m})
		var me *MappingError
		if !errors.As(err, &me) || !strings.Contains(err.Error(), "as personal data") || !strings.Contains(err.Error(), "legalAndMetadata.responsiblePerson") {
			t.Errorf("%+v: %v", m, err)
		}
	}
	for _, m := range []Mapping{
		{Name: "v_i_s_d_p", Path: "advertiser.contactPerson"},
		{Name: "wohnadresse", Path: "advertiser.streetAddress"},
		{Name: "privat_email", Path: "payer.phone"}, // another category of personal data
		{Name: "firma", Path: "advertiser.companyName"},
		{Name: "geldgeber_*", Path: "payer.*"},
	} {
		if _, err := Builtin().With([]Mapping{m}); err != nil {
			t.Errorf("%+v: %v", m, err)
		}
	}
}
