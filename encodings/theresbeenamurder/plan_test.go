package theresbeenamurder

import (
	"go/build"
	"path"
	"slices"
	"strings"
	"testing"
)

// TestPackagePlan checks the package plan of doc.go: each part imports
// only the parts listed below it (engine nothing but the standard
// library), so no part imports one above it and the simulator, which is
// the engine's, cannot share the tracker's code.
func TestPackagePlan(t *testing.T) {
	const module = "github.com/gumshoe-dev/gumshoe/"
	const game = module + "encodings/theresbeenamurder"
	// The parts from the bottom up, each with the module's packages it may
	// import.
	parts := []struct {
		dir   string
		allow []string
	}{
		{"engine", nil},
		{"notation", []string{"encodings/table", "encodings/theresbeenamurder/engine"}},
		{"certain", []string{"encodings/table", "solver", "encodings/theresbeenamurder/engine"}},
		{"estimate", []string{"encodings/theresbeenamurder/certain", "encodings/theresbeenamurder/engine"}},
	}
	for _, p := range parts {
		pkg, err := build.ImportDir(p.dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range pkg.Imports {
			if !strings.HasPrefix(imp, module) {
				if strings.Contains(strings.Split(imp, "/")[0], ".") {
					t.Errorf("%s imports %s, outside the module and the standard library", p.dir, imp)
				}
				continue
			}
			if !slices.Contains(p.allow, strings.TrimPrefix(imp, module)) {
				t.Errorf("%s imports %s, which its place in the plan does not allow", p.dir, imp)
			}
		}
	}
	// The game's face may import every part; nothing imports it.
	for _, p := range parts {
		pkg, _ := build.ImportDir(p.dir, 0)
		if slices.Contains(pkg.Imports, game) {
			t.Errorf("%s imports the game's package %s", p.dir, path.Base(game))
		}
	}
}
