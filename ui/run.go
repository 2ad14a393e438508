package ui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"
)

// Run starts the TUI and returns when the user quits.
func Run(ctx context.Context, cfg Config) error {
	m := New(cfg)
	defer m.watch.link.close() // the watch database, if the session opened it
	// Signals are the caller's: SIGINT and SIGTERM end ctx, which ends the
	// program, and the caller exits with the signal's code.
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithoutSignalHandler())
	_, err := p.Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil // interrupted by a signal: a normal way to leave
	}
	return err
}
