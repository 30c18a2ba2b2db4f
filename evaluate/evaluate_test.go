package evaluate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestMisstates(t *testing.T) {
	for _, tc := range []struct {
		answer string
		added  int
		want   bool
	}{
		{"This question is off-topic, so I added nothing to the knowledge base.", 0, false},
		{"This question is off-topic, so I added nothing to the knowledge base.", 2, true},
		{"Searched arXiv for q; none answers it (2 added to the knowledge base).", 2, false},
		{"Searched arXiv for q; none answers it (2 added to the knowledge base).", 3, true},
		{"the 1 paper(s) added to the knowledge base in this run do not answer it", 1, false},
		{"Bidders shade their bids [1].", 5, false},
	} {
		require.Equal(t, tc.want, Misstates(tc.answer, tc.added), "%q with %d added", tc.answer, tc.added)
	}
}

func TestSummarize(t *testing.T) {
	runs := []Run{
		{Question: Question{Q: "a", Relevant: []string{"2301.00001"}}, Outcome: "answered", Sources: []string{"2301.00001v2", "x"},
			PapersAdded: 2, ArxivRequests: 1, LLMCalls: 8, Steps: 8, Latency: 10 * time.Millisecond},
		{Question: Question{Q: "b", Relevant: []string{"2301.00002", "2301.00003"}}, Outcome: "answered", Sources: []string{"y"},
			PapersAdded: 2, ArxivRequests: 2, LLMCalls: 12, Steps: 10, Latency: 30 * time.Millisecond},
		{Question: Question{Q: "c", Relevant: []string{"2301.00004"}}, Outcome: "not_found", ArxivRequests: 2, Steps: 5,
			Answer: "I found nothing (1 added to the knowledge base).", PapersAdded: 0, Latency: 20 * time.Millisecond},
		{Question: Question{Q: "d", Expect: ExpectOffTopic}, Outcome: "off_topic", ArxivRequests: 1, Steps: 5, Latency: 5 * time.Millisecond},
		{Question: Question{Q: "e", Expect: ExpectOffTopic}, Outcome: "answered", Sources: []string{"z"}, PapersAdded: 1, ArxivRequests: 1, Steps: 8},
	}
	r := Summarize(runs, 3)
	require.Equal(t, 5, r.Questions)
	require.Equal(t, 3, r.Answerable)
	require.InDelta(t, 1.0/3, *r.HitRate, 1e-9)
	require.Equal(t, 1, r.Hits)
	require.Equal(t, Wilson(1, 3), *r.HitInterval)
	require.InDelta(t, 1.0/3, *r.RecallAtK, 1e-9)
	require.Equal(t, 1, r.WrongSources, "b cites only papers that are not relevant; c cites nothing")
	require.Equal(t, 2, r.OffTopicQuestions)
	require.InDelta(t, 0.5, *r.OffTopicRefused, 1e-9)
	require.Equal(t, 1, r.OffTopicPapersAdded)
	require.Equal(t, 1, r.MisstatedAdditions, "c says 1 added, 0 were")
	require.InDelta(t, 7.0/5, r.ArxivRequestsPerQuestion, 1e-9)
	require.InDelta(t, 20.0/5, r.LLMCallsPerQuestion, 1e-9)
	require.Equal(t, int64(12), r.PerQuestion[1].LLMCalls)
	require.InDelta(t, 7.2, r.MeanSteps, 1e-9)
	require.Equal(t, int64(10), r.P50LatencyMS, "0, 5, 10, 20, 30 ms")
	require.Equal(t, int64(30), r.P95LatencyMS)
	require.Equal(t, map[string]int{"answered": 3, "not_found": 1, "off_topic": 1}, r.Outcomes)
	require.True(t, *r.PerQuestion[0].Hit)
	require.InDelta(t, 0.0, *r.PerQuestion[1].Recall, 1e-9)
	require.Nil(t, r.PerQuestion[3].Hit, "off-topic questions have no hit")
	require.Equal(t, &Funnel{Cited: 1.0 / 3}, r.Funnel, "no run recorded what it fetched")
}

// A rate no question measures is nil (null in --json), not 0: a set of
// off-topic controls alone has no hit rate, recall or funnel, and a set
// with no control has no refusal rate. A script read "hit_rate": 0 as
// every answer missing its paper.
func TestSummarizeLeavesUnmeasuredRatesNil(t *testing.T) {
	controls := Summarize([]Run{
		{Question: Question{Q: "a", Expect: ExpectOffTopic}, Outcome: "off_topic"},
		{Question: Question{Q: "b", Expect: ExpectOffTopic}, Outcome: "answered", Sources: []string{"x"}},
	}, 3)
	require.Zero(t, controls.Answerable)
	require.Nil(t, controls.HitRate)
	require.Nil(t, controls.HitInterval)
	require.Nil(t, controls.RecallAtK)
	require.Nil(t, controls.AnsweredHitRate)
	require.Nil(t, controls.Funnel)
	require.Equal(t, new(0.5), controls.OffTopicRefused)

	misses := Summarize([]Run{{Question: Question{Q: "a", Relevant: []string{"2301.00001"}}, Outcome: "not_found"}}, 3)
	require.Equal(t, new(0.0), misses.HitRate, "0 of 1 is measured: a rate of 0")
	require.Equal(t, new(0.0), misses.RecallAtK)
	require.Equal(t, &Funnel{}, misses.Funnel)
	require.Nil(t, misses.OffTopicRefused, "no control was asked")

	b, err := json.Marshal(controls)
	require.NoError(t, err)
	for _, field := range []string{`"hit_rate":null`, `"answered_hit_rate":null`, `"hit_rate_interval":null`, `"recall_at_k":null`, `"funnel":null`, `"answerable":0`, `"hits":0`, `"off_topic_refused":0.5`} {
		require.Contains(t, string(b), field)
	}
}

func TestFunnel(t *testing.T) {
	q := func(rel ...string) Question { return Question{Q: "q", Relevant: rel} }
	runs := []Run{
		{Question: q("2301.00001"), Sources: []string{"2301.00001v1"}, ArxivRequests: 1,
			Fetched: []string{"x", "2301.00001v1"}, Judged: []string{"2301.00001v1"}, Added: []string{"2301.00001v1"}},
		{Question: q("2301.00002"), Sources: []string{"x"}, ArxivRequests: 1,
			Fetched: []string{"x", "2301.00002v3"}, Judged: []string{"x", "2301.00002v3"}, Added: []string{"x", "2301.00002v3"}},
		{Question: q("2301.00003"), Sources: []string{"x"}, ArxivRequests: 2,
			Fetched: []string{"x", "2301.00003v1"}, Judged: []string{"x"}, Added: []string{"x"}},
		{Question: q("2301.00004"), ArxivRequests: 1, Fetched: []string{"x"}},
		{Question: q("primer:nash"), Sources: []string{"primer:nash"}},
		{Question: q("2301.00005"), Sources: []string{"primer:nash"}},
		{Question: Question{Q: "off", Expect: ExpectOffTopic}, ArxivRequests: 1, Fetched: []string{"x"}},
	}
	r := Summarize(runs, 3)
	var stages []string
	for _, row := range r.PerQuestion {
		stages = append(stages, row.Stage)
	}
	require.Equal(t, []string{StageCited, StageAdded, StageFetched, StageNotFetched, StageCited, StageNotSearch, ""}, stages)
	require.Equal(t, &Funnel{Fetched: 3.0 / 6, Judged: 2.0 / 6, Added: 2.0 / 6, Cited: 2.0 / 6}, r.Funnel,
		"a paper the store already held is cited without being fetched")
}

func TestReadQuestions(t *testing.T) {
	in := `{"q": "a", "relevant": ["2301.01234"], "split": "dev"}

{"q": "b", "split": "heldout", "expect": "off_topic"}
`
	qs, err := ReadQuestions(strings.NewReader(in), "f.jsonl", "", nil)
	require.NoError(t, err)
	require.Len(t, qs, 2)
	require.True(t, qs[1].OffTopic())
	qs, err = ReadQuestions(strings.NewReader(in), "f.jsonl", "heldout", nil)
	require.NoError(t, err)
	require.Equal(t, "b", qs[0].Q)
	_, err = ReadQuestions(strings.NewReader(in), "f.jsonl", "test", nil)
	require.ErrorContains(t, err, `no questions in split "test"`)
	_, err = ReadQuestions(strings.NewReader(`{"q": "a", "expect": "maybe"}`), "f.jsonl", "", nil)
	require.ErrorContains(t, err, "f.jsonl:1: expect")
	_, err = ReadQuestions(strings.NewReader("{q}"), "f.jsonl", "", nil)
	require.ErrorContains(t, err, "f.jsonl:1:")
}

// A relevant id is kept as the sources name it: "arXiv:" and abs URLs
// are read as the bare id, a primer entry's id is kept.
func TestReadQuestionsNormalisesRelevantIDs(t *testing.T) {
	qs, err := ReadQuestions(strings.NewReader(`{"q": "a", "relevant": ["arXiv:2301.01234v2", "https://arxiv.org/abs/cs.GT/0112004", " primer:nash-equilibrium "]}`), "f.jsonl", "", nil)
	require.NoError(t, err)
	require.Equal(t, []string{"2301.01234v2", "cs/0112004", "primer:nash-equilibrium"}, qs[0].Relevant)
}

// A file saved with a byte-order mark (Notepad, Excel) reads as one
// without.
func TestReadQuestionsAcceptsABOM(t *testing.T) {
	qs, err := ReadQuestions(strings.NewReader("\uFEFF"+`{"q": "a", "relevant": ["2301.01234"]}`+"\n"), "f.jsonl", "", nil)
	require.NoError(t, err)
	require.Equal(t, "a", qs[0].Q)
	_, err = ReadQuestions(strings.NewReader(`{"q": "a"}`+"\n\uFEFF"+`{"q": "b"}`), "f.jsonl", "", nil)
	require.ErrorContains(t, err, "f.jsonl:2:", "a mark inside the file is not a BOM")
}

// A line past the limit is named by its number, with the limit.
func TestReadQuestionsNamesTheLineTooLong(t *testing.T) {
	in := `{"q": "a"}` + "\n\n" + `{"q": "` + strings.Repeat("x", MaxQuestionLine) + `"}` + "\n"
	_, err := ReadQuestions(strings.NewReader(in), "f.jsonl", "", nil)
	require.EqualError(t, err, "f.jsonl:3: line longer than 1 MB, the limit for one question: is this a JSON Lines file, one question per line?")
}

// A field of the wrong type says what the field must be, and an entry no
// answer could match is refused with its line.
func TestReadQuestionsSaysWhatAFieldMustBe(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{`{"q": "a", "relevant": "2301.01234"}`, `f.jsonl:1: "relevant" must be a list of paper ids, such as ["2301.01234"]; found a JSON string`},
		{`{"q": "a", "relevant": [2301.01234]}`, `f.jsonl:1: "relevant" must be a list of paper ids, such as ["2301.01234"]; found a JSON number`},
		{`{"q": "a", "must_contain": "nice"}`, `f.jsonl:1: "must_contain" must be a list of strings, such as ["nice|forgiving"]; found a JSON string`},
		{`{"q": 5}`, `f.jsonl:1: "q" must be a string, the question; found a JSON number`},
		{`{"q": "a", "must_contain": ["nice", ""]}`, `f.jsonl:1: must_contain[1] "" is empty: no answer could contain it; remove it, or write what a correct answer says ("a|b" for alternatives)`},
		{`{"q": "a", "must_contain": [" | "]}`, `f.jsonl:1: must_contain[0] " | " is empty`},
		{`{"q": "a", "relevant": ["1", " "]}`, `f.jsonl:1: relevant[1] is empty: want a paper id such as "2301.01234"`},
		{`{"q": "a", "relevant": ["2301.01234", "Nash 1950"]}`, `f.jsonl:1: relevant[1] "Nash 1950" is not a paper id: want an arXiv id such as "2301.01234" or "cs/0112004v2", or a primer entry such as "primer:nash-equilibrium"`},
		{`{"q": "a", "relevant": ["2301.123"]}`, `f.jsonl:1: relevant[0] "2301.123" is not a paper id`},
		{`{"q": "a", "relevant": ["2301.01234", "arXiv:2413.01234"]}`, `f.jsonl:1: relevant[1]: arXiv id "arXiv:2413.01234": month 13 does not exist`},
		{`{"q": "a", "relevant": ["primer:"]}`, `f.jsonl:1: relevant[0] "primer:" is not a paper id`},
		// A misspelt primer entry names no paper: it was taken, and the
		// question counted as a miss whatever it cited.
		{`{"q": "a", "relevant": ["primer:nash-equilbrium"]}`, `f.jsonl:1: relevant[0] "primer:nash-equilbrium" is not a paper id`},
		{`{"q": "a", "expect": "not_found", "relevant": ["2301.01234"]}`, `f.jsonl:1: expect "not_found" with relevant papers: a question nothing answers has none; drop one of the two`},
		{`[1]`, `f.jsonl:1: the line must be a JSON object with "q"; found a JSON array`},
		{`{"relevant": ["2301.01234"]}`, `f.jsonl:1: the line has no "q": want a JSON object with "q"`},
		{`{"q": "a", "expect": "off_topic", "relevant": ["2301.01234"]}`, `f.jsonl:1: expect "off_topic" with relevant papers: an off-topic question has none; drop one of the two`},
		{`{"q": "a", "split": "bad split"}`, `f.jsonl:1: split "bad split": want letters, digits, - or _ (at most 40), such as "dev"`},
	} {
		_, err := ReadQuestions(strings.NewReader(tc.line), "f.jsonl", "", nil)
		require.ErrorContains(t, err, tc.want, tc.line)
	}
	qs, err := ReadQuestions(strings.NewReader(`{"q": "a", "must_contain": ["nice|", "x"]}`), "f.jsonl", "", nil)
	require.NoError(t, err, "an entry with one empty alternative still has one to match")
	require.Len(t, qs, 1)
}

// A split the file does not have is refused with the splits it has, so
// that a typo (--split heldot) shows itself; a line that is a JSON value
// other than an object says which, not Go's type name.
func TestReadQuestionsNamesTheSplits(t *testing.T) {
	in := `{"q": "a", "split": "dev"}
{"q": "b", "split": "heldout"}
{"q": "c", "split": "dev"}
{"q": "d"}
`
	_, err := ReadQuestions(strings.NewReader(in), "f.jsonl", "heldot", nil)
	require.EqualError(t, err, `f.jsonl has no questions in split "heldot": its splits are dev, heldout`)
	_, err = ReadQuestions(strings.NewReader(`{"q": "a"}`), "f.jsonl", "dev", nil)
	require.EqualError(t, err, `f.jsonl has no questions in split "dev": its questions name no split`)

	_, err = ReadQuestions(strings.NewReader(`[{"q": "a"}]`), "f.jsonl", "", nil)
	require.EqualError(t, err, `f.jsonl:1: the line must be a JSON object with "q"; found a JSON array`)
}

// A question asked twice would count twice: the second is refused with
// both lines, whatever its split and spacing.
func TestReadQuestionsRefusesADuplicate(t *testing.T) {
	in := `{"q": "What is a core?", "split": "dev"}
{"q": "What is a Nash equilibrium?"}

{"q": "  What is a core? ", "split": "heldout"}
`
	_, err := ReadQuestions(strings.NewReader(in), "f.jsonl", "", nil)
	require.EqualError(t, err, "f.jsonl:4: the same question as line 1: ask each question once, or it counts twice")
	_, err = ReadQuestions(strings.NewReader(in), "f.jsonl", "dev", nil)
	require.ErrorContains(t, err, "f.jsonl:4: the same question as line 1", "a question in two splits is a leak, not two questions")

	collapse := func(q string) (string, error) { return strings.Join(strings.Fields(q), " "), nil }
	_, err = ReadQuestions(strings.NewReader(`{"q": "a  b"}`+"\n"+`{"q": "a b"}`), "f.jsonl", "", collapse)
	require.ErrorContains(t, err, "f.jsonl:2: the same question as line 1", "the same after check")
	qs, err := ReadQuestions(strings.NewReader(`{"q": "a b"}`+"\n"+`{"q": "a b?"}`), "f.jsonl", "", collapse)
	require.NoError(t, err)
	require.Len(t, qs, 2)
	// Case apart, the same question.
	_, err = ReadQuestions(strings.NewReader(`{"q": "What is a Nash equilibrium?"}`+"\n"+`{"q": "what is a Nash  equilibrium?"}`), "f.jsonl", "", nil)
	require.ErrorContains(t, err, "f.jsonl:2: the same question as line 1", "the same but for case and spacing")
}

// A field the reader does not know is refused with its line and the
// fields there are: a misspelt "relevant" must not leave a question with
// no relevant papers, counted as unanswerable without a word.
func TestReadQuestionsRefusesAnUnknownField(t *testing.T) {
	in := `{"q": "a", "relevant": ["2301.01234"]}
{"q": "b", "relevent": ["2301.01234"]}
`
	_, err := ReadQuestions(strings.NewReader(in), "f.jsonl", "", nil)
	require.EqualError(t, err, `f.jsonl:2: unknown field "relevent": the fields are q, relevant, split, expect, must_contain, topic`)

	qs, err := ReadQuestions(strings.NewReader(`{"q": "a", "relevant": ["2301.01234"], "topic": "auctions"}`), "f.jsonl", "", nil)
	require.NoError(t, err, "topic labels a question in the world corpora")
	require.Equal(t, "auctions", qs[0].Topic)

	// encoding/json matches names whatever their case, and the last of two
	// wins: "Relevant" overrode "relevant", and a second "q" was asked
	// (found by an exploratory review).
	for in, want := range map[string]string{
		`{"q": "a", "relevant": ["primer:core"], "Relevant": ["primer:nash"]}`: `f.jsonl:1: unknown field "Relevant": the fields are q, relevant, split, expect, must_contain, topic`,
		`{"Q": "a"}`:                     `f.jsonl:1: unknown field "Q": the fields are q, relevant, split, expect, must_contain, topic`,
		`{"q": "a", "EXPECT": "answer"}`: `f.jsonl:1: unknown field "EXPECT": the fields are q, relevant, split, expect, must_contain, topic`,
		`{"q": "a", "q": "b"}`:           `f.jsonl:1: field "q" given twice: give each field once`,
	} {
		_, err := ReadQuestions(strings.NewReader(in), "f.jsonl", "", nil)
		require.EqualError(t, err, want, in)
	}
}

// A line's JSON faults are told in the file's words, the same as a
// trace's or a report's.
func TestReadQuestionsJSONFaults(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{`{"q": true}`, `f.jsonl:1: "q" must be a string, the question; found a JSON boolean`},
		{`{"q": "a", "topic": 1}`, `f.jsonl:1: "topic" must be a string; found a JSON number`},
		{`{"q": "a"`, `f.jsonl:1: the line ends in the middle of its JSON (cut short?)`},
		{`{q}`, `f.jsonl:1: invalid JSON at byte 2: unexpected 'q' where a field name in double quotes should be`},
		{`{"q": "a"} x`, `f.jsonl:1: invalid JSON at byte 12: unexpected 'x' after the JSON value ended`},
		{`{"q": "a"} {"q": "b"}`, `f.jsonl:1: invalid JSON at byte 12: unexpected '{' after the JSON value ended`},
		{`"a"`, `f.jsonl:1: the line must be a JSON object with "q"; found a JSON string`},
	} {
		_, err := ReadQuestions(strings.NewReader(tc.line), "f.jsonl", "", nil)
		require.EqualError(t, err, tc.want, tc.line)
	}
}

// The question sets under testdata read: no field unknown, no question
// twice.
func TestReadQuestionsTestdata(t *testing.T) {
	var files []string
	for _, pattern := range []string{"world/*.jsonl", "world?/questions.jsonl", "eval/*.jsonl", "answers/*.jsonl", "judge/primer.jsonl", "blind/questions.jsonl"} {
		m, err := filepath.Glob(filepath.Join("..", "testdata", pattern))
		require.NoError(t, err)
		files = append(files, m...)
	}
	collapse := func(q string) (string, error) { return strings.Join(strings.Fields(q), " "), nil } // as the command does
	n := 0
	for _, path := range files {
		if strings.HasPrefix(filepath.Base(path), "papers") {
			continue
		}
		f, err := os.Open(path)
		require.NoError(t, err)
		_, err = ReadQuestions(f, path, "", collapse)
		f.Close()
		require.NoError(t, err)
		n++
	}
	require.Greater(t, n, 50, "the question sets were found")
}

// Percentile is the nearest rank: the smallest value at least p of the
// values are at or below. Rounding p·n instead took one rank too few
// whenever its fraction was below a half: the p95 of 11 latencies was the
// 10th (91%), of 31 the 29th, leaving the slowest out of the p95.
func TestPercentileIsTheNearestRank(t *testing.T) {
	values := func(n int) []int64 {
		s := make([]int64, n)
		for i := range s {
			s[i] = int64(i + 1) // rank i+1 holds i+1
		}
		return s
	}
	for _, tc := range []struct {
		n    int
		p    float64
		want int64
	}{
		{1, 0.95, 1}, {2, 0.50, 1}, {3, 0.50, 2}, {4, 0.50, 2},
		{10, 0.95, 10}, {11, 0.95, 11}, {20, 0.95, 19}, {31, 0.95, 30}, {100, 0.95, 95}, {137, 0.95, 131},
		{11, 0.50, 6}, {10, 0.50, 5},
	} {
		require.Equal(t, tc.want, Percentile(values(tc.n), tc.p), "p%.0f of 1..%d", 100*tc.p, tc.n)
	}
	require.Zero(t, Percentile(nil, 0.5))
}

// An abstention that names its closest sources ("I found nothing on … The
// closest sources, which may not answer the question: …") is not an
// answer: "answered" counted it, 32 of 35 beside outcomes that said 31
// answered and 1 not_found.
func TestSummarizeAnsweredLeavesOutAbstentions(t *testing.T) {
	r := Summarize([]Run{
		{Question: Question{Q: "a", Relevant: []string{"2301.00001"}}, Outcome: "answered", Sources: []string{"2301.00001"}},
		{Question: Question{Q: "b", Relevant: []string{"2301.00002"}}, Outcome: "not_found", Abstained: true, Sources: []string{"x"}},
		{Question: Question{Q: "c", Relevant: []string{"2301.00003"}}, Outcome: "arxiv_unavailable", Abstained: true, Sources: []string{"y"}},
		{Question: Question{Q: "d", Relevant: []string{"2301.00004"}}, Outcome: "arxiv_unavailable", Sources: []string{"z"}},
	}, 3)
	require.InDelta(t, 0.5, r.AnsweredRate, 1e-9, "a, and d answered from the store with arXiv's failure said")
	require.False(t, r.PerQuestion[1].Answered)
	require.False(t, r.PerQuestion[2].Answered)
}

// A not_found abstention that lists the relevant paper among its closest
// sources is a hit, but not an answer from it: answered_hits counts the
// hits whose question was answered.
func TestSummarizeAnsweredHits(t *testing.T) {
	r := Summarize([]Run{
		{Question: Question{Q: "a", Relevant: []string{"2301.00001"}}, Outcome: "answered", Sources: []string{"2301.00001"}},
		{Question: Question{Q: "b", Relevant: []string{"2301.00002"}}, Outcome: "answered_with_caveat", Sources: []string{"2301.00002"}},
		{Question: Question{Q: "c", Relevant: []string{"2301.00003"}}, Outcome: "not_found", Abstained: true, Sources: []string{"2301.00003"}},
		{Question: Question{Q: "d", Relevant: []string{"2301.00004"}}, Outcome: "answered", Sources: []string{"x"}},
	}, 3)
	require.Equal(t, 3, r.Hits)
	require.Equal(t, 2, r.AnsweredHits)
	require.Equal(t, new(0.5), r.AnsweredHitRate)
}

// Questions that ended arxiv_unavailable are named in a warning: an arXiv
// that went down midway left a fresh eval's hit rate at 0.17 with nothing
// at the top of the report to say why.
func TestArxivWarning(t *testing.T) {
	require.Empty(t, Report{Questions: 3, Outcomes: map[string]int{"answered": 3}}.ArxivWarning())
	require.Equal(t, "arXiv failed for 46 of 63 questions (outcome arxiv_unavailable): they went without a search, and the figures count them all the same",
		Report{Questions: 63, Outcomes: map[string]int{"answered": 17, "arxiv_unavailable": 46}}.ArxivWarning())
	require.Equal(t, "arXiv failed for 1 of 1 question (outcome arxiv_unavailable): it went without a search, and the figures count it all the same",
		Report{Questions: 1, Outcomes: map[string]int{"arxiv_unavailable": 1}}.ArxivWarning())
}
