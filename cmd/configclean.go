package cmd

import "github.com/padview/padview/api/text"

// Resolve applies the precedence rules. flagProfile and flagBaseURL are
// empty when the flags were not given. Its errors are cleaned of control
// characters (cleanConfigError).
func Resolve(getenv func(string) string, flagProfile, flagBaseURL string) (Settings, error) {
	s, err := resolveSettings(getenv, flagProfile, flagBaseURL)
	if err != nil {
		return Settings{}, cleanConfigError{err}
	}
	return s, nil
}

// cleanConfigError is a problem with the settings, its text cleaned of
// control and invisible characters as a service's text is
// (text.CleanBlock): the config file's keys, profile names and [fields]
// lines, quoted back in it, are the user's to write but may hold anything,
// an escape sequence that would reach the terminal too.
type cleanConfigError struct{ err error }

func (e cleanConfigError) Error() string { return text.CleanBlock(e.err.Error()) }

func (e cleanConfigError) Unwrap() error { return e.err }
