//go:build !unix

package main

import "os"

// umask is the file mode creation mask: none where the system has none.
func umask() os.FileMode { return 0 }
