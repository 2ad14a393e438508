// Package signals is the one home of what padview does with the signals
// that would end it, so that the two halves that must agree read one list:
//
//   - WithCancel turns the first SIGINT or SIGTERM (the diverted signals)
//     into the cancellation of a command's context, with an *Interrupted
//     cause; InterruptedBy says which signal ended a context, and padview
//     exits 128 + its number. cmd wires it into every command.
//   - A Hold keeps the signals whose default action ends padview (SIGHUP,
//     SIGPIPE: the held signals) from ending it between two writes that
//     belong together, and delivers each again on Release; it notes the
//     diverted signals too, so that a caller can stop before a request
//     when one comes. api/audit holds them between a log line and its head
//     file, and between a request line and the request.
//
// It imports no padview package and knows no terminal.
package signals
