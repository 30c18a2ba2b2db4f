package chunker

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
)

func TestOptionsValidate(t *testing.T) {
	tests := []struct {
		name    string
		opt     Options
		wantErr string
	}{
		{name: "zero value", opt: Options{}},
		{name: "explicit defaults", opt: Options{Size: 1000, Overlap: 200}},
		{name: "no overlap", opt: Options{Size: 10, Overlap: NoOverlap}},
		{name: "overlap just below size", opt: Options{Size: 10, Overlap: 9}},
		{name: "overlap with default size", opt: Options{Overlap: 999}},
		{name: "negative size", opt: Options{Size: -5}, wantErr: "chunk size -5"},
		{name: "overlap equals size", opt: Options{Size: 10, Overlap: 10}, wantErr: "chunk overlap 10"},
		{name: "overlap above default size", opt: Options{Overlap: 1000}, wantErr: "smaller than the chunk size 1000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.opt.Validate()
			if tt.wantErr == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tt.wantErr)
		})
	}
}

func TestOptionsNormalized(t *testing.T) {
	tests := []struct {
		in, want Options
	}{
		{Options{}, Options{Size: 1000, Overlap: 200}},
		{Options{Size: 300}, Options{Size: 300, Overlap: 60}},
		{Options{Size: 300, Overlap: NoOverlap}, Options{Size: 300, Overlap: 0}},
		{Options{Size: 300, Overlap: 299}, Options{Size: 300, Overlap: 299}},
		{Options{Size: 300, Overlap: 300}, Options{Size: 300, Overlap: 60}},
		{Options{Size: -1, Overlap: 50}, Options{Size: 1000, Overlap: 50}},
		{Options{Size: 1, Overlap: 0}, Options{Size: 1, Overlap: 0}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+v", tt.in), func(t *testing.T) {
			require.Equal(t, tt.want, tt.in.normalized())
		})
	}
}

func TestSplitMetadata(t *testing.T) {
	published := time.Date(2023, 1, 3, 23, 59, 59, 0, time.FixedZone("X", -5*3600))
	tests := []struct {
		name    string
		paper   arxiv.Paper
		wantIDs []string
		want    map[string]string
	}{
		{
			name: "new-style id, URLs derived",
			paper: arxiv.Paper{
				ID: "2301.01234v2", Title: "Learning\n  in Games", Summary: "Short.",
				Authors: []string{"Ada Lovelace", "John Nash"}, Published: published,
				Categories: []string{"cs.GT", "econ.TH"},
			},
			wantIDs: []string{"2301.01234v2_chunk_0"},
			want: map[string]string{
				"paper_id": "2301.01234v2", "title": "Learning in Games",
				"authors": "Ada Lovelace, John Nash", "published": "2023-01-04T04:59:59Z",
				"categories": "cs.GT,econ.TH", "abs_url": "http://arxiv.org/abs/2301.01234v2",
				"pdf_url": "", "chunk_index": "0",
			},
		},
		{
			// They were dropped: published was cut to its date, and updated,
			// doi, journal_ref and comment never stored.
			name: "every field of an arXiv entry is kept",
			paper: arxiv.Paper{
				ID: "2401.00001v2", Title: "Repeated games", Summary: "Folk theorems.",
				Published: time.Date(2024, 1, 1, 10, 20, 30, 0, time.UTC), Updated: time.Date(2024, 2, 3, 4, 5, 6, 700, time.UTC),
				DOI: "10.1000/xyz_123", JournalRef: "Games Econ. Behav. 140 (2024) 1-20", Comment: "20 pages,\n 3 figures",
			},
			wantIDs: []string{"2401.00001v2_chunk_0"},
			want: map[string]string{
				"paper_id": "2401.00001v2", "title": "Repeated games", "authors": "",
				"published": "2024-01-01T10:20:30Z", "updated": "2024-02-03T04:05:06.0000007Z",
				"categories": "", "doi": "10.1000/xyz_123", "journal_ref": "Games Econ. Behav. 140 (2024) 1-20",
				"comment": "20 pages, 3 figures", "abs_url": "http://arxiv.org/abs/2401.00001v2", "pdf_url": "",
				"chunk_index": "0",
			},
		},
		{
			name:    "old-style id keeps its slash",
			paper:   arxiv.Paper{ID: "cs/0112004v1", Title: "Old", Summary: "Text."},
			wantIDs: []string{"cs/0112004v1_chunk_0"},
			want: map[string]string{
				"paper_id": "cs/0112004v1", "title": "Old", "authors": "", "published": "",
				"categories": "", "abs_url": "http://arxiv.org/abs/cs/0112004v1", "pdf_url": "",
				"chunk_index": "0",
			},
		},
		{
			name: "given URLs win",
			paper: arxiv.Paper{
				ID: "math/0211159v2", Title: "T", Summary: "S.",
				AbsURL: "https://arxiv.org/abs/math/0211159v2", PDFURL: "https://arxiv.org/pdf/math/0211159v2",
			},
			wantIDs: []string{"math/0211159v2_chunk_0"},
			want: map[string]string{
				"paper_id": "math/0211159v2", "title": "T", "authors": "", "published": "",
				"categories": "", "abs_url": "https://arxiv.org/abs/math/0211159v2",
				"pdf_url": "https://arxiv.org/pdf/math/0211159v2", "chunk_index": "0",
			},
		},
		{
			name:    "primer entry has no abstract page",
			paper:   arxiv.Paper{ID: "primer:nash-equilibrium", Title: "Nash equilibrium", Summary: "S.", Categories: []string{"primer"}},
			wantIDs: []string{"primer:nash-equilibrium_chunk_0"},
			want: map[string]string{
				"paper_id": "primer:nash-equilibrium", "title": "Nash equilibrium", "authors": "",
				"published": "", "categories": "primer", "abs_url": "", "pdf_url": "", "chunk_index": "0",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chunks := Split(tt.paper, Options{})
			ids := make([]string, len(chunks))
			for i, c := range chunks {
				ids[i] = c.ID
			}
			require.Equal(t, tt.wantIDs, ids)
			require.Equal(t, tt.want, chunks[0].Metadata)
		})
	}
}

// ParseTime reads what the chunker writes, and the dates of stores written
// before it kept the time.
func TestParseTime(t *testing.T) {
	for _, when := range []time.Time{
		time.Date(2024, 1, 1, 10, 20, 30, 0, time.UTC),
		time.Date(2024, 1, 1, 10, 20, 30, 123, time.FixedZone("X", 3600)),
	} {
		md := Split(arxiv.Paper{ID: "2401.00001v1", Title: "T", Published: when, Updated: when}, Options{})[0].Metadata
		require.True(t, when.Equal(ParseTime(md[KeyPublished])), md[KeyPublished])
		require.True(t, when.Equal(ParseTime(md[KeyUpdated])), md[KeyUpdated])
		require.Equal(t, time.UTC, ParseTime(md[KeyPublished]).Location())
	}
	require.Equal(t, time.Date(2023, 1, 4, 0, 0, 0, 0, time.UTC), ParseTime("2023-01-04"))
	require.True(t, ParseTime("").IsZero())
	require.True(t, ParseTime("January 2023").IsZero())
}

func TestSplitMetadataPerChunk(t *testing.T) {
	p := arxiv.Paper{ID: "2301.01234v2", Title: "T", Summary: strings.Repeat("A sentence about games. ", 200)}
	chunks := Split(p, Options{Size: 200, Overlap: 50})
	require.Greater(t, len(chunks), 10)
	for i, c := range chunks {
		require.Equal(t, strconv.Itoa(i), c.Metadata["chunk_index"])
		require.Equal(t, i, c.Index)
	}
	chunks[0].Metadata["title"] = "changed"
	require.Equal(t, "T", chunks[1].Metadata["title"], "chunks must not share a metadata map")
}

func TestSplitText(t *testing.T) {
	tests := []struct {
		name  string
		paper arxiv.Paper
		opt   Options
		want  []string
	}{
		{name: "nothing to chunk", paper: arxiv.Paper{ID: "1", Title: " \n ", Summary: "\t"}, want: nil},
		{name: "empty abstract", paper: arxiv.Paper{ID: "1", Title: "Only a title"}, want: []string{"Title: Only a title"}},
		{name: "empty title", paper: arxiv.Paper{ID: "1", Summary: "Only prose."}, want: []string{"Abstract: Only prose."}},
		{
			name:  "whitespace collapsed, fits in one chunk",
			paper: arxiv.Paper{ID: "1", Title: "  Games\n  of  Chance ", Summary: "\n  We study\tthem. "},
			want:  []string{"Title: Games of Chance\n\nAbstract: We study them."},
		},
		{
			name:  "cut at sentence ends, overlap a whole sentence",
			paper: arxiv.Paper{ID: "1", Title: "T", Summary: "One two three four. Five six seven eight. Nine ten eleven twelve. Thirteen fourteen."},
			opt:   Options{Size: 50, Overlap: 24},
			want: []string{
				"Title: T\n\nAbstract: One two three four.",
				"One two three four. Five six seven eight.",
				"Five six seven eight. Nine ten eleven twelve.",
				"Nine ten eleven twelve. Thirteen fourteen.",
			},
		},
		{
			name:  "abbreviations and initials are not sentence ends",
			paper: arxiv.Paper{ID: "1", Title: "T", Summary: "Players e.g. Alice win. As J. Nash et al. Showed in Fig. 2 it is 0.5 here. End."},
			opt:   Options{Size: 60, Overlap: NoOverlap},
			want: []string{
				"Title: T\n\nAbstract: Players e.g. Alice win.",
				"As J. Nash et al. Showed in Fig. 2 it is 0.5 here. End.",
			},
		},
		{
			name:  "word boundary when no sentence end fits",
			paper: arxiv.Paper{ID: "1", Summary: "alpha beta gamma delta epsilon zeta eta theta"},
			opt:   Options{Size: 20, Overlap: 6},
			want:  []string{"Abstract: alpha beta", "beta gamma delta", "delta epsilon zeta", "zeta eta theta"},
		},
		{
			name:  "CJK without spaces cuts after 。",
			paper: arxiv.Paper{ID: "1", Summary: "纳什均衡是核心概念。每个玩家选择最佳应对。没有人想单独偏离。"},
			opt:   Options{Size: 22, Overlap: 11},
			want:  []string{"Abstract: 纳什均衡是核心概念。", "纳什均衡是核心概念。每个玩家选择最佳应对。", "每个玩家选择最佳应对。没有人想单独偏离。"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chunks := Split(tt.paper, tt.opt)
			var got []string
			for _, c := range chunks {
				got = append(got, c.Text)
			}
			require.Equal(t, tt.want, got)
			checkInvariants(t, tt.paper, tt.opt, chunks)
		})
	}
}

func TestSplitHugeSingleWord(t *testing.T) {
	word := strings.Repeat("x", 5000)
	p := arxiv.Paper{ID: "2301.01234v2", Title: "T", Summary: word}
	chunks := Split(p, Options{})
	// "Title: T\n\nAbstract:" ends at a word, so the first chunk stops there;
	// the token (runes 20–5019) is then cut every 800 runes, and the last
	// chunk takes the token's final 1000 runes rather than cutting it again.
	require.Len(t, chunks, 7)
	require.Equal(t, "Title: T\n\nAbstract:", chunks[0].Text)
	require.Equal(t, "T\n\nAbstract: "+strings.Repeat("x", 987), chunks[1].Text)
	require.Equal(t, word[len(word)-1000:], chunks[6].Text)
	for i, c := range chunks {
		require.LessOrEqual(t, utf8.RuneCountInString(c.Text), 1000)
		if i > 1 && i < 6 {
			// Inside a token there is no better boundary than a rune: the overlap is exact.
			require.Equal(t, c.Text[:200], chunks[i-1].Text[len(chunks[i-1].Text)-200:])
		}
	}
	checkInvariants(t, p, Options{}, chunks)
}

func TestSplitKeepsGraphemesTogether(t *testing.T) {
	family := "👨\u200d👩\u200d👧" // five runes, one picture
	tests := []struct {
		name, word string
	}{
		{"emoji ZWJ sequences", strings.Repeat(family, 80)},
		{"combining accents", strings.Repeat("e\u0301", 300)},
		{"skin tones", strings.Repeat("👍🏽", 300)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := arxiv.Paper{ID: "1", Summary: tt.word}
			opt := Options{Size: 64, Overlap: 16}
			chunks := Split(p, opt)
			require.Greater(t, len(chunks), 3)
			for _, c := range chunks {
				first, _ := utf8.DecodeRuneInString(c.Text)
				last, _ := utf8.DecodeLastRuneInString(c.Text)
				require.NotEqual(t, '\u200d', first, c.Text)
				require.NotEqual(t, '\u200d', last, c.Text)
				require.False(t, unicode.Is(unicode.Mn, first), c.Text)
				require.False(t, first >= 0x1f3fb && first <= 0x1f3ff, c.Text)
			}
			checkInvariants(t, p, opt, chunks)
		})
	}
}

// TestSentenceEnds pins the sentence rules on their own, apart from sizes.
func TestSentenceEnds(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"We use e.g. Nash equilibria. Then we stop.", []string{"We use e.g. Nash equilibria.", "Then we stop."}},
		{"That is, i.e. The answer holds.", []string{"That is, i.e. The answer holds."}},
		{"As in Fig. 3 the value is 0.5. Next.", []string{"As in Fig. 3 the value is 0.5.", "Next."}},
		{"See Eq. (4) and Eqs. 5 and Ref. [2] here.", []string{"See Eq. (4) and Eqs. 5 and Ref. [2] here."}},
		{"Work by J. Nash and J.F. Nash shows it. Results follow.", []string{"Work by J. Nash and J.F. Nash shows it.", "Results follow."}},
		{"Smith et al. Show it. Jones et al. (2020) agree.", []string{"Smith et al. Show it.", "Jones et al. (2020) agree."}},
		{"Is it? Yes! No.", []string{"Is it?", "Yes!", "No."}},
		{"See No. 5 for more. No. It does not.", []string{"See No. 5 for more.", "No.", "It does not."}},
		{`He said "stop." Then left.`, []string{`He said "stop."`, "Then left."}},
		{"Take the value v. then move on.", []string{"Take the value v. then move on."}},
		{"(see Eq. 2). Then more.", []string{"(see Eq. 2).", "Then more."}},
		{"It holds for $x$. $y$ is free.", []string{"It holds for $x$.", "$y$ is free."}},
		{"In the U.S. Government data.", []string{"In the U.S. Government data."}},
		{"Wait… Then go.", []string{"Wait…", "Then go."}},
		{"Vs. Others and cf. Later work.", []string{"Vs. Others and cf. Later work."}},
		{"Title: No stop\n\nAbstract: Body.", []string{"Title: No stop", "Abstract: Body."}},
		{"纳什均衡。最佳应对！结束", []string{"纳什均衡。", "最佳应对！", "结束"}},
		{"Ends with 10. 20 follows.", []string{"Ends with 10.", "20 follows."}},
		// A lone lower-case letter is a variable ending its sentence, not
		// an initial; "v." is versus.
		{"It equals the maximum over x. A strategy follows.", []string{"It equals the maximum over x.", "A strategy follows."}},
		{"Bounds grow in k. We show more.", []string{"Bounds grow in k.", "We show more."}},
		{"As in Roe v. Wade it held.", []string{"As in Roe v. Wade it held."}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			require.Equal(t, tt.want, sentences(tt.text))
		})
	}
}

// sentences cuts text at every sentence start the splitter found.
func sentences(text string) []string {
	s := newSplitter(text, Options{Size: 1000})
	var out []string
	from := 0
	for p := 1; p < s.n; p++ {
		if s.flags[p]&startSent != 0 {
			out = append(out, strings.TrimSpace(text[s.off[from]:s.off[p]]))
			from = p
		}
	}
	return append(out, text[s.off[from]:])
}

// TestSplitProperties checks the invariants over many random papers and
// options, including invalid options that Split has to repair.
func TestSplitProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 2000
	if testing.Short() {
		n = 200
	}
	for i := range n {
		p := randomPaper(rng, i)
		opt := randomOptions(rng)
		chunks := Split(p, opt)
		if !checkInvariants(t, p, opt, chunks) {
			t.Fatalf("paper %d, options %+v: %q", i, opt, p.Summary)
		}
	}
}

// TestSplitBoundaryQuality: when words and sentences are short compared to a
// chunk, chunks start and end on words, and all but the last end a sentence.
func TestSplitBoundaryQuality(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 500 {
		p := arxiv.Paper{ID: "2301.0" + strconv.Itoa(1000+i) + "v1", Title: randomSentence(rng, 2, 8, false), Summary: randomProse(rng, 30, 12, false)}
		opt := Options{Size: 400 + rng.IntN(800)}
		opt.Overlap = rng.IntN(opt.Size / 2)
		_, text := paperText(p)
		for j, c := range Split(p, opt) {
			at := strings.Index(text, c.Text)
			require.GreaterOrEqual(t, at, 0)
			end := at + len(c.Text)
			require.True(t, at == 0 || text[at-1] == ' ' || text[at-1] == '\n', "chunk %d starts mid-word: %q", j, c.Text)
			require.True(t, end == len(text) || text[end] == ' ' || text[end] == '\n', "chunk %d ends mid-word: %q", j, c.Text)
			if end < len(text) && text[end] != '\n' {
				require.Contains(t, ".?!", c.Text[len(c.Text)-1:], "chunk %d does not end a sentence: %q", j, c.Text)
			}
		}
	}
}

func FuzzSplit(f *testing.F) {
	f.Add("Nash equilibria", "We study e.g. games. J. Nash et al. Showed it in Fig. 2. Value 0.5! Why?", 40, 10)
	f.Add("", "", 0, 0)
	f.Add("T", strings.Repeat("y", 3000), 0, 0)
	f.Add("纳什均衡", "纳什均衡是核心概念。每个玩家选择最佳应对。", 8, 3)
	f.Add("emoji", strings.Repeat("👨\u200d👩\u200d👧 ", 30), 7, 6)
	f.Add("bad", "\xff\xfe broken \xc3 utf8. Next sentence.", 5, -1)
	f.Add("x", "a b", 1, 0)
	f.Add("x", "aa bb cc dd", 2, 1)
	f.Fuzz(func(t *testing.T, title, summary string, size, overlap int) {
		// Keep sizes in the range a user could ask for; huge texts with
		// tiny chunks are slow, not wrong.
		size %= 3000
		overlap %= 3000
		p := arxiv.Paper{ID: "cs/0112004v1", Title: title, Summary: summary}
		opt := Options{Size: size, Overlap: overlap}
		if !checkInvariants(t, p, opt, Split(p, opt)) {
			t.Fatalf("options %+v", opt)
		}
	})
}

func BenchmarkSplit(b *testing.B) {
	p := arxiv.Paper{
		ID:         "2301.01234v2",
		Title:      "Learning Equilibria in Repeated Auctions with Budget-Constrained Bidders",
		Authors:    []string{"Ada Lovelace", "John Nash", "Lloyd Shapley"},
		Published:  time.Date(2023, 1, 3, 18, 0, 0, 0, time.UTC),
		Categories: []string{"cs.GT", "econ.TH", "cs.LG"},
	}
	var sb strings.Builder
	rng := rand.New(rand.NewPCG(5, 6))
	for sb.Len() < 1500 {
		sb.WriteString(randomSentence(rng, 8, 25, false))
		sb.WriteByte(' ')
	}
	p.Summary = sb.String()[:1500]
	b.ReportAllocs()
	b.SetBytes(int64(len(p.Summary)))
	for b.Loop() {
		if len(Split(p, Options{})) != 2 {
			b.Fatal("want two chunks for a 1,500-character abstract")
		}
	}
}

// checkInvariants verifies one Split result against the text it came from and
// reports whether all checks passed (so callers can add context).
func checkInvariants(t *testing.T, p arxiv.Paper, opt Options, chunks []Chunk) bool {
	t.Helper()
	norm := opt.normalized()
	_, text := paperText(p)
	if text == "" {
		return assert(t, len(chunks) == 0, "chunks for an empty paper: %d", len(chunks))
	}
	if !assert(t, len(chunks) > 0, "no chunks for %q", text) {
		return false
	}
	spans := split(text, norm)
	if !assert(t, len(spans) == len(chunks), "%d spans, %d chunks", len(spans), len(chunks)) {
		return false
	}
	rebuilt := chunks[0].Text
	ids := map[string]bool{}
	for i, c := range chunks {
		ok := assert(t, c.ID == p.ID+"_chunk_"+strconv.Itoa(i), "chunk %d id %q", i, c.ID) &&
			assert(t, !ids[c.ID], "duplicate id %q", c.ID) &&
			assert(t, c.Index == i && c.Metadata["chunk_index"] == strconv.Itoa(i), "chunk %d index %d/%q", i, c.Index, c.Metadata["chunk_index"]) &&
			assert(t, c.Text != "" && strings.TrimSpace(c.Text) == c.Text, "chunk %d empty or padded: %q", i, c.Text) &&
			assert(t, utf8.ValidString(c.Text), "chunk %d invalid UTF-8", i) &&
			assert(t, utf8.RuneCountInString(c.Text) <= norm.Size, "chunk %d has %d runes > %d", i, utf8.RuneCountInString(c.Text), norm.Size) &&
			assert(t, c.Text == text[spans[i].startByte:spans[i].endByte], "chunk %d is not its span", i)
		if !ok {
			return false
		}
		ids[c.ID] = true
		// A cut inside a plain word is only allowed when the word alone is
		// longer than a chunk.
		if end := spans[i].endByte; end < len(text) {
			from := strings.LastIndexFunc(text[:end], unicode.IsSpace) + 1
			to := strings.IndexFunc(text[end:], unicode.IsSpace)
			if to < 0 {
				to = len(text) - end
			}
			word := text[from : end+to]
			if to > 0 && from < end && isASCIILetters(word) &&
				!assert(t, len(word) > norm.Size, "chunk %d cuts the word %q (%d runes) though it fits in %d", i, word, len(word), norm.Size) {
				return false
			}
		}
		if i == 0 {
			continue
		}
		prev, cur := spans[i-1], spans[i]
		if !assert(t, cur.start > prev.start && cur.end > prev.end, "chunk %d does not advance: %+v after %+v", i, cur, prev) {
			return false
		}
		overlap := prev.end - cur.start
		if !assert(t, overlap <= norm.Overlap, "chunk %d overlaps %d > %d", i, overlap, norm.Overlap) {
			return false
		}
		if overlap > 0 {
			pr, cr := []rune(chunks[i-1].Text), []rune(c.Text)
			if !assert(t, string(pr[len(pr)-overlap:]) == string(cr[:overlap]), "chunk %d overlap is not shared text", i) {
				return false
			}
			rebuilt += string(cr[overlap:])
		} else {
			gap := text[prev.endByte:cur.startByte]
			if !assert(t, strings.TrimSpace(gap) == "", "chunk %d skips text %q", i, gap) {
				return false
			}
			rebuilt += gap + c.Text
			// The previous chunk's tail had a word start we could have
			// begun at, and starting there still reaches the end of the next
			// word (when that word fits in a chunk): then the overlap must
			// not be zero. Only checked for ASCII words, whose ends are
			// simply white space.
			if norm.Overlap > 0 {
				next := prev.end + utf8.RuneCountInString(gap)
				word := text[cur.startByte:]
				if k := strings.IndexFunc(word, unicode.IsSpace); k >= 0 {
					word = word[:k]
				}
				need := next + len(word)
				if len(word) > norm.Size {
					need = next + 1
				}
				pr := []rune(chunks[i-1].Text)
				for j := max(1, len(pr)-norm.Overlap); j < len(pr) && isASCII(word); j++ {
					if !unicode.IsSpace(pr[j]) && unicode.IsSpace(pr[j-1]) && prev.start+j+norm.Size >= need {
						return assert(t, false, "chunk %d has no overlap although %q starts a word in the last %d runes of %q", i, string(pr[j:]), norm.Overlap, chunks[i-1].Text)
					}
				}
			}
		}
	}
	return assert(t, rebuilt == text, "chunks do not rebuild the text:\n%q\n%q", rebuilt, text)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isASCIILetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func assert(t *testing.T, cond bool, format string, args ...any) bool {
	t.Helper()
	if !cond {
		t.Errorf(format, args...)
	}
	return cond
}

var vocabulary = []string{
	"game", "player", "strategy", "payoff", "equilibrium", "auction", "bidder", "mechanism",
	"Nash", "e.g.", "i.e.", "et al.", "Fig.", "Eq.", "0.5", "J. Nash", "No. 3", "cf.",
	"Müller", "équilibre", "Δ-approximate", "(see", "Table 2)", "\"quoted\"", "$\\epsilon$",
	"纳什均衡", "博弈论。", "🙂", "👨\u200d👩\u200d👧", "naïve", "x²", "co-operative", "regret",
}

var asciiVocabulary = []string{
	"game", "player", "strategy", "payoff", "equilibrium", "auction", "bidder", "mechanism",
	"Nash", "e.g.", "i.e.", "et al.", "Fig.", "0.5", "J. Nash", "learning", "regret", "core",
}

func randomSentence(rng *rand.Rand, minWords, maxWords int, exotic bool) string {
	vocab := asciiVocabulary
	if exotic {
		vocab = vocabulary
	}
	n := minWords + rng.IntN(maxWords-minWords+1)
	words := make([]string, 0, n)
	first := []rune(vocab[rng.IntN(len(vocab))])
	first[0] = unicode.ToUpper(first[0])
	words = append(words, string(first))
	for range n - 1 {
		words = append(words, vocab[rng.IntN(len(vocab))])
	}
	return strings.Join(words, " ") + []string{".", ".", ".", "?", "!"}[rng.IntN(5)]
}

func randomProse(rng *rand.Rand, maxSentences, maxWords int, exotic bool) string {
	n := rng.IntN(maxSentences + 1)
	parts := make([]string, 0, n)
	for range n {
		parts = append(parts, randomSentence(rng, 1, maxWords, exotic))
	}
	return strings.Join(parts, " ")
}

func randomPaper(rng *rand.Rand, i int) arxiv.Paper {
	id := fmt.Sprintf("23%02d.%05dv%d", 1+i%12, i, 1+rng.IntN(3))
	if rng.IntN(3) == 0 {
		id = fmt.Sprintf("cs/%07dv1", i)
	}
	p := arxiv.Paper{ID: id, Summary: randomProse(rng, 25, 30, true)}
	if rng.IntN(10) > 0 {
		p.Title = randomSentence(rng, 1, 12, true)
	}
	switch rng.IntN(8) {
	case 0: // a giant token somewhere
		giant := strings.Repeat(string([]rune("ab纳🙂")[rng.IntN(4)]), 50+rng.IntN(3000))
		p.Summary += " " + giant + " " + randomProse(rng, 3, 10, true)
	case 1: // odd white space
		p.Summary = strings.ReplaceAll(p.Summary, " ", " \n\t ")
	case 2: // CJK prose without spaces
		p.Summary += strings.Repeat("每个玩家选择最佳应对，没有人想单独偏离。", 1+rng.IntN(40))
	}
	return p
}

func randomOptions(rng *rand.Rand) Options {
	switch rng.IntN(10) {
	case 0:
		return Options{}
	case 1: // invalid or extreme on purpose
		return Options{Size: rng.IntN(40) - 20, Overlap: rng.IntN(3000) - 1}
	}
	size := 1 + rng.IntN(1500)
	return Options{Size: size, Overlap: rng.IntN(size+1) - 1}
}

// TestSplitCapsHugeFields: a 1 MB title and a 1 MB abstract are cut to
// MaxTitleRunes and MaxSummaryRunes (at a word end, marked "…") before
// chunking, so such a paper makes a handful of chunks instead of thousands,
// and a paper within the caps is untouched.
func TestSplitCapsHugeFields(t *testing.T) {
	huge := strings.Repeat("équilibre ", 1<<20/10)
	p := arxiv.Paper{ID: "2301.00001v1", Title: huge, Summary: huge}
	chunks := Split(p, Options{})
	title := chunks[0].Metadata[KeyTitle]
	if n := utf8.RuneCountInString(title); n > MaxTitleRunes || n < MaxTitleRunes/2 || !strings.HasSuffix(title, "équilibre…") {
		t.Fatalf("title of %d runes, ends %q", n, title[len(title)-20:])
	}
	total := 0
	for _, c := range chunks {
		total += utf8.RuneCountInString(c.Text)
	}
	// The text is at most both caps plus the labels, and each chunk after
	// the first repeats at most the default overlap (DefaultSize/5).
	if max := MaxTitleRunes + MaxSummaryRunes + 30 + (len(chunks)-1)*DefaultSize/5; total > max || len(chunks) > 15 {
		t.Fatalf("%d chunks, %d runes of text (max %d)", len(chunks), total, max)
	}
	for _, c := range chunks {
		if c.Metadata[KeyTitle] != title {
			t.Fatalf("chunk %d has another title", c.Index)
		}
	}
	small := arxiv.Paper{ID: "2301.00002v1", Title: strings.Repeat("a", MaxTitleRunes), Summary: "ok"}
	if got := Split(small, Options{})[0].Metadata[KeyTitle]; got != small.Title {
		t.Fatalf("a title of exactly the cap was cut: %d runes", utf8.RuneCountInString(got))
	}
}

func TestIndexOfReadsTheChunkerIDs(t *testing.T) {
	for _, c := range Split(arxiv.Paper{ID: "cs/0112004v1", Title: "T", Summary: strings.Repeat("A sentence of the abstract. ", 100)}, Options{}) {
		i, ok := IndexOf(c.ID)
		require.True(t, ok, c.ID)
		require.Equal(t, c.Index, i, c.ID)
	}
	for _, id := range []string{"primer:nash-equilibrium", "2301.01234v2", "x_chunk_", "x_chunk_a"} {
		_, ok := IndexOf(id)
		require.False(t, ok, id)
	}
}
