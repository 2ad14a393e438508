// Package cmd is padview's command line: the flags, the subcommands and the
// wiring between the api client, the keystore, the config file and the TUI.
//
// Execute (root.go) runs one command line in an Env, everything a command
// touches outside itself, so that tests run the real commands. The set-up is
// resolved once: the config file and flags into Settings (config.go), and
// with the token or --demo into an account (account.go). Commands that
// look PAIDs up (get, check, fields) plug a batchCommand into the one batch
// runner (runner.go, batch.go), which reads the PAIDs (input.go), passes
// the full-view gate (fullview.go), draws progress (progress.go) and ends
// with the summary (summary.go). A failure is worded by Env.failure
// (failures.go): the api error's own words, then the CLI's next step from
// cliFailures, the CLI's one table of failures, which also gives each
// kind its exit code; the codes and the typed quiet exit are in exit.go.
// A signal's cancellation and exit code come from api/signals
// (WithSignals, signal.go), which the access log's hold shares.
//
// cmd imports api and its packages, keystore and ui (the TUI, started by
// runTUI in tui.go); only main imports cmd.
package cmd
