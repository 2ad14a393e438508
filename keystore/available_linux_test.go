package keystore

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

func TestSessionBusDetection(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "bus")
	err := sessionBus("", missing)
	if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "no D-Bus session bus") {
		t.Fatalf("no bus: %v", err)
	}
	if err := sessionBus("unix:path=/somewhere", missing); err != nil {
		t.Fatalf("address set: %v", err)
	}
	if err := sessionBus("", t.TempDir()); err != nil {
		t.Fatalf("socket present: %v", err)
	}
}
