package web

import (
	"net/http"
	"strings"
	"testing"
)

// TestNewGameLogRule checks the page's form follows the one rule for logs
// (table.KeepsLog), as play and serve do: a game set up from the form
// writes a log; the built-in example keeps none.
func TestNewGameLogRule(t *testing.T) {
	s, hs := newTestServer(t, "")
	for _, tc := range []struct {
		body map[string]any
		log  bool
	}{
		{map[string]any{"game": "dod", "players": "alice,bob,carol,dave", "me": "dave", "hand": "8S 8H AC 2C 4C 5C"}, true},
		{map[string]any{"game": "dod", "example": true}, false},
	} {
		var doc struct {
			ID string `json:"id"`
		}
		if code := post(t, hs.URL+"/api/new", tc.body, &doc); code != http.StatusOK {
			t.Fatalf("POST /api/new %v: %d", tc.body, code)
		}
		if got := s.LogPath(doc.ID) != ""; got != tc.log {
			t.Errorf("%v: log kept %v (%q), want %v", tc.body, got, s.LogPath(doc.ID), tc.log)
		}
	}
}

// TestJoinPage checks that a browser opening a --lan address without its
// token is shown a short page saying how to join, not JSON; a program
// asking the API still gets JSON.
func TestJoinPage(t *testing.T) {
	_, hs := newTestServer(t, "feedfacefeedfacefeedfacefeedface")
	req, _ := http.NewRequest("GET", hs.URL+"/", nil)
	req.Header.Set("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	if resp.StatusCode != http.StatusUnauthorized || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !strings.Contains(b.String(), "token") {
		t.Errorf("a browser without the token gets %d %s:\n%s", resp.StatusCode, resp.Header.Get("Content-Type"), b.String())
	}
	api, err := http.Get(hs.URL + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	api.Body.Close()
	if !strings.HasPrefix(api.Header.Get("Content-Type"), "application/json") {
		t.Errorf("the API without the token answers %s, not JSON", api.Header.Get("Content-Type"))
	}
}
