// Package keystore keeps the partner token in the operating system's
// keyring (macOS Keychain, Windows Credential Manager, the Secret Service on
// Linux), one entry per profile, with PADVIEW_TOKEN as an override. It never
// writes a token anywhere else: when the keyring cannot be used, saving
// fails and says why.
//
// It imports api/text (a wait is worded as everywhere else) and no other
// padview package; cmd uses it, and hands the TUI a ui.TokenSaver so that
// ui never imports it.
package keystore
