package trace

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
)

// Trace content is untrusted: a question, a paper title or a model's
// reasoning can hold markup. The page must carry it as text, and the only
// script on it is the viewer's own.
func TestHTMLEscapesTraceContent(t *testing.T) {
	evs := readFixture(t, "../testdata/trace/run.jsonl")
	evs = withQuestion(t, evs, `</title><script>alert("q")</script>`)
	for i, e := range evs {
		if e.Type == StepCompleted {
			var d StepCompletedData
			mustDecode(t, e, &d)
			d.Reasoning = `<img src=x onerror=alert(1)></pre></section><script>alert("r")</script>`
			evs[i].Data, _ = json.Marshal(d)
			break
		}
	}
	page := htmlPage(t, evs)
	if n := strings.Count(strings.ToLower(page), "<script"); n != 1 {
		t.Errorf("the page has %d <script> tags, want only the viewer's", n)
	}
	for _, bad := range []string{`<img src=x`, `</title><script>`, `alert("r")</script>`} {
		if strings.Contains(page, bad) {
			t.Errorf("the page carries %q unescaped", bad)
		}
	}
	for _, want := range []string{`&lt;/title&gt;&lt;script&gt;alert(&#34;q&#34;)&lt;/script&gt;`, `&lt;img src=x onerror=alert(1)&gt;`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks the escaped text %q", want)
		}
	}
	// Self-contained: nothing is fetched from anywhere.
	for _, ref := range []string{`src="http`, `href="http`, `src="//`, `href="//`, `@import`, `url(http`} {
		if strings.Contains(page, ref) {
			t.Errorf("the page references an outside resource (%s)", ref)
		}
	}
}

// The diagram is laid out from the graph's metadata: every node once, no two
// boxes overlapping, the loop's edge drawn as going back, and the visit
// counts those of the recorded path.
func TestHTMLLayoutFromMetadata(t *testing.T) {
	evs := readFixture(t, "../testdata/trace/run.jsonl")
	g, err := nodes.Build(nodes.Deps{})
	if err != nil {
		t.Fatal(err)
	}
	path := VisitedPath(evs)
	sg := layoutGraph(g, path)
	if len(sg.Nodes) != len(g.Nodes())+2 {
		t.Fatalf("%d boxes for %d nodes plus START and END", len(sg.Nodes), len(g.Nodes()))
	}
	visits := map[string]int{}
	for _, n := range path {
		visits[n]++
	}
	for i, a := range sg.Nodes {
		if a.Name != graph.START && a.Visits != visits[a.Name] {
			t.Errorf("%s drawn with %d visits, the path has %d", a.Name, a.Visits, visits[a.Name])
		}
		for _, b := range sg.Nodes[i+1:] {
			if a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H {
				t.Errorf("boxes %s and %s overlap", a.Name, b.Name)
			}
		}
		if a.X < 0 || a.Y < 0 || a.X+a.W > sg.Width || a.Y+a.H > sg.Height {
			t.Errorf("box %s lies outside the %gx%g drawing", a.Name, sg.Width, sg.Height)
		}
	}
	var back []string
	for _, e := range sg.Edges {
		if e.Back {
			back = append(back, e.From+"→"+e.To)
		}
	}
	if got := strings.Join(back, ","); got != nodes.AddToChroma+"→"+nodes.PullFromChroma {
		t.Errorf("back edges %q, want the loop's add_to_chroma→pull_from_chroma", got)
	}
	if len(sg.Edges) != len(g.Edges()) {
		t.Errorf("%d edges drawn, the graph has %d", len(sg.Edges), len(g.Edges()))
	}
}

// The viewer marks the node of the step shown; the outcome's section was
// END's whatever the outcome, so a run interrupted at step 5 showed END as
// where it stood. Only a completed run's outcome is END's.
func TestHTMLOutcomeIsEndOnlyForACompletedRun(t *testing.T) {
	evs := readFixture(t, "../testdata/trace/run.jsonl")
	check := func(ok bool, msg string) {
		t.Helper()
		if !ok {
			t.Error(msg)
		}
	}
	check(strings.Contains(htmlPage(t, evs), `id="outcome" data-node="__end__"`), "a completed run's outcome is END's")
	cut := evs[:len(evs)/2] // the recording ends before the run did
	page := htmlPage(t, cut)
	check(strings.Contains(page, `id="outcome"`), "the outcome is shown")
	check(!strings.Contains(page, `id="outcome" data-node="__end__"`), "an unfinished run's outcome marks no node")
}

// The page lists the answer's sources as the answer does, [n] title, id
// and URL: it showed each as a raw object ({chunk_id: …, score: …}), and a
// class could not tell which paper [1] was.
func TestHTMLListsSourcesAsTheAnswerDoes(t *testing.T) {
	page := htmlPage(t, readFixture(t, "../testdata/trace/run.jsonl"))
	for _, want := range []string{
		`<li>[1] Tit-for-Tat in Repeated Games — arXiv:2301.01234v2 http://arxiv.org/abs/2301.01234v2</li>`,
		`<li>[2] Cooperation Among Egoists: an Evolutionary Game — arXiv:cs/0112004v1 http://arxiv.org/abs/cs/0112004v1</li>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(page, "chunk_id:") {
		t.Error("a source is shown as a raw object")
	}
}

// A step the recording stops in never gave its reasoning nor its update:
// the page says so, as the narration does; it said "(none given)" and "no
// state change" under a store write that may have happened.
func TestHTMLSaysAnUnfinishedStepWasNotRecorded(t *testing.T) {
	evs := readFixture(t, "../testdata/trace/run.jsonl")
	last := -1
	for i, e := range evs {
		if e.Type == StepStarted {
			last = i
		}
	}
	page := htmlPage(t, evs[:last+1]) // cut just after the last step began
	if n := strings.Count(page, "(not recorded: the step did not finish)"); n != 2 {
		t.Errorf("the unfinished step's reasoning and update: %d mentions, want 2", n)
	}
	if strings.Contains(page, "(none given)") {
		t.Error(`an unfinished step reads "(none given)"`)
	}
	full := htmlPage(t, evs)
	if strings.Contains(full, "(not recorded: the step did not finish)") {
		t.Error("a finished run has no unfinished step")
	}
}
