package results

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestExpandRunDirs: a directory without a manifest stands for the result
// directories under it, merged ones left out where shards are beside them
// and unreadable ones kept for their reader; every other argument is kept
// as given.
func TestExpandRunDirs(t *testing.T) {
	tmp := t.TempDir()
	put := func(rel, text string) {
		p := filepath.Join(tmp, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("run/shard-02-of-03/manifest.json", `{"shard": "2/3"}`)
	put("run/shard-01-of-03/manifest.json", `{"shard": "1/3"}`)
	put("run/merged/manifest.json", `{"shard": "merged 2 of 3"}`)
	put("run/torn/manifest.json", `{"shard": `)
	put("run/plots/a.svg", "<svg/>")
	put("run/README.md", "notes")
	put("one/manifest.json", `{"shard": "1/1"}`)
	put("one/sub/manifest.json", `{"shard": "1/1"}`)
	put("empty/plots/a.svg", "<svg/>")
	p := func(rel string) string { return filepath.Join(tmp, rel) }
	got, err := ExpandRunDirs([]string{p("one"), p("run"), p("empty"), p("none"), p("run/README.md"), p("run/merged")})
	want := []string{p("one"), p("run/shard-01-of-03"), p("run/shard-02-of-03"), p("run/torn"),
		p("empty"), p("none"), p("run/README.md"), p("run/merged")}
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ExpandRunDirs:\n got %q\nwant %q", got, want)
	}
	// Merged runs with no shards beside them are runs of their own, kept
	// in name order with the others.
	put("merged/b/manifest.json", `{"shard": "merged 5 of 5"}`)
	put("merged/a/manifest.json", `{"shard": "1/1"}`)
	put("merged/c/manifest.json", `{"shard": "merged 10 of 10"}`)
	got, err = ExpandRunDirs([]string{p("merged")})
	if want := []string{p("merged/a"), p("merged/b"), p("merged/c")}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("merged runs without shards: got %q (%v), want %q", got, err, want)
	}
	put("two/a/manifest.json", `{"shard": "1/3", "max_nodes": 1000}`)
	put("two/b/manifest.json", `{"shard": "2/3", "max_nodes": 2000}`)
	if _, err := ExpandRunDirs([]string{p("two")}); err == nil || !strings.Contains(err.Error(), "holds shards of more than one run") ||
		!strings.Contains(err.Error(), "max_nodes (1000 vs 2000)") {
		t.Errorf("shards of two runs in one directory: %v", err)
	}
	put("split/a/manifest.json", `{"shard": "1/3"}`)
	put("split/b/manifest.json", `{"shard": "1/2"}`)
	if _, err := ExpandRunDirs([]string{p("split")}); err == nil || !strings.Contains(err.Error(), "shard (1/3 vs 1/2)") {
		t.Errorf("shards of two splits in one directory: %v", err)
	}
}
