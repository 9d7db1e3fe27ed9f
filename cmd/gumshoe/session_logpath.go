package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// dataDir is gumshoe's directory in the user's data directory:
// $XDG_DATA_HOME/gumshoe, else ~/.local/share/gumshoe on Unix,
// ~/Library/Application Support/gumshoe on macOS and
// %LOCALAPPDATA%\gumshoe on Windows.
func dataDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "gumshoe"), nil
	}
	switch runtime.GOOS {
	case "windows":
		if d := os.Getenv("LOCALAPPDATA"); d != "" {
			return filepath.Join(d, "gumshoe"), nil
		}
		return "", errors.New("LOCALAPPDATA is not set")
	case "darwin", "ios":
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(home, "Library", "Application Support", "gumshoe"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".local", "share", "gumshoe"), nil
}

// createDefaultLog creates a new log file for a game of the named game
// started at now, holding data: <data dir>/games/<game>-YYYY-MM-DD-HHMM.log,
// with "-2", "-3", ... added when that name is taken. It creates the
// directory and returns the file's path.
func createDefaultLog(game string, now time.Time, data []byte) (string, error) {
	dir, err := dataDir()
	if err != nil {
		return "", fmt.Errorf("no data directory for the game log (%v); name one with --log FILE", err)
	}
	dir = filepath.Join(dir, "games")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("cannot create the game log directory: %v; name a log with --log FILE", err)
	}
	base := fmt.Sprintf("%s-%s", game, now.Format("2006-01-02-1504"))
	for i := 1; i < 1000; i++ {
		name := base + ".log"
		if i > 1 {
			name = fmt.Sprintf("%s-%d.log", base, i)
		}
		p := filepath.Join(dir, name)
		err := table.CreateFileAtomic(p, data, 0o644)
		if err == nil {
			return p, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return "", err
		}
	}
	return "", fmt.Errorf("too many game logs named %s-*.log in %s", base, dir)
}
