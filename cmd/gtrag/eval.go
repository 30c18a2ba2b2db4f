package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
)

// evalQuestion is one line of an eval file.
type evalQuestion struct {
	Q        string   `json:"q"`
	Relevant []string `json:"relevant"`
}

// evalReport is what `gtrag eval --json` prints.
type evalReport struct {
	Questions    int                  `json:"questions"`
	AnsweredRate float64              `json:"answered_rate"`
	RecallAtK    float64              `json:"recall_at_k"`
	K            int                  `json:"k"`
	ArxivRate    float64              `json:"arxiv_search_rate"`
	MeanSteps    float64              `json:"mean_steps"`
	StoreGrowth  int                  `json:"store_growth"`
	P50LatencyMS int64                `json:"p50_latency_ms"`
	P95LatencyMS int64                `json:"p95_latency_ms"`
	LLM          string               `json:"llm"`
	Embedder     string               `json:"embedder"`
	PerQuestion  []evalQuestionResult `json:"per_question"`
}

type evalQuestionResult struct {
	Q         string   `json:"q"`
	Answered  bool     `json:"answered"`
	Recall    *float64 `json:"recall,omitempty"`
	Searched  bool     `json:"searched_arxiv"`
	Steps     int      `json:"steps"`
	LatencyMS int64    `json:"latency_ms"`
}

func newEvalCmd(a *app) *cobra.Command {
	var (
		o      askOptions
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "eval FILE",
		Short: "Measure answer quality over a question set",
		Long: `eval runs every question of FILE (JSON Lines: {"q": "...", "relevant": ["paper ids"]})
through the workflow and reports: the share of questions answered with sources,
recall@k of the relevant paper ids among the cited sources, how often arXiv was
searched, mean steps per run, how much the store grew, and p50/p95 latency.

Questions are asked in order against the same store, so later questions can
benefit from papers earlier ones added — as they would for a real user.`,
		Example: `  gtrag eval testdata/eval/questions.jsonl
  gtrag --seed primer --data-dir /tmp/kb eval --json questions.jsonl`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.validate(); err != nil {
				return err
			}
			qs, err := readEvalFile(args[0])
			if err != nil {
				return err
			}
			svc, err := a.openService(cmd.Context())
			if err != nil {
				return err
			}
			defer svc.Close()
			rep, err := runEval(cmd.Context(), svc, o.run(), qs)
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.io.Out, rep)
			}
			printEval(a, rep)
			return nil
		},
	}
	f := cmd.Flags()
	o.runFlags(f)
	f.BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}

func readEvalFile(path string) ([]evalQuestion, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageError{fmt.Errorf("read eval file: %w", err)}
	}
	defer f.Close()
	var qs []evalQuestion
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		if !utf8.ValidString(text) {
			// encoding/json would silently turn the bad bytes into U+FFFD.
			return nil, usagef("%s:%d: not valid UTF-8", path, line)
		}
		var q evalQuestion
		if err := json.Unmarshal([]byte(text), &q); err != nil {
			return nil, usagef("%s:%d: not a JSON object with \"q\": %v", path, line, err)
		}
		if q.Q, err = checkQuestion(q.Q); err != nil {
			return nil, usagef("%s:%d: %v", path, line, err)
		}
		qs = append(qs, q)
	}
	if err := sc.Err(); err != nil {
		return nil, usageError{fmt.Errorf("read %s: %w", path, err)}
	}
	if len(qs) == 0 {
		return nil, usagef("%s has no questions", path)
	}
	return qs, nil
}

func runEval(ctx context.Context, svc *service.Service, o service.AskOptions, qs []evalQuestion) (evalReport, error) {
	rep := evalReport{Questions: len(qs), K: o.K, LLM: svc.LLM(), Embedder: svc.Embedder()}
	startCount := svc.Store().Count()
	var (
		latencies          []int64
		answered, searched int
		steps              int
		recallSum          float64
		recallN            int
	)
	for _, q := range qs {
		t := time.Now()
		res, err := svc.Ask(ctx, q.Q, o)
		if err != nil {
			return rep, fmt.Errorf("question %q: %w", q.Q, err)
		}
		r := evalQuestionResult{
			Q:         q.Q,
			Answered:  len(res.Sources) > 0 && res.Outcome != nodes.OutcomeOffTopic,
			Searched:  slices.Contains(res.Path, nodes.SearchArxiv),
			Steps:     len(res.Path),
			LatencyMS: time.Since(t).Milliseconds(),
		}
		if len(q.Relevant) > 0 {
			rec := recall(q.Relevant, res.Sources)
			r.Recall = &rec
			recallSum += rec
			recallN++
		}
		if r.Answered {
			answered++
		}
		if r.Searched {
			searched++
		}
		steps += r.Steps
		latencies = append(latencies, r.LatencyMS)
		rep.PerQuestion = append(rep.PerQuestion, r)
	}
	n := float64(len(qs))
	rep.AnsweredRate = float64(answered) / n
	rep.ArxivRate = float64(searched) / n
	rep.MeanSteps = float64(steps) / n
	if recallN > 0 {
		rep.RecallAtK = recallSum / float64(recallN)
	}
	rep.StoreGrowth = svc.Store().Count() - startCount
	slices.Sort(latencies)
	rep.P50LatencyMS = percentile(latencies, 0.50)
	rep.P95LatencyMS = percentile(latencies, 0.95)
	return rep, nil
}

// recall is the share of relevant paper ids among the cited sources. Ids
// match with or without a version: "2301.01234" is found as "2301.01234v2".
func recall(relevant []string, sources []nodes.Source) float64 {
	found := 0
	for _, id := range relevant {
		for _, s := range sources {
			if s.PaperID == id || strings.HasPrefix(s.PaperID, id+"v") {
				found++
				break
			}
		}
	}
	return float64(found) / float64(len(relevant))
}

// percentile of sorted values, nearest rank.
func percentile(sorted []int64, p float64) int64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(p*float64(len(sorted))+0.5) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

func printEval(a *app, r evalReport) {
	w := tabwriter.NewWriter(a.io.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "questions\t%d\n", r.Questions)
	fmt.Fprintf(w, "answered\t%.0f%%\n", 100*r.AnsweredRate)
	fmt.Fprintf(w, "recall@%d\t%.2f\n", r.K, r.RecallAtK)
	fmt.Fprintf(w, "arXiv searched\t%.0f%%\n", 100*r.ArxivRate)
	fmt.Fprintf(w, "mean steps\t%.1f\n", r.MeanSteps)
	fmt.Fprintf(w, "store growth\t%d chunks\n", r.StoreGrowth)
	fmt.Fprintf(w, "latency p50 / p95\t%d ms / %d ms\n", r.P50LatencyMS, r.P95LatencyMS)
	fmt.Fprintf(w, "llm / embedder\t%s / %s\n", r.LLM, r.Embedder)
	w.Flush()
}
