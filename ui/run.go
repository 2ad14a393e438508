package ui

import (
	"context"
)

// Run starts the TUI and returns when the user quits.
func Run(ctx context.Context, cfg Config) error {
	return nil
}
