// padview inspects political advertisements from the Political Advertisement
// Data Service: a terminal UI, a scriptable CLI, and a demo mode.
//
// main imports cmd only: it hands cmd.Execute the arguments, the process's
// environment and a context that SIGINT and SIGTERM end, and exits with
// the code Execute returns. ARCHITECTURE.md is the map of the packages.
package main
