package solver_test

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results"
	"github.com/klondike-family/klondike/solver"
	"github.com/klondike-family/klondike/variants"
)

var (
	updateSignatures = flag.Bool("update-signatures", false,
		"TestSearchSignatures: solve the pins again, choose any missing, and rewrite testdata/signatures.txt")
	sameVersion = flag.Bool("signatures-same-version", false,
		"with -update-signatures: let pins made at the current solver version change (a version not yet landed)")
)

// signatureFile holds the pins: for every game and the rule options its
// rows use, the verdict and node count of budgeted searches of fixed
// native deals.
const signatureFile = "testdata/signatures.txt"

// signatureSets are the rule sets the signatures cover: every game at its
// defaults, and Klondike's rule sets with a row of their own in results/.
var signatureSets = []struct{ game, opts string }{
	{"klondike", "draw=3"},
	{"klondike", "draw=1"},
	{"klondike", "draw=3,wb"},
	{"klondike", "draw=1,wb"},
	{"klondike", "draw=1,passes=1"},
	{"klondike", "draw=1,passes=1,wb"},
	{"klondike", "draw=3,passes=3"},
	{"klondike", "draw=3,passes=3,wb"},
	{"klondike", "draw=1,passes=3"},
	{"klondike", "draw=1,passes=3,wb"},
	{"klondike-strict", ""},
	{"klondike-strict", "wb"},
	{"klondike-holdout", ""},
	{"klondike-holdout", "wb"},
	{"klondike-familiar", ""},
	{"joker-klondike", ""},
	{"double-klondike", ""},
	{"double-klondike", "draw=1"},
	{"gargantua", ""},
	{"steps", ""},
	{"thumb-and-pouch", ""},
	{"whitehead", ""},
	{"yukon", ""},
	{"alaska", ""},
	{"agnes-sorel", ""},
	{"agnes-bernauer", ""},
}

// Budgets of the signatures: a decided deal is pinned at sigDecided nodes
// (updateSignatureFile says which), an undecided one at sigCut (the
// budget's cut must fall at the same node).
const (
	sigDecided = 150_000
	sigCut     = 20_000
	sigSeeds   = 40        // the seeds 0..sigSeeds-1 that -update-signatures looks through
	sigMem     = 256 << 20 // every search's memory
)

// signature is one pinned search: the deal, its budget, and what the
// search gave. version is the solver version (results.SolverVersion)
// whose search gave these counts: the version that last changed them,
// or the one they were first pinned at.
type signature struct {
	game, opts string
	seed       uint64
	maxNodes   int64
	verdict    solver.Verdict
	nodes      int64
	version    int
}

func (s signature) String() string {
	opts := s.opts
	if opts == "" {
		opts = "-"
	}
	return fmt.Sprintf("%s\t%s\t%d\t%d\t%s\t%d\t%d", s.game, opts, s.seed, s.maxNodes, s.verdict, s.nodes, s.version)
}

// TestSearchSignatures solves each pinned deal of testdata/signatures.txt
// twice and checks the verdict and the node count against the pins: the
// search is deterministic, and a change to any game's search (its order,
// pruning or budgets) shows here. Such a change must come with a new
// solver version (results.SolverVersion), since the version names the
// search's behaviour in every manifest: rewrite the pins then with
// -update-signatures, which marks the changed ones with the new version.
// Every win must replay.
func TestSearchSignatures(t *testing.T) {
	cur, err := strconv.Atoi(results.SolverVersion)
	if err != nil {
		t.Fatalf("results.SolverVersion %q is not a number", results.SolverVersion)
	}
	if *updateSignatures {
		updateSignatureFile(t, cur)
		return
	}
	sigs := readSignatures(t)
	latest := 0
	for _, sg := range sigs {
		latest = max(latest, sg.version)
		if sg.version > cur {
			t.Errorf("%s: pinned at solver version %d, after the current %d", sg, sg.version, cur)
		}
		res := signatureSolve(t, sg.game, sg.opts, sg.seed, sg.maxNodes)
		verdict, nodes := res.Verdict, res.Stats.Nodes
		if verdict != sg.verdict || nodes != sg.nodes {
			t.Errorf("%s %s seed %d, %d nodes at most: got %v after %d nodes, pinned %v after %d (solver version %d);"+
				" a changed search needs a new solver version and -update-signatures",
				sg.game, sg.opts, sg.seed, sg.maxNodes, verdict, nodes, sg.verdict, sg.nodes, sg.version)
		}
	}
	if latest != cur {
		t.Errorf("no signature is pinned at the current solver version %d (the latest is %d): a new version changes some game's search, whose pins must show it", cur, latest)
	}
	covered := map[string]bool{}
	for _, sg := range sigs {
		covered[sg.game+" "+sg.opts] = true
	}
	for _, set := range signatureSets {
		if !covered[set.game+" "+set.opts] {
			t.Errorf("%s %s: no signature pinned", set.game, set.opts)
		}
	}
}

// TestSignaturesAgreeWithSameSearch: a pin changed by a version after
// the one the pins were first made at must be of a rule set whose search
// that version changed by results.SameSearch (its searchChanges entry);
// else a run of that game could go on across the change.
func TestSignaturesAgreeWithSameSearch(t *testing.T) {
	sigs := readSignatures(t)
	first := sigs[0].version
	for _, sg := range sigs {
		first = min(first, sg.version)
	}
	for _, sg := range sigs {
		if sg.version == first {
			continue
		}
		r := signatureRules(t, sg.game, sg.opts)
		if results.SameSearch(strconv.Itoa(sg.version-1), strconv.Itoa(sg.version), &r) {
			t.Errorf("%s: changed by solver version %d, which results.SameSearch says searches %s %s as version %d",
				sg, sg.version, sg.game, sg.opts, sg.version-1)
		}
	}
}

// signatureSolve solves native deal seed of game with opts (comma-separated:
// draw=N, passes=N, wb) twice within maxNodes, checks that the two runs
// agree and that a win replays, and returns the first run's result.
func signatureSolve(t *testing.T, game, opts string, seed uint64, maxNodes int64) solver.Result {
	t.Helper()
	r := signatureRules(t, game, opts)
	g, err := engine.NewGame(r)
	if err != nil {
		t.Fatalf("%s %s: %v", game, opts, err)
	}
	s, err := g.NewState(engine.NativeDeal(&r, seed))
	if err != nil {
		t.Fatalf("%s %s seed %d: %v", game, opts, seed, err)
	}
	var first solver.Result
	for run := 0; run < 2; run++ {
		res := solver.Solve(context.Background(), s, solver.Options{MaxNodes: maxNodes, Mem: sigMem})
		if run == 0 {
			first = res
			continue
		}
		if res.Verdict != first.Verdict || res.Stats.Nodes != first.Stats.Nodes {
			t.Errorf("%s %s seed %d: not deterministic: %v after %d nodes, then %v after %d",
				game, opts, seed, first.Verdict, first.Stats.Nodes, res.Verdict, res.Stats.Nodes)
		}
	}
	if first.Verdict == solver.Won {
		if err := engine.VerifyMoves(s, first.Solution); err != nil {
			t.Errorf("%s %s seed %d: the win does not replay: %v", game, opts, seed, err)
		}
	}
	return first
}

// signatureRules returns the rules of game with a pin's options
// (comma-separated: draw=N, passes=N, wb).
func signatureRules(t *testing.T, game, opts string) engine.Rules {
	t.Helper()
	var o variants.Options
	if opts != "" {
		for _, f := range strings.Split(opts, ",") {
			k, v, hasV := strings.Cut(f, "=")
			n, err := strconv.Atoi(v)
			if hasV != (k != "wb") || hasV && err != nil {
				t.Fatalf("signature options %q: bad %q", opts, f)
			}
			switch k {
			case "draw":
				o.Draw = n
			case "passes":
				o.Passes, o.PassesSet = n, true
			case "wb":
				o.Defoundation, o.DefoundSet = true, true
			default:
				t.Fatalf("signature options %q: unknown %q", opts, f)
			}
		}
	}
	_, r, err := variants.Resolve(game, o)
	if err != nil {
		t.Fatalf("%s %s: %v", game, opts, err)
	}
	return r
}

// readSignatures reads testdata/signatures.txt: '#' lines are comments;
// each other line is game, options ("-" for none), seed, node budget,
// verdict, nodes and solver version, tab-separated.
func readSignatures(t *testing.T) []signature {
	t.Helper()
	data, err := os.ReadFile(signatureFile)
	if err != nil {
		t.Fatal(err)
	}
	var sigs []signature
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) != 7 {
			t.Fatalf("%s:%d: %d fields, want 7", signatureFile, line, len(f))
		}
		var sg signature
		sg.game, sg.opts = f[0], f[1]
		if sg.opts == "-" {
			sg.opts = ""
		}
		var errs [4]error
		sg.seed, errs[0] = strconv.ParseUint(f[2], 10, 64)
		sg.maxNodes, errs[1] = strconv.ParseInt(f[3], 10, 64)
		sg.nodes, errs[2] = strconv.ParseInt(f[5], 10, 64)
		sg.version, errs[3] = strconv.Atoi(f[6])
		for _, e := range errs {
			if e != nil {
				t.Fatalf("%s:%d: %v", signatureFile, line, e)
			}
		}
		switch f[4] {
		case solver.Won.String():
			sg.verdict = solver.Won
		case solver.Lost.String():
			sg.verdict = solver.Lost
		case solver.Unknown.String():
			sg.verdict = solver.Unknown
		default:
			t.Fatalf("%s:%d: verdict %q", signatureFile, line, f[4])
		}
		sigs = append(sigs, sg)
	}
	return sigs
}

// updateSignatureFile rewrites testdata/signatures.txt. Every pin already
// there is solved again and keeps its line; where its verdict or nodes
// changed it gets the current solver version, which must be newer than
// the pin's (unless -signatures-same-version). Then each rule set of
// signatureSets that lacks a pin of a kind gets one, chosen among the seeds
// 0..sigSeeds-1: the won deal of the most nodes within sigDecided, the lost
// one of the most real nodes (those the abstractions' proofs left to the
// real search), and the first deal undecided within sigCut.
func updateSignatureFile(t *testing.T, cur int) {
	var sigs []signature
	if _, err := os.Stat(signatureFile); err == nil {
		sigs = readSignatures(t)
	}
	has := map[string]bool{} // rule set and verdict
	for i := range sigs {
		sg := &sigs[i]
		res := signatureSolve(t, sg.game, sg.opts, sg.seed, sg.maxNodes)
		if res.Verdict != sg.verdict || res.Stats.Nodes != sg.nodes {
			if sg.version == cur && !*sameVersion {
				t.Fatalf("%s: the search changed, but the pin was made at the current solver version %d: "+
					"a changed search needs a new version (results.SolverVersion; -signatures-same-version while that version has not landed)", sg, cur)
			}
			sg.verdict, sg.nodes, sg.version = res.Verdict, res.Stats.Nodes, cur
		}
		has[sg.game+" "+sg.opts+" "+sg.verdict.String()] = true
	}
	for _, set := range signatureSets {
		key := set.game + " " + set.opts + " "
		if has[key+solver.Won.String()] && has[key+solver.Lost.String()] && has[key+solver.Unknown.String()] {
			continue
		}
		var won, lost, cut *signature
		var lostReal int64 // lost's real nodes
		for seed := uint64(0); seed < sigSeeds; seed++ {
			res := signatureSolve(t, set.game, set.opts, seed, sigDecided)
			v, n, real := res.Verdict, res.Stats.Nodes, res.Stats.Nodes-res.Stats.RelaxedNodes
			sg := signature{game: set.game, opts: set.opts, seed: seed, maxNodes: sigDecided, verdict: v, nodes: n, version: cur}
			switch {
			case v == solver.Won && (won == nil || n > won.nodes):
				won = &sg
			case v == solver.Lost && (lost == nil || real > lostReal || real == lostReal && n > lost.nodes):
				lost, lostReal = &sg, real
			}
			if cut == nil && !has[key+solver.Unknown.String()] && (v == solver.Unknown || n > sigCut) {
				if c := signatureSolve(t, set.game, set.opts, seed, sigCut); c.Verdict == solver.Unknown {
					cut = &signature{game: set.game, opts: set.opts, seed: seed, maxNodes: sigCut, verdict: c.Verdict, nodes: c.Stats.Nodes, version: cur}
				}
			}
		}
		for _, sg := range []*signature{won, lost, cut} {
			if sg != nil && !has[key+sg.verdict.String()] {
				sigs = append(sigs, *sg)
			}
		}
	}
	var buf bytes.Buffer
	buf.WriteString("# Pinned searches of TestSearchSignatures (solver/signature_test.go), written by\n")
	buf.WriteString("# go test ./solver -run TestSearchSignatures -update-signatures\n")
	buf.WriteString("# game\toptions\tseed\tmax_nodes\tverdict\tnodes\tsolver_version\n")
	for _, sg := range sigs {
		buf.WriteString(sg.String() + "\n")
	}
	if err := os.MkdirAll(filepath.Dir(signatureFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(signatureFile, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", signatureFile)
}
