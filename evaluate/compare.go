package evaluate

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/gtrag/gtrag/internal/jsonerr"
)

// Comparison pairs a report with an earlier one (the baseline) question by
// question: which questions the change gained and lost, and whether the
// difference is more than chance.
//
// Why paired. Two hit rates over the same questions are not independent
// samples: most questions hit or miss in both, and only the ones that
// changed say anything about the change. Their 95% intervals overlap for
// almost any change a session makes (872 and 875 of 902 both lie within
// the other's), while the questions gained and lost show at once a change
// that moves one question each way, and the sign test (McNemar's exact
// test) says how often chance alone would split the changed questions so
// unevenly.
type Comparison struct {
	// Paired is the number of answerable questions in both reports;
	// Before and After are their hit rates in the baseline and now.
	Paired int     `json:"paired"`
	Before float64 `json:"hit_rate_before"`
	After  float64 `json:"hit_rate_after"`
	// Gained are the paired questions hit now and missed in the baseline,
	// Lost the reverse, each in the order of this report.
	Gained []string `json:"gained"`
	Lost   []string `json:"lost"`
	// P is the two-sided exact sign test of Gained against Lost: the
	// chance of a split at least this uneven if the change made no
	// difference. 1 when nothing changed.
	P float64 `json:"p_value"`
	// Controls is the number of off-topic questions in both reports, with
	// how many each refused and the papers they added in all.
	Controls      int `json:"controls"`
	RefusedBefore int `json:"controls_refused_before"`
	RefusedAfter  int `json:"controls_refused_after"`
	PapersBefore  int `json:"control_papers_added_before"`
	PapersAfter   int `json:"control_papers_added_after"`
	// Unpaired counts the questions of either report that the other lacks.
	Unpaired int `json:"unpaired"`
	// Settings are the settings the two reports were made with that
	// differ (SettingsDiffer), empty when they match. The questions are
	// paired all the same: a deliberate difference, a model against the
	// offline reasoners, is what some comparisons are for. A difference
	// not meant is a confound the sign test cannot see: a run on a shared
	// store against a --fresh baseline, or with another -k, gains or
	// loses questions for that alone, so the report names them.
	Settings []SettingChange `json:"settings_differ"`
}

// SettingChange is one setting whose value differs between a baseline and
// the report compared with it.
type SettingChange struct {
	Setting string `json:"setting"`
	Before  string `json:"before"`
	After   string `json:"after"`
}

// SettingsDiffer lists the recorded settings of before and after that
// differ: fresh, k, split, llm and embedder (every report has them; an
// empty split is the whole file), then the Settings both reports record,
// by name. A setting only one report records (a baseline written before
// it was recorded) is not compared: its value there is unknown.
func SettingsDiffer(before, after Report) []SettingChange {
	out := []SettingChange{}
	add := func(name, b, a string) {
		if b != a {
			out = append(out, SettingChange{Setting: name, Before: b, After: a})
		}
	}
	split := func(r Report) string {
		if r.Split == "" {
			return "(all)"
		}
		return r.Split
	}
	add("fresh", strconv.FormatBool(before.Fresh), strconv.FormatBool(after.Fresh))
	add("k", strconv.Itoa(before.K), strconv.Itoa(after.K))
	add("split", split(before), split(after))
	add("llm", before.LLM, after.LLM)
	add("embedder", before.Embedder, after.Embedder)
	for _, name := range slices.Sorted(maps.Keys(after.Settings)) {
		if b, ok := before.Settings[name]; ok {
			add(name, b, after.Settings[name])
		}
	}
	return out
}

// ReadReport reads a report written by `gtrag eval --json`.
func ReadReport(r io.Reader) (Report, error) {
	var rep Report
	if err := json.NewDecoder(r).Decode(&rep); err != nil {
		return Report{}, fmt.Errorf("not a gtrag eval --json report: %v", jsonerr.Doc{Unit: "the file"}.Explain(err))
	}
	if rep.Questions == 0 || len(rep.PerQuestion) == 0 {
		return Report{}, errors.New("not a gtrag eval --json report: it has no per_question results")
	}
	return rep, nil
}

// SharesQuestion reports whether rep asked one of qs, as Compare pairs
// questions: case and spacing apart (questionKey). A baseline that shares
// none would compare nothing.
func SharesQuestion(rep Report, qs []Question) bool {
	asked := map[string]bool{}
	for _, q := range qs {
		asked[questionKey(q.Q)] = true
	}
	return slices.ContainsFunc(rep.PerQuestion, func(r QuestionResult) bool { return asked[questionKey(r.Q)] })
}

// Compare pairs after with the baseline before. Questions are paired by
// their text, the n-th occurrence of a text with its n-th occurrence, so
// that a report of a file asking one question twice (written before
// ReadQuestions refused such a file) pairs both.
func Compare(before, after Report) Comparison {
	old := map[string]QuestionResult{}
	for k, row := range keyed(before.PerQuestion) {
		old[k] = row
	}
	c := Comparison{Gained: []string{}, Lost: []string{}}
	var hitsBefore, hitsAfter int
	matched := 0
	for k, now := range keyed(after.PerQuestion) {
		was, ok := old[k]
		if !ok || (was.Hit == nil) != (now.Hit == nil) || was.Expect != now.Expect {
			continue
		}
		matched++
		switch {
		case now.Hit != nil:
			c.Paired++
			if *was.Hit {
				hitsBefore++
			}
			if *now.Hit {
				hitsAfter++
			}
			if *now.Hit && !*was.Hit {
				c.Gained = append(c.Gained, now.Q)
			} else if *was.Hit && !*now.Hit {
				c.Lost = append(c.Lost, now.Q)
			}
		case now.Expect == ExpectOffTopic:
			c.Controls++
			c.RefusedBefore += refused(was)
			c.RefusedAfter += refused(now)
			c.PapersBefore += was.PapersAdded
			c.PapersAfter += now.PapersAdded
		}
	}
	c.Unpaired = len(before.PerQuestion) + len(after.PerQuestion) - 2*matched
	if c.Paired > 0 {
		c.Before = float64(hitsBefore) / float64(c.Paired)
		c.After = float64(hitsAfter) / float64(c.Paired)
	}
	c.P = SignTest(len(c.Gained), len(c.Lost))
	c.Settings = SettingsDiffer(before, after)
	return c
}

// keyed yields each row with its question's key (questionKey: case and
// spacing apart, as a file's duplicates are found) and occurrence, in
// order. A question respaced between the two runs was left unpaired.
func keyed(rows []QuestionResult) func(yield func(string, QuestionResult) bool) {
	return func(yield func(string, QuestionResult) bool) {
		seen := map[string]int{}
		for _, row := range rows {
			key := questionKey(row.Q)
			seen[key]++
			if !yield(fmt.Sprintf("%d\x00%s", seen[key], key), row) {
				return
			}
		}
	}
}

// refused counts a control as the report's OffTopicRefused does.
func refused(row QuestionResult) int {
	if row.Outcome == offTopicOutcome {
		return 1
	}
	return 0
}

// SignTest is the two-sided exact sign test of a gains against b losses
// (McNemar's exact test on the questions that changed): the probability,
// with each changed question equally likely to go either way, of a split
// at least as uneven. 1 when nothing changed.
func SignTest(a, b int) float64 {
	n := a + b
	if n == 0 {
		return 1
	}
	k := min(a, b)
	// The binomial tail, term by term in logarithms so that a thousand
	// changed questions do not overflow.
	lnHalf := float64(n) * math.Log(0.5)
	lnN, _ := math.Lgamma(float64(n + 1))
	tail := 0.0
	for i := 0; i <= k; i++ {
		lnI, _ := math.Lgamma(float64(i + 1))
		lnNI, _ := math.Lgamma(float64(n - i + 1))
		tail += math.Exp(lnN - lnI - lnNI + lnHalf)
	}
	return min(1, 2*tail)
}
