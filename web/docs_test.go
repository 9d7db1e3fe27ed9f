package web

import (
	"encoding/json"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// documentedState reads the table of the state document in docs/web.md:
// each field's name and whether it may be absent (a type ending in "?").
func documentedState(t *testing.T) map[string]bool {
	t.Helper()
	data, err := os.ReadFile("../docs/web.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "**State**")
	if !ok {
		t.Fatal("docs/web.md has no **State** table")
	}
	fields := map[string]bool{}
	name := regexp.MustCompile("`([a-z_]+)`")
	for _, line := range strings.Split(rest, "\n")[1:] {
		if strings.HasPrefix(line, "**") {
			break
		}
		cells := strings.Split(line, "|")
		if len(cells) < 4 || strings.Contains(cells[1], "---") || strings.TrimSpace(cells[1]) == "field" {
			continue
		}
		optional := strings.Contains(cells[2], "?")
		for _, m := range name.FindAllStringSubmatch(cells[1], -1) {
			fields[m[1]] = optional
		}
	}
	return fields
}

// TestStateDocumented checks the state document against its table in
// docs/web.md: every field written is documented, and every field the
// table does not mark optional is written.
func TestStateDocumented(t *testing.T) {
	fields := documentedState(t)
	if len(fields) < 10 {
		t.Fatalf("read only %d fields from docs/web.md", len(fields))
	}
	s, hs := newTestServer(t, "")
	id, err := s.Start("dod", exampleLines(t, deduceordie.Definition), "", true)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(hs.URL + "/api/t/" + id + "/state")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var doc map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	for k := range doc {
		if _, ok := fields[k]; !ok {
			t.Errorf("the state has %q, which docs/web.md does not document", k)
		}
	}
	for k, optional := range fields {
		if _, ok := doc[k]; !ok && !optional {
			t.Errorf("docs/web.md documents %q, which the state lacks", k)
		}
	}
	if doc["schema"] != table.Schema {
		t.Errorf("schema %v", doc["schema"])
	}
}
