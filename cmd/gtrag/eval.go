package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/evaluate"
	"github.com/gtrag/gtrag/internal/status"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/text"
)

// evalOptions are the eval command's own flags.
type evalOptions struct {
	askOptions
	fresh    bool
	split    string
	baseline string
}

func newEvalCmd(a *app) *cobra.Command {
	var o evalOptions
	cmd := &cobra.Command{
		Use:   "eval FILE",
		Short: "Measure answer quality over a question set",
		Long: `eval runs every question of FILE through the workflow and reports how well
the answers are sourced. FILE is JSON Lines:

  {"q": "...", "relevant": ["paper ids"], "split": "dev", "expect": "answer"}
  {"q": "How do I bake bread?", "expect": "off_topic"}

The report: hit rate (a relevant paper among the sources, with its 95%
interval), recall of the relevant ids, how far the loop took a relevant paper
(the share of questions whose arXiv requests fetched one, whose paper filter
judged one, whose store took one, whose answer cited one: where the shares
drop tells which part of the loop lost it), answers citing only papers that
are not relevant, the share of off-topic questions refused and the papers they
added, answers that misstate what was added, arXiv requests, LLM calls and
steps per question, p50/p95 latency, and the outcomes. When the questions say
what a correct answer must contain ("must_contain": ["a|b", "c"], each entry
case-insensitive, "|" between alternatives) or expect "not_found" (an
abstention that names the missing concept: outcome not_found, or
arxiv_unavailable if arXiv is down), it also reports the share of answers that
pass and the sentences left dangling (opening with a back-reference whose
antecedent the answer left out).

By default the questions are asked in order against one store, so later
questions can use papers earlier ones added, as a user's would. With --fresh
every question starts from its own empty store (no primer), so each one
measures the whole loop: search, ranking, filter, answer.

With --baseline REPORT, an earlier eval --json of the same questions (before
a change, or without --llm), the report also pairs the two question by
question: the hit rates over the questions both asked, the questions gained
and lost, the exact sign test of gains against losses, and the off-topic
controls refused and the papers they added before and after. Two hit rates
over the same few dozen questions can differ by a question or two by chance;
the questions that changed are what says whether the change did anything.`,
		Example: `  gtrag eval testdata/eval/questions.jsonl
  gtrag --arxiv-url http://127.0.0.1:8089/api/query --arxiv-delay 0 eval --fresh --split heldout testdata/world/questions.jsonl
  gtrag --seed primer --data-dir /tmp/kb eval --json questions.jsonl
  gtrag eval --fresh --json --split dev questions.jsonl > before.json
  gtrag eval --fresh --split dev --baseline before.json questions.jsonl`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.fitSteps(cmd.Flags())
			if err := o.validate(); err != nil {
				return err
			}
			if o.split != "" && !splitName.MatchString(o.split) {
				return usagef("--split %q: want a split name from the file, such as dev or heldout", o.split)
			}
			qs, err := readEvalFile(args[0], o.split)
			if err != nil {
				return err
			}
			var base *evaluate.Report
			if o.baseline != "" {
				if base, err = readBaseline(o.baseline, qs); err != nil {
					return err
				}
			}
			// A status line on a terminal (not for --json); eval's notices
			// stay as they were.
			opts := o.run()
			line := a.statusLine(o.json)
			live := status.NewRun(line, func(string) {})
			opts.Observer, opts.ArxivWaits = live, live.ArxivWait
			var runs []evaluate.Run
			var llm, emb string
			if o.fresh {
				runs, llm, emb, err = a.evalFresh(cmd.Context(), opts, qs)
			} else {
				runs, llm, emb, err = a.evalShared(cmd.Context(), opts, qs)
			}
			line.Done()
			if err != nil {
				return err
			}
			rep := evaluate.Summarize(runs, o.run().K)
			rep.LLM, rep.Embedder, rep.Split, rep.Fresh = llm, emb, o.split, o.fresh
			if evaluate.ChecksAnswers(qs) {
				aq := evaluate.CheckAnswers(runs, reasoner.DanglingOpeners)
				rep.AnswerQuality = &aq
			}
			if base != nil {
				c := evaluate.Compare(*base, rep)
				rep.Baseline = &c
			}
			if o.json {
				return writeJSON(a.io.Out, rep)
			}
			return printEval(a, rep)
		},
	}
	f := cmd.Flags()
	o.runFlags(f)
	f.BoolVar(&o.json, "json", false, "print one JSON object")
	f.BoolVar(&o.fresh, "fresh", false, "ask every question from its own empty store (no primer), against --arxiv-url")
	f.StringVar(&o.split, "split", "", "only the questions of this split (dev, heldout, or any split the file names)")
	f.StringVar(&o.baseline, "baseline", "", "compare with `REPORT`, an earlier eval --json of the same questions: the questions gained and lost")
	return cmd
}

// splitName is what a split is called in a question file.
var splitName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`)

func readEvalFile(path, split string) ([]evaluate.Question, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageError{fmt.Errorf("read eval file: %w", err)}
	}
	defer f.Close()
	qs, err := evaluate.ReadQuestions(f, path, split, checkQuestion)
	if err != nil {
		return nil, usageError{err}
	}
	return qs, nil
}

// readBaseline reads the report --baseline names, which must share
// questions with qs: a report of another set would compare nothing.
func readBaseline(path string, qs []evaluate.Question) (*evaluate.Report, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageError{fmt.Errorf("read --baseline: %w", err)}
	}
	defer f.Close()
	rep, err := evaluate.ReadReport(f)
	if err != nil {
		return nil, usageError{fmt.Errorf("read --baseline %s: %w", path, err)}
	}
	asked := map[string]bool{}
	for _, q := range qs {
		asked[q.Q] = true
	}
	if !slices.ContainsFunc(rep.PerQuestion, func(r evaluate.QuestionResult) bool { return asked[r.Q] }) {
		return nil, usagef("--baseline %s shares no question with the questions asked", path)
	}
	return &rep, nil
}

// evalShared asks every question against the configured store.
func (a *app) evalShared(ctx context.Context, o service.AskOptions, qs []evaluate.Question) ([]evaluate.Run, string, string, error) {
	svc, err := a.openService(ctx)
	if err != nil {
		return nil, "", "", err
	}
	defer svc.Close()
	if err := checkRouter(o.Router, svc.Reasoners()); err != nil {
		return nil, "", "", err
	}
	var runs []evaluate.Run
	for _, q := range qs {
		r, err := svc.EvalRun(ctx, q, o)
		if err != nil {
			return nil, "", "", err
		}
		runs = append(runs, r)
	}
	return runs, svc.LLM(), svc.Embedder(), nil
}

// evalFresh asks every question against its own new, empty store in a
// temporary directory, with one set of reasoners and one arXiv client (so
// that pacing holds across questions).
func (a *app) evalFresh(ctx context.Context, o service.AskOptions, qs []evaluate.Question) ([]evaluate.Run, string, string, error) {
	rs, err := a.openReasoners(ctx)
	if err != nil {
		return nil, "", "", err
	}
	defer rs.Close()
	if err := checkRouter(o.Router, rs); err != nil {
		return nil, "", "", err
	}
	client := a.arxivClient()
	root, err := os.MkdirTemp("", "gtrag-eval-")
	if err != nil {
		return nil, "", "", fmt.Errorf("make a directory for the fresh stores: %w", err)
	}
	defer os.RemoveAll(root)
	cfg := a.config()
	cfg.Seed = service.SeedNone
	var runs []evaluate.Run
	var emb string
	for i, q := range qs {
		cfg.DataDir = filepath.Join(root, fmt.Sprintf("%04d", i))
		db, err := service.OpenStore(ctx, cfg)
		if err != nil {
			return nil, "", "", a.cliError(err)
		}
		svc := service.New(db, rs, client)
		emb = svc.Embedder()
		r, err := svc.EvalRun(ctx, q, o)
		// The reasoners outlive this store: close the store alone.
		err = errors.Join(err, db.Close(), os.RemoveAll(cfg.DataDir))
		if err != nil {
			return nil, "", "", err
		}
		runs = append(runs, r)
	}
	return runs, rs.Name, emb, nil
}

func printEval(a *app, r evaluate.Report) error {
	w := tabwriter.NewWriter(a.io.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "questions\t%d", r.Questions)
	if r.Split != "" {
		fmt.Fprintf(w, " (%s)", r.Split)
	}
	if r.Fresh {
		fmt.Fprintf(w, ", each from an empty store")
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "answered\t%.0f%%\n", 100*r.AnsweredRate)
	fmt.Fprintf(w, "hit rate\t%.2f (%d of %d answerable", r.HitRate, r.Hits, r.Answerable)
	if r.Answerable > 0 {
		fmt.Fprintf(w, "; 95%% interval %.2f–%.2f", r.HitInterval.Low, r.HitInterval.High)
	}
	fmt.Fprintln(w, ")")
	fmt.Fprintf(w, "recall@%d\t%.2f\n", r.K, r.RecallAtK)
	if r.Answerable > 0 && r.ArxivRate > 0 {
		f := r.Funnel
		fmt.Fprintf(w, "relevant paper\tfetched %.2f, judged %.2f, added %.2f, cited %.2f\n", f.Fetched, f.Judged, f.Added, f.Cited)
	}
	fmt.Fprintf(w, "wrong sources only\t%d\n", r.WrongSources)
	if r.OffTopicQuestions > 0 {
		fmt.Fprintf(w, "off-topic refused\t%.0f%% of %d, %d papers added\n", 100*r.OffTopicRefused, r.OffTopicQuestions, r.OffTopicPapersAdded)
	}
	fmt.Fprintf(w, "misstated additions\t%d\n", r.MisstatedAdditions)
	fmt.Fprintf(w, "arXiv requests / question\t%.2f (%.0f%% searched)\n", r.ArxivRequestsPerQuestion, 100*r.ArxivRate)
	fmt.Fprintf(w, "LLM calls / question\t%.2f\n", r.LLMCallsPerQuestion)
	fmt.Fprintf(w, "mean steps\t%.1f\n", r.MeanSteps)
	fmt.Fprintf(w, "store growth\t%d chunks\n", r.StoreGrowth)
	fmt.Fprintf(w, "latency p50 / p95\t%d ms / %d ms\n", r.P50LatencyMS, r.P95LatencyMS)
	fmt.Fprintf(w, "outcomes\t%s\n", outcomeList(r.Outcomes))
	if q := r.AnswerQuality; q != nil {
		fmt.Fprintf(w, "answers pass\t%.0f%% (%d of %d)\n", 100*q.PassRate, q.Passed, q.Checked)
		fmt.Fprintf(w, "dangling openers\t%d in %d answers\n", q.DanglingOpeners, q.Answers)
		fmt.Fprintf(w, "unfaithful quotes\t%d\n", q.Unfaithful)
	}
	fmt.Fprintf(w, "llm / embedder\t%s / %s\n", r.LLM, r.Embedder)
	if c := r.Baseline; c != nil {
		fmt.Fprintf(w, "vs baseline\thit rate %.2f → %.2f on %d paired questions: +%d, −%d (sign test p %.2f)\n", c.Before, c.After, c.Paired, len(c.Gained), len(c.Lost), c.P)
		if c.Controls > 0 {
			fmt.Fprintf(w, "\tcontrols refused %d → %d of %d, papers added %d → %d\n", c.RefusedBefore, c.RefusedAfter, c.Controls, c.PapersBefore, c.PapersAfter)
		}
		if c.Unpaired > 0 {
			fmt.Fprintf(w, "\t%d %s in only one of the two reports\n", c.Unpaired, text.Plural(c.Unpaired, "question", "questions"))
		}
		for _, q := range c.Gained {
			fmt.Fprintf(w, "  gained\t%s\n", q)
		}
		for _, q := range c.Lost {
			fmt.Fprintf(w, "  lost\t%s\n", q)
		}
	}
	return w.Flush()
}

func outcomeList(m map[string]int) string {
	var s string
	for _, k := range []string{"answered", "answered_with_caveat", "not_found", "off_topic", "arxiv_unavailable"} {
		if m[k] > 0 {
			if s != "" {
				s += ", "
			}
			s += fmt.Sprintf("%s %d", k, m[k])
		}
	}
	return s
}
