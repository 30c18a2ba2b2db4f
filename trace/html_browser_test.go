package trace

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/gtrag/gtrag/nodes"
)

// browserPath finds a Chromium or Chrome. `make test` installs Chromium
// when none is there; under CI (CI=true) a missing browser is a failure,
// since the viewer would otherwise go untested without anyone noticing.
func browserPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "no chromium, chromium-browser or google-chrome on PATH: the HTML viewer is not tested in a browser (make test installs Chromium; or apt-get install -y chromium)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// expectedStep is what the viewer must show for one step, read from the
// events directly rather than from the viewer's own model.
type expectedStep struct {
	id, node, reasoning, routeKey, routeReason string
	ops                                        int
	fields                                     []string
}

func expectedSteps(t *testing.T, evs []Event) []expectedStep {
	t.Helper()
	var out []expectedStep
	for _, e := range evs {
		if e.Step == 0 {
			continue
		}
		if e.Type == StepStarted {
			out = append(out, expectedStep{id: "step-" + itoa(e.Step), node: e.Node})
		}
		cur := &out[len(out)-1]
		switch e.Type {
		case OperationStarted:
			cur.ops++
		case StateMutated:
			var d StateMutatedData
			mustDecode(t, e, &d)
			for _, m := range d.Mutations {
				if m.Field == "reasoning" { // shown as the step's reasoning, as the narration does
					continue
				}
				cur.fields = append(cur.fields, m.Field)
			}
		case StepCompleted:
			var d StepCompletedData
			mustDecode(t, e, &d)
			cur.reasoning = d.Reasoning
		case RouteDecided:
			var d RouteDecidedData
			mustDecode(t, e, &d)
			cur.routeKey, cur.routeReason = d.Key, d.Reason
		}
	}
	return out
}

func mustDecode(t *testing.T, e Event, v any) {
	t.Helper()
	if err := e.Decode(v); err != nil {
		t.Fatal(err)
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// TestHTMLViewerInBrowser opens the viewer of a recorded run that went round
// the arXiv loop in headless Chromium from file://, steps through it with
// the keyboard and checks each step against the recording; it saves a
// screenshot of the loop's arXiv step. One browser serves the whole test.
func TestHTMLViewerInBrowser(t *testing.T) {
	exe := browserPath(t)
	evs := readFixture(t, "../testdata/trace/run.jsonl")
	hostile := `<script>window.pwned=1</script><img src=x onerror="window.pwned=2"> Why does tit-for-tat do well?`
	evs = withQuestion(t, evs, hostile)
	want := expectedSteps(t, evs)
	if len(want) < 6 || !strings.Contains(strings.Join(Path(evs), " "), "search_arxiv") {
		t.Fatalf("the fixture should go round the arXiv loop; path %v", Path(evs))
	}

	g, err := nodes.Build(nodes.Deps{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "run.html")
	f, err := os.Create(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := HTML(f, g, evs); err != nil {
		t.Fatal(err)
	}
	f.Close()

	// Chromium's own scratch files (the singleton socket directory it
	// makes in TMPDIR, dconf's cache) go in the test's directory too:
	// each run left an org.chromium.Chromium.* directory in /tmp.
	scratch := filepath.Join(dir, "scratch")
	if err := os.Mkdir(scratch, 0o700); err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.WindowSize(1600, 1000),
		chromedp.UserDataDir(filepath.Join(dir, "profile")),
		chromedp.Env("TMPDIR="+scratch, "XDG_CACHE_HOME="+scratch, "XDG_CONFIG_HOME="+scratch))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// The first Run starts the browser: no timeout on it (see chromedp.Run),
	// a deadline on everything after.
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+page)); err != nil {
		t.Fatalf("open %s in %s: %v", page, exe, err)
	}
	ctx, cancelT := context.WithTimeout(ctx, 60*time.Second)
	defer cancelT()

	eval := func(expr string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatalf("evaluate %s: %v", expr, err)
		}
		return s
	}

	// Untrusted text stays text: no script from the trace ran, and the
	// question reads exactly as asked.
	if got := eval(`String(window.pwned)`); got != "undefined" {
		t.Errorf("a <script> from the trace ran: window.pwned = %s", got)
	}
	if got := eval(`document.getElementById("question").textContent`); got != hostile {
		t.Errorf("question shows %q, want %q", got, hostile)
	}
	// Self-contained: the page loaded nothing besides itself.
	if got := eval(`JSON.stringify(performance.getEntriesByType("resource").map(function (r) { return r.name }))`); got != "[]" {
		t.Errorf("the page fetched resources: %s", got)
	}

	visible := `Array.prototype.filter.call(document.querySelectorAll("section.step"), function (s) { return getComputedStyle(s).display !== "none" })`
	check := func(i int, w expectedStep) {
		t.Helper()
		if got := eval(visible + `.map(function (s) { return s.id }).join(",")`); got != w.id {
			t.Fatalf("after moving to step %d the visible sections are %q, want only %q", i+1, got, w.id)
		}
		sel := `document.getElementById("` + w.id + `")`
		if got := eval(sel + `.querySelector("h2").textContent`); !strings.Contains(got, w.node) {
			t.Errorf("%s heading %q does not name %s", w.id, got, w.node)
		}
		if got := eval(`Array.prototype.map.call(document.querySelectorAll("#workflow .node.current"), function (g) { return g.getAttribute("data-node") }).join(",")`); got != w.node {
			t.Errorf("%s: the diagram marks %q as current, want %q", w.id, got, w.node)
		}
		if got := eval(sel + `.querySelector(".reasoning").textContent`); got != w.reasoning {
			t.Errorf("%s reasoning shows %q, want %q", w.id, got, w.reasoning)
		}
		if got := eval(`String(` + sel + `.querySelectorAll("li.op").length)`); got != itoa(w.ops) {
			t.Errorf("%s shows %s operations, the trace has %d", w.id, got, w.ops)
		}
		if got := eval(`Array.prototype.map.call(` + sel + `.querySelectorAll("table.diff tbody tr"), function (r) { return r.getAttribute("data-field") }).join(",")`); got != strings.Join(w.fields, ",") {
			t.Errorf("%s state diff shows fields %q, want %q", w.id, got, strings.Join(w.fields, ","))
		}
		route := eval(sel + `.querySelector(".route").textContent`)
		if w.routeKey != "" && (!strings.Contains(route, w.routeKey) || !strings.Contains(route, w.routeReason)) {
			t.Errorf("%s route shows %q, want key %q and reason %q", w.id, route, w.routeKey, w.routeReason)
		}
		if got := eval(`document.querySelector("#timeline a[aria-current=step]").getAttribute("href")`); got != "#"+w.id {
			t.Errorf("%s: the timeline marks %s", w.id, got)
		}
	}

	check(0, want[0])
	shot := ""
	for i := 1; i < len(want); i++ {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
			t.Fatal(err)
		}
		check(i, want[i])
		if want[i].node == "search_arxiv" && shot == "" {
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			// Kept with go test -artifacts (under -outputdir), else removed.
			shot = filepath.Join(t.ArtifactDir(), "gtrag-html-viewer.png")
			if err := os.WriteFile(shot, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("screenshot of %s: %s", want[i].id, shot)
		}
	}
	// One more → reaches the end: the answer; another stays there.
	for range 2 {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
			t.Fatal(err)
		}
	}
	var done ExecutionCompletedData
	mustDecode(t, evs[len(evs)-1], &done)
	if got := eval(visible + `.map(function (s) { return s.id }).join(",")`); got != "outcome" {
		t.Fatalf("past the last step the visible sections are %q, want outcome", got)
	}
	if got := eval(`document.querySelector("#outcome .answer").textContent`); got != done.FinalResponse {
		t.Errorf("the end shows answer %q, want %q", got, done.FinalResponse)
	}
	// ← goes back one step.
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	check(len(want)-1, want[len(want)-1])

	// Printing shows every step, not just the selected one.
	if err := chromedp.Do(ctx, emulateMedia("print")); err != nil {
		t.Fatal(err)
	}
	if got := eval(`String(` + visible + `.length)`); got != itoa(len(want)+1) {
		t.Errorf("in print, %s sections show, want all %d", got, len(want)+1)
	}

	if err := chromedp.Do(ctx, emulateMedia("")); err != nil { // back to the screen
		t.Fatal(err)
	}
	t.Run("fork", func(t *testing.T) { checkForkPage(t, ctx, g, dir) })
}

// emulateMedia makes the page render for media ("print"; "" is the screen).
func emulateMedia(media string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media})
		return err
	})
}

// checkForkPage opens the recording of a fork (testdata/trace/fork.jsonl,
// made by gtrag replay testdata/trace/run.jsonl --fork 7 --set
// relevant_context=false --offline --trace-out) and checks that the page
// shows it as a branch of the recorded run.
func checkForkPage(t *testing.T, ctx context.Context, g Described, dir string) {
	evs := readFixture(t, "../testdata/trace/fork.jsonl")
	_, set, err := Start(evs)
	if err != nil || set.Fork == nil {
		t.Fatalf("fork.jsonl is not the recording of a fork: %v %+v", err, set)
	}
	page := filepath.Join(dir, "fork.html")
	f, err := os.Create(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := HTML(f, g, evs); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+page)); err != nil {
		t.Fatal(err)
	}
	eval := func(expr string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatalf("evaluate %s: %v", expr, err)
		}
		return s
	}
	path := Path(evs)
	div := 0
	for i := range path {
		if i >= len(set.Fork.RecordedPath) || path[i] != set.Fork.RecordedPath[i] {
			div = i + 1
			break
		}
	}
	if div == 0 {
		t.Fatalf("the fork fixture took the recorded path %v", path)
	}
	banner := eval(`document.getElementById("fork").textContent`)
	for _, want := range []string{"fork of run " + set.Fork.Of, "step " + itoa(set.Fork.Step), "relevant_context=false", "diverge at step " + itoa(div)} {
		if !strings.Contains(banner, want) {
			t.Errorf("the fork banner %q lacks %q", banner, want)
		}
	}
	// The recorded run's other branch: the edge it took from the fork
	// step's node, which the fork did not.
	from, to := set.Fork.RecordedPath[div-2], set.Fork.RecordedPath[div-1]
	if got := eval(`String(document.querySelectorAll('#workflow .edge.recorded[data-from="` + from + `"][data-to="` + to + `"]').length)`); got != "1" {
		t.Errorf("the recorded branch %s → %s is not drawn", from, to)
	}
	// Steps up to the fork are marked replayed; the fork step says what changed.
	if got := eval(`String(document.querySelectorAll("#timeline li.replayed").length)`); got != itoa(set.Fork.Step) {
		t.Errorf("%s steps marked replayed, want %d", got, set.Fork.Step)
	}
	for range set.Fork.Step - 1 {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
			t.Fatal(err)
		}
	}
	sel := `document.getElementById("step-` + itoa(set.Fork.Step) + `")`
	shown := `Array.prototype.filter.call(document.querySelectorAll("section.step"), function (s) { return getComputedStyle(s).display !== "none" }).map(function (s) { return s.id }).join(",")`
	if got := eval(shown); got != "step-"+itoa(set.Fork.Step) {
		t.Fatalf("after %d → presses the page shows %q, want step-%d alone", set.Fork.Step-1, got, set.Fork.Step)
	}
	if got := eval(sel + `.querySelector(".fork-edit").textContent`); !strings.Contains(got, "relevant_context=false") {
		t.Errorf("the fork step says %q", got)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(t.ArtifactDir(), "gtrag-html-viewer-fork.png")
	if err := os.WriteFile(shot, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot of the fork at step %d: %s", set.Fork.Step, shot)
}

// withQuestion replaces the recorded question, as a hostile trace would.
func withQuestion(t *testing.T, evs []Event, q string) []Event {
	t.Helper()
	var d ExecutionStartedData
	mustDecode(t, evs[0], &d)
	d.Question = q
	raw, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	out := append([]Event(nil), evs...)
	out[0].Data = raw
	return out
}

func readFixture(t *testing.T, path string) []Event {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	evs, err := ReadEvents(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return evs
}
