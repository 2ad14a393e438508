package audit

import (
	"os"
	"path/filepath"
	"testing"
)

// inPasswd finds a name only with its own uid, in whole fields.
func TestInPasswd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "passwd")
	os.WriteFile(path, []byte("root:x:0:0:root:/root:/bin/bash\nmaren:x:1001:1001:Maren Holt:/home/maren:/bin/sh\n"+
		"broken line\njo:x:10012:10012::/home/jo:/bin/sh\n"), 0o644)
	for _, c := range []struct {
		uid, name string
		want      bool
	}{
		{"1001", "maren", true},
		{"0", "root", true},
		{"1001", "root", false},  // a name with another's uid
		{"4242", "maren", false}, // $USER for a uid the file lacks
		{"1001", "mar", false},   // part of a name
		{"100", "jo", false},     // part of a uid
		{"10012", "jo", true},
	} {
		if got := inPasswd(path, c.uid, c.name); got != c.want {
			t.Errorf("inPasswd(%s, %s) = %v; want %v", c.uid, c.name, got, c.want)
		}
	}
	if inPasswd(filepath.Join(t.TempDir(), "none"), "0", "root") {
		t.Error("a missing file names someone")
	}
}
