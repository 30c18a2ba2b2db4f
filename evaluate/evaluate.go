// Package evaluate measures gtrag end to end over a question set: did the
// answer cite a paper the question is about (and if not, where the loop
// lost it: Funnel), did an off-topic question stay
// out of the knowledge base, did the answer say truthfully what it added,
// and what did it cost in arXiv requests, steps and time.
//
// A question set is JSON Lines (ReadQuestions):
//
//	{"q": "Why does tit-for-tat do well?", "relevant": ["2502.70113v1"], "split": "dev", "expect": "answer"}
//	{"q": "How do I bake sourdough bread?", "expect": "off_topic"}
//
// The caller runs each question however it likes (a shared store, or a
// fresh empty one per question as `gtrag eval --fresh` does), records each
// as a Run, and Summarize turns the runs into a Report. The metrics are
// plain counts and shares so that a report can be checked by hand against
// its per-question rows.
package evaluate

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/data"
	"github.com/gtrag/gtrag/internal/jsonerr"
)

// What a question expects (Question.Expect).
const (
	ExpectAnswer   = "answer"
	ExpectOffTopic = "off_topic"
)

// Question is one line of a question set.
type Question struct {
	Q string `json:"q"`
	// Relevant are the ids of papers that answer it, with or without a
	// version ("2301.01234" matches "2301.01234v2").
	Relevant []string `json:"relevant"`
	// Split is "dev" or "heldout"; tune on dev only.
	Split string `json:"split,omitempty"`
	// Expect is ExpectAnswer, ExpectNotFound or ExpectOffTopic; "" means
	// ExpectAnswer.
	Expect string `json:"expect,omitempty"`
	// MustContain lists what a correct answer says (see CheckAnswers).
	MustContain []string `json:"must_contain,omitempty"`
	// Topic labels the question for whoever reads the file (the world
	// corpora under testdata name the topic of the paper it asks about);
	// nothing measures it.
	Topic string `json:"topic,omitempty"`
}

// OffTopic reports whether the question expects a refusal.
func (q Question) OffTopic() bool { return q.Expect == ExpectOffTopic }

// MaxQuestionLine is the longest line ReadQuestions accepts, in bytes: far
// more than any question (the command layer allows a few thousand
// characters), small enough that a file that is not JSON Lines (a
// database dump, a binary) is refused at its first line instead of read
// whole into memory.
const MaxQuestionLine = 1 << 20

// utf8BOM is the byte-order mark some editors (Notepad, Excel's "CSV
// UTF-8") put at the start of a text file. encoding/json refuses it as
// "invalid character 'ï'", a message that names nothing the user wrote.
const utf8BOM = "\uFEFF"

// ReadQuestions reads a question set. check, if not nil, vets and
// normalises each question's text (the command layer's rules); an error
// names the line. A split other than "" keeps only that split's questions.
//
// It refuses what could only mislead a measurement rather than skip it: a
// "relevant" or "must_contain" that is not a list of strings; an empty id
// or must_contain entry, or a relevant id that is neither an arXiv id nor
// a primer entry's, which no answer can ever match (the question would
// count as a miss or a failure whatever the answer); a field it does
// not know, most likely a misspelt one ("relevent" would leave the
// question no relevant papers); and a question asked twice (the same text,
// after check, case and spacing apart), which would count twice. A byte-order mark at the start of
// the file is accepted.
func ReadQuestions(r io.Reader, name, split string, check func(string) (string, error)) ([]Question, error) {
	var qs []Question
	var splits []string       // the splits the file names, in order
	asked := map[string]int{} // each question's line
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), MaxQuestionLine)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			text = strings.TrimPrefix(text, utf8BOM)
		}
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		if !utf8.ValidString(text) {
			// encoding/json would silently turn the bad bytes into U+FFFD.
			return nil, fmt.Errorf("%s:%d: not valid UTF-8", name, line)
		}
		q, err := decodeQuestion(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		switch q.Expect {
		case "", ExpectAnswer, ExpectNotFound, ExpectOffTopic:
		default:
			return nil, fmt.Errorf("%s:%d: expect %q: want %q, %q or %q", name, line, q.Expect, ExpectAnswer, ExpectNotFound, ExpectOffTopic)
		}
		if q.Expect == ExpectOffTopic && len(q.Relevant) > 0 {
			// Scored as a control, its relevant papers would never count:
			// one of the two fields is a mistake.
			return nil, fmt.Errorf("%s:%d: expect %q with relevant papers: an off-topic question has none; drop one of the two", name, line, ExpectOffTopic)
		}
		if q.Expect == ExpectNotFound && len(q.Relevant) > 0 {
			// A question nothing answers names no paper that does: it was
			// scored as answerable, a miss whatever it cited.
			return nil, fmt.Errorf("%s:%d: expect %q with relevant papers: a question nothing answers has none; drop one of the two", name, line, ExpectNotFound)
		}
		if q.Split != "" && !SplitName.MatchString(q.Split) {
			// --split could never select it.
			return nil, fmt.Errorf("%s:%d: split %q: want letters, digits, - or _ (at most 40), such as \"dev\"", name, line, q.Split)
		}
		if i := slices.IndexFunc(q.Relevant, func(id string) bool { return strings.TrimSpace(id) == "" }); i >= 0 {
			return nil, fmt.Errorf("%s:%d: relevant[%d] is empty: want a paper id such as \"2301.01234\"", name, line, i)
		}
		for i, id := range q.Relevant {
			// A title or a typo ("2301.0123") could never be among the
			// sources: the question would count as a miss whatever the
			// answer cited.
			norm, ok := relevantID(id)
			var imp *arxiv.ImpossibleIDError
			if _, err := arxiv.ParseID(id); !ok && errors.As(err, &imp) {
				// "2413.01234" is an arXiv id but for its month 13:
				// say that, not what ids look like.
				return nil, fmt.Errorf("%s:%d: relevant[%d]: %w", name, line, i, err)
			}
			if !ok {
				return nil, fmt.Errorf("%s:%d: relevant[%d] %q is not a paper id: want an arXiv id such as \"2301.01234\" or \"cs/0112004v2\", or a primer entry such as \"primer:nash-equilibrium\" (gtrag papers list shows them)", name, line, i, id)
			}
			q.Relevant[i] = norm
		}
		if i := slices.IndexFunc(q.MustContain, matchesNothing); i >= 0 {
			return nil, fmt.Errorf("%s:%d: must_contain[%d] %q is empty: no answer could contain it; remove it, or write what a correct answer says (\"a|b\" for alternatives)", name, line, i, q.MustContain[i])
		}
		if check != nil {
			if q.Q, err = check(q.Q); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", name, line, err)
			}
		}
		// Case and spacing apart, it is the same question: "What is a
		// Nash equilibrium?" and "what is a Nash equilibrium?" counted
		// twice.
		key := questionKey(q.Q)
		if first, ok := asked[key]; ok {
			return nil, fmt.Errorf("%s:%d: the same question as line %d: ask each question once, or it counts twice", name, line, first)
		}
		asked[key] = line
		if split == "" || q.Split == split {
			qs = append(qs, q)
		}
		if q.Split != "" && !slices.Contains(splits, q.Split) {
			splits = append(splits, q.Split)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			// The scanner stopped inside the line after the last one read.
			return nil, fmt.Errorf("%s:%d: line longer than %d MB, the limit for one question: is this a JSON Lines file, one question per line?", name, line+1, MaxQuestionLine>>20)
		}
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	if len(qs) == 0 {
		switch {
		case split != "" && len(splits) == 0:
			return nil, fmt.Errorf("%s has no questions in split %q: its questions name no split", name, split)
		case split != "":
			return nil, fmt.Errorf("%s has no questions in split %q: its splits are %s", name, split, strings.Join(splits, ", "))
		}
		return nil, fmt.Errorf("%s has no questions", name)
	}
	return qs, nil
}

// SplitName is what a split is called in a question file (and --split).
var SplitName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`)

// questionJSON says what is wrong with a line that does not decode as a
// Question, in the file's words: for a field of the wrong type, what the
// field must be; for a field unknown, the fields there are.
var questionJSON = jsonerr.Doc{
	Unit: "the line",
	Want: map[string]string{
		"":             `a JSON object with "q"`,
		"q":            "a string, the question",
		"relevant":     `a list of paper ids, such as ["2301.01234"]`,
		"split":        `a string, such as "dev"`,
		"expect":       fmt.Sprintf("a string: %q, %q or %q", ExpectAnswer, ExpectNotFound, ExpectOffTopic),
		"must_contain": `a list of strings, such as ["nice|forgiving"]`,
		"topic":        "a string",
	},
	Fields: []string{"q", "relevant", "split", "expect", "must_contain", "topic"},
}

// decodeQuestion decodes one line of a question set: one JSON object, of
// Question's fields only.
func decodeQuestion(text string) (Question, error) {
	var q Question
	if text == "null" {
		// Decoding null into a struct succeeds and changes nothing: the
		// line would be "the question is empty", which it has none of.
		return q, fmt.Errorf("%s must be %s; found null", questionJSON.Unit, questionJSON.Want[""])
	}
	if err := questionJSON.ExactFields([]byte(text)); err != nil {
		return q, err
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	err := dec.Decode(&q)
	if err == nil && dec.InputOffset() < int64(len(text)) {
		// Something follows the object: Unmarshal's error says where.
		err = json.Unmarshal([]byte(text), new(json.RawMessage))
	}
	if err == nil && q.Q == "" {
		// {"relevant": [...]} alone would be "the question is empty".
		var has struct {
			Q *string `json:"q"`
		}
		if json.Unmarshal([]byte(text), &has) == nil && has.Q == nil {
			return q, fmt.Errorf(`%s has no "q": want %s`, questionJSON.Unit, questionJSON.Want[""])
		}
	}
	return q, questionJSON.Explain(err)
}

// questionKey is what makes two question texts the same question: case
// and spacing apart. A file may not ask one twice (ReadQuestions), and a
// baseline pairs them (Compare).
func questionKey(q string) string {
	return strings.ToLower(strings.Join(strings.Fields(q), " "))
}

// matchesNothing reports whether a must_contain entry has no alternative
// that Missing could find: "", "|", " | ".
func matchesNothing(entry string) bool {
	for alt := range strings.SplitSeq(entry, "|") {
		if strings.TrimSpace(alt) != "" {
			return false
		}
	}
	return true
}

// Run is what one question's run produced, as the report needs it.
type Run struct {
	Question      Question
	Outcome       string   // nodes.Outcome*
	Answer        string   // the final text
	Sources       []string // cited paper ids, in order
	PapersAdded   int
	ArxivRequests int64
	LLMCalls      int64 // requests sent to the LLM, retries included
	Steps         int
	Latency       time.Duration
	StoreGrowth   int // chunks the run added
	// Fetched, Judged and Added are the paper ids the run's arXiv requests
	// returned, the paper filter examined (papers_seen) and the store took,
	// for the Funnel.
	Fetched, Judged, Added []string
	// Abstained: the answer says nothing found answers the question and
	// quotes none of its sources (nodes.GraphState.Abstained).
	Abstained bool
	// Offline says why the answer was written offline although an LLM is
	// configured ("the LLM failed", "the LLM's answer was unusable"); ""
	// when the LLM wrote it or none is configured.
	Offline string
	// Quoted maps each citation number of an extractive answer (offline,
	// made of verbatim sentences) to its source's text, for Unfaithful;
	// nil for an answer written freely, which is not checked so.
	Quoted map[int]string
}

// relevantID is id as the sources name it: an arXiv id in any of the
// spellings arxiv.ParseID reads ("arXiv:2301.01234", its abs URL) as the
// bare id, or a primer entry's id (data.IDPrefix and a slug), which a
// question answered from the primer names as relevant, as it is. ok is
// false for anything else, a primer id that names no entry of the
// embedded primer included: "primer:nash-equilbrium" could never be
// cited, and the question counted as a miss whatever the answer cited.
func relevantID(id string) (string, bool) {
	id = strings.TrimSpace(id)
	if strings.HasPrefix(id, data.IDPrefix) {
		return id, data.IsEntry(id)
	}
	norm, err := arxiv.ParseID(id)
	return norm, err == nil
}

// Report is the summary of a set of runs (`gtrag eval --json`).
type Report struct {
	Questions int `json:"questions"`
	// Answerable are the questions that expect an answer and name relevant
	// papers: the ones hit rate, recall and the Funnel are measured on.
	//
	// With none (a set of off-topic controls only), those rates are nil,
	// null in --json, not 0: a 0 there read as "every answer missed its
	// paper", and a script could not tell 0 of N from nothing measured.
	// Pointers rather than a flag beside them, so that a reader cannot
	// take the rate without meeting the case. OffTopicRefused is nil so
	// when no question is off-topic. The counts (Hits, WrongSources) stay
	// numbers: 0 of 0 is a true count.
	Answerable int `json:"answerable"`
	// HitRate is the share of answerable questions whose sources include a
	// relevant paper: Hits of Answerable.
	HitRate *float64 `json:"hit_rate"`
	Hits    int      `json:"hits"`
	// AnsweredHits are the hits whose question was answered
	// (QuestionResult.Answered), and AnsweredHitRate their share of
	// Answerable: a not_found abstention that lists a relevant paper among
	// its closest sources is a hit (the loop found the paper) but not an
	// answer from it. Nil with no answerable question.
	AnsweredHits    int      `json:"answered_hits"`
	AnsweredHitRate *float64 `json:"answered_hit_rate"`
	// HitInterval is HitRate's 95% confidence interval (Wilson), which
	// says how far a rate measured on this many questions can be trusted.
	HitInterval *Interval `json:"hit_rate_interval"`
	// RecallAtK is the mean share of a question's relevant papers found
	// among the papers its answer cites: all of them, not the first K.
	// The name is historical, from when an answer cited its top K
	// passages; answers now cite every source they draw on, which can be
	// more papers than K (with -k 1 an answer may cite three). The field
	// keeps its name because saved reports and scripts read it; the table
	// calls it "recall (cited sources)".
	RecallAtK *float64 `json:"recall_at_k"`
	// K is the passages pulled from the store per retrieval (-k), a
	// setting of the runs (see Comparison.Settings).
	K int `json:"k"`
	// WrongSources counts answerable questions answered with sources none of
	// which is relevant: an answer from the wrong papers.
	WrongSources int `json:"wrong_sources"`
	// AnsweredRate is the share of questions answered with sources
	// (QuestionResult.Answered): not an abstention that names its closest
	// sources.
	AnsweredRate float64 `json:"answered_rate"`

	OffTopicQuestions int `json:"off_topic_questions"`
	// OffTopicRefused is the share of off-topic questions whose outcome is
	// off_topic; OffTopicPapersAdded the papers they added in all.
	OffTopicRefused     *float64 `json:"off_topic_refused"`
	OffTopicPapersAdded int      `json:"off_topic_papers_added"`

	// MisstatedAdditions counts answers whose text says something about
	// what was added that papers_added contradicts.
	MisstatedAdditions int `json:"misstated_additions"`

	ArxivRequestsPerQuestion float64 `json:"arxiv_requests_per_question"`
	// LLMCallsPerQuestion is the mean number of requests a question sent
	// to the LLM, retries included: 0 offline.
	LLMCallsPerQuestion float64 `json:"llm_calls_per_question"`
	// OfflineAnswers counts the answers written offline although an LLM
	// is configured (Run.Offline): figures of an LLM's eval that are in
	// part the offline answerer's (see OfflineWarning).
	OfflineAnswers int `json:"offline_answers"`
	// ArxivRate is the share of questions that sent at least one request.
	ArxivRate    float64        `json:"arxiv_search_rate"`
	MeanSteps    float64        `json:"mean_steps"`
	StoreGrowth  int            `json:"store_growth"`
	P50LatencyMS int64          `json:"p50_latency_ms"`
	P95LatencyMS int64          `json:"p95_latency_ms"`
	Outcomes     map[string]int `json:"outcomes"`

	// Funnel follows the relevant papers through the loop; nil with no
	// answerable question.
	Funnel *Funnel `json:"funnel"`

	// AnswerQuality is set when the question set says what its answers
	// must contain (must_contain, or expect not_found): see CheckAnswers.
	AnswerQuality *AnswerQuality `json:"answer_quality,omitempty"`

	// Baseline compares this report with an earlier one of the same
	// questions (gtrag eval --baseline); nil without one.
	Baseline *Comparison `json:"baseline,omitempty"`

	LLM      string `json:"llm"`
	Embedder string `json:"embedder"`
	Split    string `json:"split,omitempty"`
	Fresh    bool   `json:"fresh"`
	// Settings are the runs' other settings that change what is measured
	// (the command's flags: "pool", "max_searches", "choose", ...), by
	// name, each as its text. A comparison names those that differ from
	// its baseline's (Comparison.Settings). A map rather than fields so
	// that a setting added later is compared without a change here, and a
	// baseline written before it simply lacks it (not compared).
	Settings map[string]string `json:"settings,omitempty"`

	// Interrupted is set when the run was stopped (Ctrl-C) before it asked
	// every question: the report covers the Completed questions of the
	// Planned ones. The question in flight when it stopped is left out,
	// its run cut short. Completed and Planned are Questions in a run
	// that finished.
	Interrupted bool `json:"interrupted"`
	Completed   int  `json:"completed"`
	Planned     int  `json:"planned"`

	// Warnings are what the reader of the figures must know before
	// trusting them (arXiv never reached, say); the table prints them
	// first.
	Warnings []string `json:"warnings,omitempty"`

	PerQuestion []QuestionResult `json:"per_question"`
}

// Funnel follows the relevant papers of the answerable questions through
// the loop: the share of them whose run had a relevant paper among the
// papers its arXiv requests returned (Fetched), the paper filter examined,
// having found it about the question (Judged), the store took (Added) and
// the answer cited (Cited, the hit rate). Where the shares fall tells which
// part of the loop lost the paper: the query, the about test and ranking
// of the pool, the filter, or the answer. From a fresh store each share is
// at most the one before; over a shared store a question can cite a paper
// an earlier one added.
type Funnel struct {
	Fetched float64 `json:"fetched"`
	Judged  float64 `json:"judged"`
	Added   float64 `json:"added"`
	Cited   float64 `json:"cited"`
}

// The stages of QuestionResult.Stage, furthest first.
const (
	StageCited      = "cited"
	StageAdded      = "added"
	StageJudged     = "judged"
	StageFetched    = "fetched"
	StageNotFetched = "not_fetched" // arXiv was searched; no request returned a relevant paper
	StageNotSearch  = "not_searched"
)

// QuestionResult is one row of a Report.
type QuestionResult struct {
	Q       string   `json:"q"`
	Expect  string   `json:"expect"`
	Outcome string   `json:"outcome"`
	Hit     *bool    `json:"hit,omitempty"`
	Recall  *float64 `json:"recall,omitempty"`
	// Stage is how far the loop took a relevant paper of an answerable
	// question (Stage*): see Funnel.
	Stage         string   `json:"stage,omitempty"`
	Sources       []string `json:"sources"`
	PapersAdded   int      `json:"papers_added"`
	Misstated     bool     `json:"misstated_additions,omitempty"`
	ArxivRequests int64    `json:"arxiv_requests"`
	LLMCalls      int64    `json:"llm_calls"`
	// Offline is Run.Offline: why this answer was written offline
	// although an LLM is configured.
	Offline   string `json:"offline,omitempty"`
	Steps     int    `json:"steps"`
	LatencyMS int64  `json:"latency_ms"`
	// Answered is true when the run ended with sources and was neither
	// refused as off-topic nor an abstention ("I found nothing on …",
	// outcome not_found), which names the closest sources it has, "which
	// may not answer the question": the outcomes count it not_found.
	Answered bool `json:"answered"`
}

// OutcomeStepLimit is the outcome of a question whose run used up its
// steps (--max-steps) before it answered: it has no answer and no sources,
// and the eval goes on with the next question.
const OutcomeStepLimit = "step_limit"

// offTopicOutcome is nodes.OutcomeOffTopic, spelled here so that the
// package depends on nothing of gtrag's.
const offTopicOutcome = "off_topic"

// Summarize computes the report of runs. k, llm and embedder describe the
// settings, for the report.
func Summarize(runs []Run, k int) Report {
	rep := Report{Questions: len(runs), Completed: len(runs), Planned: len(runs), K: k, Outcomes: map[string]int{}, PerQuestion: []QuestionResult{}}
	if len(runs) == 0 {
		return rep
	}
	var (
		latencies                []int64
		hits, answered, searched int
		steps                    int
		requests, calls          int64
		recallSum                float64
		offRefused               int
		fetched, judged, added   int
	)
	for _, r := range runs {
		q := r.Question
		row := QuestionResult{
			Q: q.Q, Expect: q.Expect, Outcome: r.Outcome, Sources: nonNil(r.Sources),
			PapersAdded: r.PapersAdded, ArxivRequests: r.ArxivRequests, LLMCalls: r.LLMCalls, Offline: r.Offline, Steps: r.Steps,
			LatencyMS: r.Latency.Milliseconds(),
			Answered:  len(r.Sources) > 0 && r.Outcome != offTopicOutcome && r.Outcome != notFoundOutcome && !r.Abstained,
		}
		if row.Expect == "" {
			row.Expect = ExpectAnswer
		}
		rep.Outcomes[r.Outcome]++
		if row.Answered {
			answered++
		}
		if q.OffTopic() {
			rep.OffTopicQuestions++
			rep.OffTopicPapersAdded += r.PapersAdded
			if r.Outcome == offTopicOutcome {
				offRefused++
			}
		} else if len(q.Relevant) > 0 {
			rep.Answerable++
			rec := Recall(q.Relevant, r.Sources)
			hit := rec > 0
			row.Recall, row.Hit = &rec, &hit
			recallSum += rec
			if hit {
				hits++
				if row.Answered {
					rep.AnsweredHits++
				}
			} else if len(r.Sources) > 0 {
				rep.WrongSources++
			}
			row.Stage = stage(q.Relevant, r, hit)
			if Recall(q.Relevant, r.Fetched) > 0 {
				fetched++
			}
			if Recall(q.Relevant, r.Judged) > 0 {
				judged++
			}
			if Recall(q.Relevant, r.Added) > 0 {
				added++
			}
		}
		if Misstates(r.Answer, r.PapersAdded) {
			row.Misstated = true
			rep.MisstatedAdditions++
		}
		if r.ArxivRequests > 0 {
			searched++
		}
		requests += r.ArxivRequests
		calls += r.LLMCalls
		if r.Offline != "" {
			rep.OfflineAnswers++
		}
		steps += r.Steps
		rep.StoreGrowth += r.StoreGrowth
		latencies = append(latencies, row.LatencyMS)
		rep.PerQuestion = append(rep.PerQuestion, row)
	}
	n := float64(len(runs))
	rep.AnsweredRate = float64(answered) / n
	rep.ArxivRate = float64(searched) / n
	rep.ArxivRequestsPerQuestion = float64(requests) / n
	rep.LLMCallsPerQuestion = float64(calls) / n
	rep.MeanSteps = float64(steps) / n
	if rep.Answerable > 0 {
		n := float64(rep.Answerable)
		hitRate := float64(hits) / n
		rep.Hits, rep.HitRate, rep.HitInterval = hits, &hitRate, new(Wilson(hits, rep.Answerable))
		rep.AnsweredHitRate = new(float64(rep.AnsweredHits) / n)
		rep.RecallAtK = new(recallSum / n)
		rep.Funnel = &Funnel{Fetched: float64(fetched) / n, Judged: float64(judged) / n, Added: float64(added) / n, Cited: hitRate}
	}
	if rep.OffTopicQuestions > 0 {
		rep.OffTopicRefused = new(float64(offRefused) / float64(rep.OffTopicQuestions))
	}
	slices.Sort(latencies)
	rep.P50LatencyMS = Percentile(latencies, 0.50)
	rep.P95LatencyMS = Percentile(latencies, 0.95)
	return rep
}

// stage is how far run took a relevant paper; hit says the answer cited
// one.
func stage(relevant []string, r Run, hit bool) string {
	switch {
	case hit:
		return StageCited
	case Recall(relevant, r.Added) > 0:
		return StageAdded
	case Recall(relevant, r.Judged) > 0:
		return StageJudged
	case Recall(relevant, r.Fetched) > 0:
		return StageFetched
	case r.ArxivRequests > 0:
		return StageNotFetched
	}
	return StageNotSearch
}

// Recall is the share of relevant paper ids among ids: the cited sources,
// or any list of paper ids (the Funnel's). Ids match whatever their
// versions: "2301.01234" and "2301.01234v1" are found as "2301.01234v2",
// the paper's revision, which ingest stores in its place. A question set
// written before a revision counted its paper a miss.
func Recall(relevant, sources []string) float64 {
	if len(relevant) == 0 {
		return 0
	}
	found := 0
	for _, id := range relevant {
		if slices.ContainsFunc(sources, func(s string) bool { return sameVersionless(s, id) }) {
			found++
		}
	}
	return float64(found) / float64(len(relevant))
}

func sameVersionless(a, b string) bool {
	return a == b || arxiv.BaseID(a) == arxiv.BaseID(b)
}

// addedClaims find what an answer's text says was added: "added nothing",
// "N paper(s) added", "N added to the knowledge base".
var (
	addedNothing = regexp.MustCompile(`(?i)\badded nothing\b`)
	addedCount   = regexp.MustCompile(`(?i)\b(\d+) (?:papers? |paper\(s\) )?added\b`)
)

// Misstates reports whether answer says something about what was added to
// the knowledge base that added contradicts: "added nothing" when papers
// were added, or a number of added papers other than added.
func Misstates(answer string, added int) bool {
	if addedNothing.MatchString(answer) && added > 0 {
		return true
	}
	for _, m := range addedCount.FindAllStringSubmatch(answer, -1) {
		if n, err := strconv.Atoi(m[1]); err == nil && n != added {
			return true
		}
	}
	return false
}

// Percentile of sorted values, nearest rank: the value at rank ⌈p·n⌉, the
// smallest that at least p of the values are at or below. (Rounding p·n
// took a rank too few when its fraction was below a half: the p95 of 11
// latencies was the 10th.) The tolerance keeps a product that floating
// point puts a hair above a whole number (0.95·100) on that number.
func Percentile(sorted []int64, p float64) int64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(p*float64(len(sorted))-1e-9)) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// OfflineWarning is the warning an LLM's eval needs when some of its
// answers were written offline (Report.OfflineAnswers): its figures are
// then not the LLM's alone. "" when there were none.
func (r Report) OfflineWarning() string {
	if r.OfflineAnswers == 0 {
		return ""
	}
	return fmt.Sprintf("%d of %d answers were written offline, not by %s (the LLM failed or its answer was unusable; \"offline\" in --json says which): these figures are in part the offline answerer's",
		r.OfflineAnswers, r.Questions, r.LLM)
}

// arxivUnavailableOutcome is nodes.OutcomeArxivUnavailable.
const arxivUnavailableOutcome = "arxiv_unavailable"

// ArxivWarning is the warning a report needs when some questions ended
// arxiv_unavailable: their searches failed (arXiv went down during the run,
// or kept failing), and the figures count them as measured, so that a hit
// rate of 0.17 said nothing of an outage that cost 46 of 63 questions. ""
// when none did.
func (r Report) ArxivWarning() string {
	n := r.Outcomes[arxivUnavailableOutcome]
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("arXiv failed for %d of %d %s (outcome arxiv_unavailable): %s without a search, and the figures count %s all the same",
		n, r.Questions, pluralQuestions(r.Questions), theyOrIt(n, "they went", "it went"), theyOrIt(n, "them", "it"))
}

func pluralQuestions(n int) string {
	if n == 1 {
		return "question"
	}
	return "questions"
}

func theyOrIt(n int, many, one string) string {
	if n == 1 {
		return one
	}
	return many
}
