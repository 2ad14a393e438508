package keystore

import (
	"fmt"
	"os"
)

// platformAvailable checks for a D-Bus session bus before go-keyring is
// called: without one, its D-Bus library starts dbus-launch, which leaves
// daemons behind and still finds no Secret Service.
func platformAvailable() error {
	return sessionBus(os.Getenv("DBUS_SESSION_BUS_ADDRESS"), fmt.Sprintf("/run/user/%d/bus", os.Getuid()))
}

// sessionBus finds a session bus from its address variable or the
// well-known per-user socket.
func sessionBus(address, bus string) error {
	if address != "" {
		return nil
	}
	if _, err := os.Stat(bus); err == nil {
		return nil
	}
	return fmt.Errorf("%w: there is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset and %s does not exist), so no Secret Service can be reached", ErrUnavailable, bus)
}
