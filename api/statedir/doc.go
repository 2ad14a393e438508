// Package statedir is the one place padview keeps files of its own (the
// access log and its head, the watch history and its key): the state
// directory, and state files in it opened so that another local user
// cannot redirect, plant or read them.
//
// Open finds the directory (PADVIEW_STATE_DIR, else the OS state
// directory, see Locate) and creates it private (0700) when missing. A
// directory padview made for itself is kept private; one the user chose
// with PADVIEW_STATE_DIR is left as it is. Either is refused when it is a
// symbolic link, is not owned by the user, or others may write to it. A
// Dir's OpenFile, ReadFile, WriteFile and Prepare never follow a symbolic
// link, refuse a file another user owns or may write to, make a file
// readable by others private (0600), and WriteFile replaces a file in one
// step through a temporary file made with exclusive create beside it.
// Secure does the same for a file another library opens by name, before
// it does. Every refusal is an *UnsafeError saying what is wrong and what
// to do (a link: remove it; another user's: move it away, or chown it;
// writable by others: chmod 600, or move it away), and every file padview
// keeps is under the same rules: writable by others is refused, readable
// by others is made private.
//
// A file that cannot be read or written (a full disk, a read-only file
// system, a lock held too long) is a *Failure, worded here once for every
// state file.
//
// The checks are of the state directory itself and the files in it, not
// of the directories above it: the home directory is its owner's to keep.
// On Windows, where files have no Unix owner or mode, only symbolic links
// and what is not a regular file are refused.
//
// It imports only api/osfile (the write that replaces a file whole) and
// knows no terminal.
package statedir
