package trace

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/gtrag/gtrag/environment"
)

// A run's searches are what it asked arXiv and got: the narration and the
// page name the query, the counts, the best paper and a cached page, not
// "1 item: {6 fields}".
func TestQA2SearchesAreSummarisedByContent(t *testing.T) {
	raw := json.RawMessage(`[{"query":"ti:\"nash equilibrium\"","start":0,"total":1296,"returned":50,"best":"2501.72351v1","cached":true},` +
		`{"query":"ti:auction","start":50,"total":7,"returned":0,"failed":"arXiv said 503"}]`)
	got := Summarize("searches", raw)
	for _, want := range []string{`2 searches: `, `"ti:"nash equilibrium"": 50 of 1296, best 2501.72351v1, from the cache`, `"ti:auction" from 50: failed: arXiv said 503`} {
		if !strings.Contains(got, want) {
			t.Errorf("Summarize(searches) = %s\nwant it to contain %s", got, want)
		}
	}
	if strings.Contains(got, "fields}") {
		t.Errorf("Summarize(searches) counts fields: %s", got)
	}
	if got := Summarize("x", json.RawMessage(`{"b":"text","a":1}`)); got != `{a: 1, b: "text"}` {
		t.Errorf("an object = %s, want its fields", got)
	}
}

// The environment lines of the narration are words, not the metadata's
// JSON and "1 objects"; recordings that hold the old lines read the same.
func TestQA2EnvironmentChangesReadable(t *testing.T) {
	before := environment.Environment{"paper_filter": {{Objects: []map[string]any{{"title": "a"}}}}}
	after := environment.Environment{
		"paper_filter": {{Objects: []map[string]any{{"title": "a"}, {"title": "b"}, {"title": "c"}}}},
		"store.query":  {{Metadata: map[string]any{"k": 10, "query": "nash"}, Objects: []map[string]any{{"id": "x"}}}},
	}
	got := strings.Join(describeEnvChanges(before, after), "\n")
	want := "paper_filter: +2 verdicts\nstore.query: new entry (query \"nash\", k 10) with 1 chunk"
	if got != want {
		t.Errorf("describeEnvChanges =\n%s\nwant\n%s", got, want)
	}
	for old, want := range map[string]string{
		`paper_filter: new entry {} with 1 objects`:                                         `paper_filter: new entry with 1 verdict`,
		`store.query: +5 objects in entry {"k":10,"query":"nash"}`:                          `store.query: +5 chunks in entry (query "nash", k 10)`,
		`arxiv.search: new entry {"max":50,"query":"q","start":0,"total":9} with 3 objects`: `arxiv.search: new entry (query "q", max 50, start 0, 9 matching) with 3 papers`,
		`something else`: `something else`,
	} {
		if got := readableEnvChange(old); got != want {
			t.Errorf("readableEnvChange(%s) = %s, want %s", old, got, want)
		}
	}
}

// An offline fork starts from the store as it stood at the fork: the
// fixture's run added its two papers at step 5, so a fork after step 1
// starts empty (and its add_to_chroma writes them anew), one after step 5
// starts with them.
func TestQA2OfflineForkStoreAsAtTheForkStep(t *testing.T) {
	p, err := NewPlayer(readFixture(t, "../testdata/trace/run.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for step, want := range map[int]int{1: 0, 4: 0, 5: 2, 7: 2} {
		if got := len(p.RecordedDocumentsAt(step)); got != want {
			t.Errorf("RecordedDocumentsAt(%d): %d documents, want %d", step, got, want)
		}
	}
	if n := len(p.RecordedDocuments()); n != 2 {
		t.Errorf("RecordedDocuments: %d, want 2", n)
	}
}

// A run stopped with Ctrl-C during a step is told as stopped there, not as
// a failure, in the narration and on the page.
func TestQA2CtrlCRunToldAsStopped(t *testing.T) {
	mk := func(seq int64, typ Type, step int, node string, data any) Event {
		b, _ := json.Marshal(data)
		return Event{ID: "x", ExecutionID: "x", Seq: seq, TS: time.Unix(0, 0), Type: typ, Step: step, Node: node, Data: b}
	}
	errText := `run the workflow: node search_arxiv (step 3): search arXiv: context canceled: interrupt signal received`
	evs := []Event{
		mk(1, ExecutionStarted, 0, "", ExecutionStartedData{Format: FormatVersion, Question: "q"}),
		mk(2, ExecutionFailed, 0, "", ExecutionFailedData{Error: errText, Path: []string{"pull_from_chroma", "check_relevance"}}),
	}
	var b bytes.Buffer
	if err := Narrate(&b, evs); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "STOPPED (Ctrl-C) during step 3") || strings.Contains(b.String(), "FAILED") {
		t.Errorf("narration:\n%s", b.String())
	}
	v := buildView(evs)
	if v.Outcome != "stopped" || v.StoppedStep != 3 || v.StoppedBy != "Ctrl-C" {
		t.Errorf("page outcome %q step %d by %q", v.Outcome, v.StoppedStep, v.StoppedBy)
	}
}

// A decision agent's reason that starts with "because" is not shown as
// "because because …" on the page.
func TestQA2PageReasonNotBecauseBecause(t *testing.T) {
	if got := withoutBecause("Because the store is empty"); got != "the store is empty" {
		t.Errorf("withoutBecause = %q", got)
	}
	if got := withoutBecause("the store is empty"); got != "the store is empty" {
		t.Errorf("withoutBecause = %q", got)
	}
}
