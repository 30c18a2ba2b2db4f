package trace

import (
	"context"
	"strings"
	"testing"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/nodes"
)

func TestParseEditAndApply(t *testing.T) {
	s := nodes.NewState("q")
	s.ArxivPapers = []arxiv.Paper{{ID: "1"}}
	for _, c := range []struct {
		in    string
		check func(nodes.GraphState) bool
	}{
		{"relevant_context=true", func(g nodes.GraphState) bool { return g.RelevantContext }},
		{"arxiv_papers=[]", func(g nodes.GraphState) bool { return len(g.ArxivPapers) == 0 }},
		{"arxiv_query=nash equilibrium", func(g nodes.GraphState) bool { return g.ArxivQuery == "nash equilibrium" }},
		{`final_response="x"`, func(g nodes.GraphState) bool { return g.FinalResponse == "x" }},
		{"papers_added = 4", func(g nodes.GraphState) bool { return g.PapersAdded == 4 }},
		{`chroma_results=[{"id":"primer:core_chunk_0","content":"The core.","metadata":{"paper_id":"primer:core"}}]`, func(g nodes.GraphState) bool {
			return len(g.ChromaResults) == 1 && g.ChromaResults[0].PaperID() == "primer:core"
		}},
	} {
		e, err := ParseEdit(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		got, err := e.Apply(s)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if !c.check(got) {
			t.Errorf("%s: not applied: %+v", c.in, got)
		}
		if got.UserQuery != "q" {
			t.Errorf("%s changed user_query to %q", c.in, got.UserQuery)
		}
	}
	for _, bad := range []string{"", "=1", "relevant_context", "nope=1", "relevant_context=3", "papers_added=[]"} {
		if _, err := ParseEdit(bad); err == nil {
			t.Errorf("ParseEdit(%q) accepted", bad)
		}
	}
}

func TestPaperStandInPages(t *testing.T) {
	s := PaperStandIn{{ID: "a"}, {ID: "b"}, {ID: "c"}}
	p, _ := s.Search(context.Background(), "anything", 1, 5, arxiv.SearchOptions{})
	if p.Total != 3 || len(p.Papers) != 2 || p.Papers[0].ID != "b" {
		t.Errorf("page from 1: %+v", p)
	}
	p, _ = s.Search(context.Background(), "anything", 3, 5, arxiv.SearchOptions{})
	if len(p.Papers) != 0 {
		t.Errorf("past the end: %+v", p)
	}
}

// The fixture's recorded documents and papers are what an offline fork
// starts from.
func TestRecordedPapersAndDocuments(t *testing.T) {
	p, err := NewPlayer(readFixture(t, "../testdata/trace/run.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(p.RecordedPapers()); n != 3 {
		t.Errorf("%d recorded papers, the fixture's search returned 3", n)
	}
	docs := p.RecordedDocuments()
	if len(docs) != 2 || docs[0].Content == "" {
		t.Errorf("recorded documents: %+v", docs)
	}
}

// A --set value of the wrong type is explained in JSON's words, not Go's.
func TestParseEditTypeErrorsSpeakJSON(t *testing.T) {
	for in, want := range map[string]string{
		"relevant_context=maybe": "relevant_context takes true or false, not a JSON string",
		"papers_added=[]":        "papers_added takes a whole number, not a JSON array",
		"arxiv_papers=3":         "arxiv_papers takes a JSON array ([] for none), not a JSON number",
		"chroma_results=[1]":     "each item of chroma_results is a JSON object, not a JSON number",
		"papers_added=-5":        "papers_added takes a whole number, 0 or more",
		"papers_seen=[1]":        "each item of papers_seen is text, as a JSON string, not a JSON number",
		// Inside an item, the key is named; no "bare" text inside JSON.
		`chroma_results=[{"id":"zz","score":"high"}]`: `the "score" of each item of chroma_results takes a number, not a JSON string`,
		`arxiv_papers=[{"id":"x","authors":"me"}]`:    `the "authors" of each item of arxiv_papers takes a JSON array ([] for none), not a JSON string`,
		`searches=[{"query":1}]`:                      `the "query" of each item of searches takes text, as a JSON string, not a JSON number`,
		// An item that is not the field's: a key its type lacks, or no
		// identity (it cited "[1]  — arXiv:").
		`chroma_results=[{}]`:          `item 1 needs its "id", as text`,
		`sources=[{"title":"t"}]`:      `item 1 needs its "paper_id", as text`,
		`chroma_results=[{"bogus":1}]`: `item 1 has "bogus", which an item of chroma_results does not (it has id, content, metadata, score,`,
	} {
		_, err := ParseEdit(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseEdit(%q) = %v, want %q", in, err, want)
		}
		if err != nil && strings.Contains(err.Error(), "Go struct") {
			t.Errorf("ParseEdit(%q) speaks Go: %v", in, err)
		}
	}
}
