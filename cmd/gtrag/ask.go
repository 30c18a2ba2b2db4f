package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/trace"
	"github.com/gtrag/gtrag/vectordb"
)

// askOptions are the ask command's own flags.
type askOptions struct {
	k, maxResults, maxSteps int
	json                    bool
	trace                   bool   // narrate every step on stderr
	traceOut                string // record the run's events to this file
}

func newAskCmd(a *app) *cobra.Command {
	var o askOptions
	cmd := &cobra.Command{
		Use:   "ask QUESTION",
		Short: "Answer a question, with numbered citations to its sources",
		Long: `ask runs the workflow: it retrieves passages from the knowledge base, judges
whether they answer the question, searches arXiv for game-theory papers when
they do not (adding them to the store), and answers with citations.`,
		Example: `  gtrag ask "What is a Nash equilibrium?"
  gtrag ask --json "Why does tit-for-tat do well in the iterated prisoner's dilemma?"
  gtrag ask -k 5 --max-results 4 "How does a Vickrey auction make bidding truthful?"`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			q, err := checkQuestion(strings.Join(args, " "))
			if err != nil {
				return err
			}
			if err := o.validate(); err != nil {
				return err
			}
			sess, err := a.openSession(cmd.Context(), o)
			if err != nil {
				return err
			}
			defer sess.Close()
			res, err := sess.ask(cmd.Context(), q)
			if err != nil {
				return err
			}
			if o.json {
				return writeJSON(a.stdout, res)
			}
			for _, n := range res.Notices {
				fmt.Fprintln(a.stderr, "note: "+oneLine(errors.New(n)))
			}
			printAnswer(a.stdout, res)
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVarP(&o.k, "k", "k", 3, "documents to retrieve from the store")
	f.IntVar(&o.maxResults, "max-results", 2, "papers per arXiv search")
	f.IntVar(&o.maxSteps, "max-steps", 25, "stop a run after this many steps")
	f.BoolVar(&o.json, "json", false, "print one JSON object")
	f.BoolVar(&o.trace, "trace", false, "narrate every step on stderr: percept, reasoning, action, environment update, next")
	f.StringVar(&o.traceOut, "trace-out", "", "record the run's events to `FILE` (JSON Lines) for gtrag trace and gtrag replay")
	return cmd
}

func (o askOptions) validate() error {
	switch {
	case o.k < 1 || o.k > 100:
		return usagef("-k %d: want 1 to 100", o.k)
	case o.maxResults < 1 || o.maxResults > 50:
		return usagef("--max-results %d: want 1 to 50", o.maxResults)
	case o.maxSteps < 1 || o.maxSteps > 1000:
		return usagef("--max-steps %d: want 1 to 1000", o.maxSteps)
	}
	return nil
}

// maxQuestionBytes bounds a question: longer text is a document, not a
// question, and would only dilute retrieval.
const maxQuestionBytes = 4096

// checkQuestion rejects what cannot be a question and folds white space.
func checkQuestion(q string) (string, error) {
	if err := checkText("the question", q, maxQuestionBytes); err != nil {
		return "", err
	}
	return strings.Join(strings.Fields(q), " "), nil
}

// checkText rejects text that cannot be meant: invalid UTF-8, more than
// limit bytes, control characters, or nothing at all. what names the text
// in the message ("the question", "--query").
func checkText(what, s string, limit int) error {
	if !utf8.ValidString(s) {
		return usagef("%s is not valid UTF-8", what)
	}
	if len(s) > limit {
		return usagef("%s is %d bytes; the limit is %d", what, len(s), limit)
	}
	for _, r := range s {
		if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
			return usagef("%s contains a control character (%U)", what, r)
		}
	}
	if strings.TrimSpace(s) == "" {
		return usagef("%s is empty", what)
	}
	return nil
}

// askResult is the `ask --json` object of the command-line contract.
type askResult struct {
	Question         string         `json:"question"`
	Answer           string         `json:"answer"`
	Sources          []nodes.Source `json:"sources"`
	Path             []string       `json:"path"`
	RelevantContext  bool           `json:"relevant_context"`
	PapersSeen       []string       `json:"papers_seen"`
	PapersAdded      int            `json:"papers_added"`
	StoreCountBefore int            `json:"store_count_before"`
	StoreCountAfter  int            `json:"store_count_after"`
	ArxivRequests    int64          `json:"arxiv_requests"`
	LLM              string         `json:"llm"`
	Embedder         string         `json:"embedder"`
	Notices          []string       `json:"notices"`
	ElapsedMS        int64          `json:"elapsed_ms"`
}

// session is what one or more questions need, opened once.
type session struct {
	db      *vectordb.DB
	llm     reasoner.Set
	arxiv   *arxiv.Client
	g       *nodes.Graph
	options askOptions

	rec       *trace.Recorder // nil unless --trace or --trace-out
	traceFile *trace.File
}

// openSession opens the store, the reasoners and the arXiv client, and
// compiles the workflow over them.
func (a *app) openSession(ctx context.Context, o askOptions) (*session, error) {
	rs, err := a.openReasoners(ctx)
	if err != nil {
		return nil, err
	}
	rec, traceFile, err := a.openRecorder(o, rs.Name) // before the store: a bad --trace-out writes nothing
	if err != nil {
		return nil, err
	}
	var wrap []func(vectordb.Embedder) vectordb.Embedder
	if rec != nil {
		wrap = append(wrap, rec.Embedder)
	}
	db, err := a.openStore(ctx, wrap...)
	if err != nil {
		if traceFile != nil {
			traceFile.Abort()
		}
		return nil, err
	}
	client := a.arxivClient()
	deps := nodes.Deps{
		Store: db, Arxiv: client,
		Judge: rs.Judge, Filter: rs.Filter, Answerer: rs.Answerer,
		K: o.k, MaxResults: o.maxResults,
	}
	if rec != nil {
		deps = rec.Wrap(deps)
	}
	sess := &session{db: db, llm: rs, arxiv: client, options: o, rec: rec, traceFile: traceFile}
	if sess.g, err = nodes.Build(deps); err != nil {
		sess.Close()
		return nil, fmt.Errorf("build the workflow: %w", err)
	}
	return sess, nil
}

func (s *session) Close() error {
	s.closeTrace()
	return s.db.Close()
}

// ask runs the workflow once for q.
func (s *session) ask(ctx context.Context, q string) (askResult, error) {
	start := time.Now()
	requests := s.arxiv.Requests()
	before := s.db.Count()
	opts := []graph.RunOption{graph.WithStepLimit(s.options.maxSteps)}
	if s.rec != nil {
		s.startTrace(q)
		opts = append(opts, graph.WithObserver[nodes.GraphState](s.rec))
	}
	final, path, err := runGraph(ctx, s.g, nodes.NewState(q), opts...)
	if s.rec != nil {
		if terr := s.finishTrace(final, err); err == nil {
			err = terr
		}
	}
	if err != nil {
		return askResult{}, err
	}
	return askResult{
		Question:         q,
		Answer:           final.FinalResponse,
		Sources:          nonNil(final.Sources),
		Path:             path,
		RelevantContext:  final.RelevantContext,
		PapersSeen:       nonNil(final.PapersSeen),
		PapersAdded:      final.PapersAdded,
		StoreCountBefore: before,
		StoreCountAfter:  s.db.Count(),
		ArxivRequests:    s.arxiv.Requests() - requests,
		LLM:              s.llm.Name,
		Embedder:         s.db.Info().Embedder,
		Notices:          nonNil(append(slices.Clip(s.llm.Notices), final.Notices...)),
		ElapsedMS:        time.Since(start).Milliseconds(),
	}, nil
}

// runGraph runs g to the end and returns the final state and the path.
func runGraph(ctx context.Context, g *nodes.Graph, s nodes.GraphState, opts ...graph.RunOption) (nodes.GraphState, []string, error) {
	var path []string
	for step, err := range g.Steps(ctx, s, opts...) {
		if err != nil {
			return s, path, fmt.Errorf("run the workflow: %w", err)
		}
		path = append(path, step.Node)
		s = step.After
	}
	return s, path, nil
}

func printAnswer(w io.Writer, r askResult) {
	fmt.Fprintln(w, r.Answer)
	if len(r.Sources) > 0 {
		fmt.Fprintln(w, "\nSources:")
		for i, s := range r.Sources {
			title := s.Title
			if title == "" {
				title = s.PaperID
			}
			fmt.Fprintf(w, "  [%d] %s — %s", i+1, title, citeID(s.PaperID))
			if s.URL != "" {
				fmt.Fprintf(w, " %s", s.URL)
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintf(w, "\n(llm: %s · embedder: %s · %d papers added · %s)\n", r.LLM, r.Embedder, r.PapersAdded, strings.Join(r.Path, " → "))
}

// citeID spells a paper id as people cite it: arXiv:2301.01234v2, or the
// primer's own id.
func citeID(id string) string {
	if strings.HasPrefix(id, "primer:") {
		return id
	}
	return "arXiv:" + id
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
