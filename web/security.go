package web

import (
	"crypto/subtle"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// tokenCookie is the cookie that carries the token once a page has been
// opened with it in its address.
const tokenCookie = "gumshoe_token"

// authorised checks the token (when there is one) and, when there is
// none, that the request is addressed to a loopback name, so that a web
// site cannot reach the server by pointing a name of its own at
// 127.0.0.1. It writes the refusal and returns false when the request is
// not served.
func (s *Server) authorised(w http.ResponseWriter, r *http.Request) bool {
	if s.opts.Token == "" {
		if !loopbackHost(r.Host) {
			writeError(w, http.StatusForbidden, "this server answers only at localhost, 127.0.0.1 or [::1]")
			return false
		}
		return true
	}
	given := r.Header.Get("X-Gumshoe-Token")
	fromQuery := false
	if given == "" {
		if q := r.URL.Query().Get("token"); q != "" {
			given, fromQuery = q, true
		}
	}
	if given == "" {
		if c, err := r.Cookie(tokenCookie); err == nil {
			given = c.Value
		}
	}
	if subtle.ConstantTimeCompare([]byte(given), []byte(s.opts.Token)) != 1 {
		if wantsPage(r) {
			writeJoinPage(w)
			return false
		}
		writeError(w, http.StatusUnauthorized, "this server needs the token printed with its address: open the address as printed")
		return false
	}
	if fromQuery {
		http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: s.opts.Token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	}
	return true
}

// wantsPage reports whether r asks for a page a person reads (a GET of
// something else than the API and the assets, by a browser that takes
// HTML), rather than for JSON.
func wantsPage(r *http.Request) bool {
	p := r.URL.Path
	return (r.Method == http.MethodGet || r.Method == http.MethodHead) &&
		!strings.HasPrefix(p, "/api/") && !strings.HasPrefix(p, "/assets/") &&
		strings.Contains(r.Header.Get("Accept"), "text/html")
}

// joinPage is what a browser without the token is shown: how to join.
const joinPage = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>gumshoe: join the table</title>
</head>
<body>
<h1>Join the table</h1>
<p>This sheet is shared on the local network and needs the address with its
token: the one <code>gumshoe serve --lan</code> printed (it ends in
<code>?token=...</code>), or its QR code.</p>
<p>Ask the player running gumshoe for it, scan the QR code shown on their
screen, or type the whole address as printed. Once opened with the token,
this browser remembers it.</p>
</body>
</html>
`

// writeJoinPage writes the page that says how to join (status 401).
func writeJoinPage(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusUnauthorized)
	io.WriteString(w, joinPage)
}

// loopbackHost reports whether host (a Host header, with or without a
// port) is a loopback name.
func loopbackHost(host string) bool {
	h := host
	if hh, _, err := net.SplitHostPort(host); err == nil {
		h = hh
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// sameOrigin reports whether a request that changes something comes from
// a page of this server: its Origin, when given, must be this host; with
// no Origin (a program such as curl), the browser's Sec-Fetch-Site, when
// given, must say the same origin. Bodies must be JSON besides
// (readJSON), which a cross-site form cannot send without a preflight the
// server never grants.
func sameOrigin(r *http.Request) bool {
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		return err == nil && (u.Scheme == "http" || u.Scheme == "https") && strings.EqualFold(u.Host, r.Host)
	}
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
		return true
	}
	return false
}
