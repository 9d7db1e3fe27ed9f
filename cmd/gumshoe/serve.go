package main

// gumshoe serve [GAME] [flags]
//
// Serve keeps the deduction sheet in a web page: a local server for the
// phones and laptops at the table, the same game logs as play (the same
// folder, saved atomically after every change), live updates to every page
// open on a game. docs/web.md is the manual and the security model.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	allgames "github.com/gumshoe-dev/gumshoe/encodings/games"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
	"github.com/gumshoe-dev/gumshoe/web"
)

func init() {
	register(command{
		name:    "serve",
		summary: "keep the deduction sheet in a web page, live on every phone and laptop",
		usage:   "[GAME] [flags]  |  serve --resume FILE",
		help: `Serve starts a local web server for the deduction sheet; open the address
it prints. With GAME and the setup flags it starts that game; with --resume
FILE it continues a saved game (of play or serve); with neither, the page
asks. Logs go to the same folder as play's, saved after every change.
It listens on 127.0.0.1 only, unless --lan: then every request needs the
random token printed with the address (and shown as a QR code).

Example: gumshoe serve dod --players alice,bob,carol,me --me me --hand 8S,8H,AC,2C,4C,5C
`,
		run: runServe,
	})
}

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(commands["serve"], stdout, stderr)
	o := playFlags(fs)
	fs.Lookup("color").Hidden = true
	addr := fs.String("addr", "", "the address to listen on (default 127.0.0.1:8080; with --lan :8080)")
	lan := fs.Bool("lan", false, "listen on every interface, for phones on the same network; requests need the token")
	if code, ok := parseArgs(fs, args, 0, 1, "at most one game: "+games.Names()); !ok {
		return code
	}
	if *addr == "" {
		*addr = "127.0.0.1:8080"
		if *lan {
			*addr = ":8080"
		}
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		return usageError(fs, "--addr %q: %v", *addr, err)
	}
	if ip := net.ParseIP(host); !*lan && (ip == nil && host != "localhost" || ip != nil && !ip.IsLoopback()) {
		return usageError(fs, "--addr %s is not a loopback address: add --lan to serve other machines (with a token)", *addr)
	}
	opts := web.Options{Games: games, Puzzle: servePuzzle, PuzzleGames: puzzleGameNames()}
	if d, err := dataDir(); err == nil {
		opts.Dir = filepath.Join(d, "games")
		opts.NewLog = func(game string, data []byte) (string, error) { return createDefaultLog(game, time.Now(), data) }
	}
	if *lan {
		opts.Token = web.NewToken()
	}
	srv, err := web.New(opts)
	if err != nil {
		return exitWith(fs, err)
	}
	path, code := serveGame(fs, srv, o)
	if code != exitOK {
		return code
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return exitWith(fs, err)
	}
	url := serveURL(ln.Addr(), *lan, path, opts.Token)
	fmt.Fprintf(stdout, "gumshoe serve: open %s\n", url)
	if *lan {
		web.WriteQR(stdout, url)
		fmt.Fprintln(stdout, "Anyone with this address (and its token) can change the game: share it only at the table.")
	}
	fmt.Fprintln(stdout, "Ctrl-C stops the server; every change is saved already.")
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 64 << 10}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return exitWith(fs, err)
	}
	return exitOK
}

// serveGame opens the game the flags name, if any, and returns the path
// of its page ("/" when none).
func serveGame(fs *pflag.FlagSet, srv *web.Server, o *playOptions) (string, int) {
	flags := fs
	switch {
	case o.resume != "":
		if o.hasSetup() || o.example || o.log != "" || o.noLog {
			return "", usageError(flags, "--resume continues a saved game: it takes no setup, --example, --log or --no-log")
		}
		l, err := table.LoadLog(o.resume)
		if err == nil && fs.NArg() == 1 {
			if d, ok := games.Find(fs.Arg(0)); !ok || !strings.EqualFold(d.Name, l.Game) {
				return "", usageError(flags, "%s is a game of %s, not %s", o.resume, l.Game, fs.Arg(0))
			}
		}
		id, err := srv.Resume(o.resume)
		if err != nil {
			return "", exitWith(flags, err)
		}
		return "/t/" + id, exitOK
	case fs.NArg() == 0:
		if o.hasSetup() || o.example || o.log != "" {
			return "", usageError(flags, "name the game of the setup, --example or --log")
		}
		return "/", exitOK
	}
	def, err := games.Lookup(fs.Arg(0))
	if err != nil {
		return "", usageError(flags, "%v", err)
	}
	if o.noLog && o.log != "" {
		return "", usageError(flags, "--log and --no-log contradict each other")
	}
	if !o.hasSetup() && !o.example && o.log == "" {
		return "/?game=" + def.Name, exitOK // the page asks the setup questions
	}
	lines, err := setupLines(def, *o)
	if err != nil {
		return "", usageError(flags, "%v", err)
	}
	var script []string
	if o.example {
		if o.hasSetup() {
			return "", usageError(flags, "--example sets up its own game: it takes no setup flags")
		}
		l, err := table.ParseLog([]byte(def.Example))
		if err != nil {
			return "", exitWith(flags, fmt.Errorf("the built-in example is broken: %w", err))
		}
		script = l.Lines
	}
	memory := !table.KeepsLog(o.log, o.noLog, o.example)
	id, err := srv.Start(def.Name, lines, o.log, memory)
	if err != nil {
		return "", exitWith(flags, err)
	}
	if err := srv.Play(id, script); err != nil {
		return "", exitWith(flags, err)
	}
	return "/t/" + id, exitOK
}

// serveURL is the address to open: on the machine's address on the local
// network with --lan, with the token.
func serveURL(a net.Addr, lan bool, path, token string) string {
	host := "127.0.0.1"
	port := "8080"
	if ta, ok := a.(*net.TCPAddr); ok {
		port = fmt.Sprint(ta.Port)
		if !ta.IP.IsUnspecified() {
			host = ta.IP.String()
		} else if lan {
			host = lanAddress()
		}
	}
	u := "http://" + net.JoinHostPort(host, port) + path
	if token != "" {
		sep := "?"
		if strings.Contains(path, "?") {
			sep = "&"
		}
		u += sep + "token=" + token
	}
	return u
}

// lanAddress is this machine's address on the local network, found by the
// route to a public address (no packet is sent); 127.0.0.1 when none.
func lanAddress() string {
	c, err := net.Dial("udp", "192.0.2.1:9")
	if err != nil {
		return "127.0.0.1"
	}
	defer c.Close()
	return c.LocalAddr().(*net.UDPAddr).IP.String()
}

// servePuzzle makes a puzzle for a page of the server.
func servePuzzle(ctx context.Context, r web.PuzzleRequest) (*puzzle.Page, error) {
	cg, ok := findGame(r.Game)
	if !ok || cg.Puzzles == nil {
		return nil, fmt.Errorf("no puzzles for %q (games: %s)", r.Game, strings.Join(puzzleGameNames(), ", "))
	}
	pg := cg.Puzzles
	n := r.Players
	if n == 0 {
		n = pg.Players
	}
	if n < pg.MinPlayers || n > pg.MaxPlayers {
		return nil, fmt.Errorf("%s puzzles take %d to %d players, not %d", cg.Title, pg.MinPlayers, pg.MaxPlayers, n)
	}
	d := r.Difficulty
	if d == "" {
		d = pg.Level
	}
	o := allgames.PuzzleOptions{Players: n, Any: strings.EqualFold(d, "any"), Preset: clue.PresetCluedo}
	if !o.Any {
		l, err := puzzle.ParseLevel(d)
		if err != nil {
			return nil, fmt.Errorf("difficulty %q: want easy, medium, hard or any", d)
		}
		o.Level = l
	}
	title := fmt.Sprintf("%s puzzle (seed %d)", cg.Title, r.Seed)
	return pg.Make(ctx, r.Seed, o, title)
}
