//go:build unix

package main

import (
	"os"
	"syscall"
)

// umask is the process's file mode creation mask. Reading it sets it for a
// moment, so it is read only where no other file is being created.
func umask() os.FileMode {
	m := syscall.Umask(0o22)
	syscall.Umask(m)
	return os.FileMode(m)
}
