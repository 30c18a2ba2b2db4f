package arxiv

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// readAll reads a whole file with a PaperReader: the papers, the entries
// skipped, the notes, and the error that ended it (nil at io.EOF).
func readAll(r io.Reader) (papers []Paper, invalid []*InvalidEntry, notes []string, err error) {
	pr, err := NewPaperReader(r)
	if err != nil {
		return nil, nil, nil, err
	}
	for {
		p, n, err := pr.Next()
		notes = append(notes, n...)
		var bad *InvalidEntry
		switch {
		case errors.As(err, &bad):
			invalid = append(invalid, bad)
		case errors.Is(err, io.EOF):
			return papers, invalid, notes, nil
		case err != nil:
			return papers, invalid, notes, err
		default:
			papers = append(papers, p)
		}
	}
}

func TestReadPapersJSONLinesFixture(t *testing.T) {
	papers, err := ReadPapers(bytes.NewReader(fixture(t, "papers.jsonl")))
	require.NoError(t, err)

	// The same papers as the two Atom fixtures, whatever shape each line
	// gives its id, authors, categories or dates in.
	var want []Paper
	want = append(want, parseFixture(t, "mixed_topics.xml").Papers...)
	want = append(want, parseFixture(t, "old_style_ids.xml").Papers...)
	require.Equal(t, ids(want), ids(papers))
	for i := range want {
		got, exp := papers[i], want[i]
		require.Equal(t, exp.Title, got.Title, exp.ID)
		require.Equal(t, exp.Summary, got.Summary, exp.ID)
		require.Equal(t, exp.Authors, got.Authors, exp.ID)
		require.Equal(t, exp.Categories, got.Categories, exp.ID)
		require.Equal(t, exp.PrimaryCategory, got.PrimaryCategory, exp.ID)
		require.Equal(t, exp.DOI, got.DOI, exp.ID)
		require.Equal(t, exp.JournalRef, got.JournalRef, exp.ID)
		require.Equal(t, exp.Comment, got.Comment, exp.ID)
		require.Equal(t, exp.AbsURL, got.AbsURL, exp.ID)
		require.Equal(t, exp.PDFURL, got.PDFURL, exp.ID)
		require.Equal(t, exp.Updated, got.Updated, exp.ID)
		// One line gives a plain date; it keeps the day.
		require.Equal(t, exp.Published.Format(time.DateOnly), got.Published.Format(time.DateOnly), exp.ID)
	}
}

func TestReadPapersAtom(t *testing.T) {
	papers, err := ReadPapers(bytes.NewReader(append([]byte("\ufeff\n  "), fixture(t, "search_classic_p1.xml")...)))
	require.NoError(t, err)
	require.Equal(t, []string{"2301.04211v2", "2209.11873v1", "2105.02290v3"}, ids(papers))

	_, err = ReadPapers(bytes.NewReader(fixture(t, "error_classic.xml")))
	var apiErr *APIError
	require.ErrorAs(t, err, &apiErr)

	// A saved feed cut short keeps its complete entries, as a JSON array
	// does: the reader returns them with a note, and ReadPapers, which
	// must not take half a file for a whole one, says how it ends.
	papers, _, notes, err := readAll(bytes.NewReader(fixture(t, "truncated.xml")))
	require.NoError(t, err)
	require.Equal(t, []string{"2301.04211v2"}, ids(papers))
	require.Equal(t, []string{"the file ends early: the Atom feed is cut off after its first entry; anything after that was cut off (only what was read is ingested)"}, notes)
	_, err = ReadPapers(bytes.NewReader(fixture(t, "truncated.xml")))
	require.EqualError(t, err, "the file ends early: the Atom feed is cut off after its first entry")

	// Cut before its first entry ends, it has nothing to keep, and says so.
	whole := fixture(t, "search_classic_p1.xml")
	_, err = ReadPapers(bytes.NewReader(whole[:bytes.Index(whole, []byte("</entry>"))]))
	require.EqualError(t, err, "read Atom feed: the file ends early: the Atom feed is cut off before its first complete entry")
	// A document that is no feed is still said to be none.
	_, err = ReadPapers(strings.NewReader("<html><body>Service unavailable</body></html>"))
	require.ErrorIs(t, err, ErrNotFeed)
}

func TestReadPapersJSONLines(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      string
		wantIDs []string
		check   func(t *testing.T, ps []Paper)
	}{
		{
			name:    "crlf, blank lines, unknown fields",
			in:      "\r\n{\"id\":\"2301.00001v1\",\"title\":\"A\",\"x\":[1,{\"y\":2}]}\r\n\r\n{\"id\":\"2301.00002\",\"summary\":\"only a summary\"}\r\n",
			wantIDs: []string{"2301.00001v1", "2301.00002"},
		},
		{
			name:    "last line without newline",
			in:      `{"id":"cs/0112004v1","title":"T"}`,
			wantIDs: []string{"cs/0112004v1"},
		},
		{
			name:    "id forms",
			in:      `{"id":"https://arxiv.org/abs/2301.00001v2","title":"T"}` + "\n" + `{"id":"arXiv:hep-th/9901001v1","title":"T"}` + "\n" + `{"id":" math/0211159v2 ","title":"T"}`,
			wantIDs: []string{"2301.00001v2", "hep-th/9901001v1", "math/0211159v2"},
		},
		{
			name:    "normalised fields and defaults",
			in:      `{"id":"2301.00001v1","title":"  A\n  wrapped   title ","summary":"  text\n  here","authors":"Ann Lee, Bo Chen and Cy Diaz","categories":"cs.GT, econ.TH cs.GT","published":"2023-01-02T03:04:05+02:00","updated":null}`,
			wantIDs: []string{"2301.00001v1"},
			check: func(t *testing.T, ps []Paper) {
				p := ps[0]
				require.Equal(t, "A wrapped title", p.Title)
				require.Equal(t, "text here", p.Summary)
				require.Equal(t, []string{"Ann Lee", "Bo Chen", "Cy Diaz"}, p.Authors)
				require.Equal(t, []string{"cs.GT", "econ.TH"}, p.Categories)
				require.Equal(t, "cs.GT", p.PrimaryCategory)
				require.Equal(t, time.Date(2023, 1, 2, 1, 4, 5, 0, time.UTC), p.Published)
				require.True(t, p.Updated.IsZero())
				require.Equal(t, "http://arxiv.org/abs/2301.00001v1", p.AbsURL)
				require.Equal(t, "http://arxiv.org/pdf/2301.00001v1", p.PDFURL)
			},
		},
		{
			name:    "primary category joins the categories",
			in:      `{"id":"2301.00001v1","title":"T","primary_category":"cs.GT","categories":["econ.TH"],"abs_url":"https://arxiv.org/abs/2301.00001v1"}`,
			wantIDs: []string{"2301.00001v1"},
			check: func(t *testing.T, ps []Paper) {
				require.Equal(t, []string{"cs.GT", "econ.TH"}, ps[0].Categories)
				require.Equal(t, "https://arxiv.org/abs/2301.00001v1", ps[0].AbsURL)
			},
		},
		{
			name:    "json array",
			in:      ` [{"id":"2301.00001v1","title":"T"},{"id":"2301.00002v1","title":"U","authors":[{"name":"Ann"},{"name":" "}]}]`,
			wantIDs: []string{"2301.00001v1", "2301.00002v1"},
			check: func(t *testing.T, ps []Paper) {
				require.Equal(t, []string{"Ann"}, ps[1].Authors)
			},
		},
		{
			name:    "very long line",
			in:      `{"id":"2301.00001v1","title":"T","summary":"` + strings.Repeat("word ", 40000) + `"}` + "\n" + `{"id":"2301.00002v1","title":"T"}`,
			wantIDs: []string{"2301.00001v1", "2301.00002v1"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps, err := ReadPapers(strings.NewReader(tc.in))
			require.NoError(t, err)
			if tc.wantIDs == nil {
				require.Empty(t, ps)
			} else {
				require.Equal(t, tc.wantIDs, ids(ps))
			}
			if tc.check != nil {
				tc.check(t, ps)
			}
		})
	}
}

func TestReadPapersSkipsBadLinesNamingThem(t *testing.T) {
	good := `{"id":"2301.00001v1","title":"T"}`
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"bad json", good + "\n\n" + `{"id": "2301.00002v1", "title": }`, []string{"line 3 (2301.00002v1)", "not a JSON object (not valid JSON: unexpected '}' where a value (an object, array, string in double quotes, number, true, false or null) should begin)"}},
		{"missing id", good + "\n" + `{"title":"T"}`, []string{"line 2", `no "id"`}},
		{"bad id", `{"id":"1234.5","title":"T"}`, []string{"line 1 (1234.5)", "not an arXiv id"}},
		{"no text", `{"id":"2301.00001v1"}`, []string{"line 1", "neither title nor abstract"}},
		{"wrong type", `{"id":"2301.00001v1","title":42}`, []string{"line 1", `"title": want a string`}},
		{"bad date", `{"id":"2301.00001v1","title":"T","published":"last tuesday"}`, []string{"line 1", `"published"`, "last tuesday"}},
		{"bad authors", `{"id":"2301.00001v1","title":"T","authors":42}`, []string{"line 1", `"authors"`}},
		{"bad categories", `{"id":"2301.00001v1","title":"T","categories":{"a":1}}`, []string{"line 1", `"categories"`}},
		{"trailing garbage", good + " x", []string{"line 1"}},
		{"not an object", good + "\n[1, 2]", []string{"line 2: not a JSON object (a JSON array)"}},
		{"invalid UTF-8", good + "\n" + "{\"id\":\"2301.00002v1\",\"title\":\"caf\xe9\"}", []string{"line 2 (2301.00002v1)", "invalid UTF-8"}},
		{"leading blank lines count", "\n\n" + `{"id":"bad"}`, []string{"line 3"}},
		{"array item", `[` + good + `, {"id":"x"}]`, []string{"item 2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			papers, invalid, _, err := readAll(strings.NewReader(tc.in))
			require.NoError(t, err, "a bad record does not end the file")
			require.Len(t, invalid, 1)
			for _, w := range tc.want {
				require.Contains(t, invalid[0].Error(), w)
			}
			if strings.HasPrefix(tc.in, good+"\n") || strings.HasPrefix(tc.in, "["+good) {
				require.Equal(t, []string{"2301.00001v1"}, ids(papers), "the good record is kept")
			}
		})
	}
}

// A record that is no JSON object is named in words, the words `ingest
// --file` prints, for every reader of a file: it read "not a paper
// object: json: cannot unmarshal array into Go value of type
// map[string]json.RawMessage", Go's words for Go's types. The JSON error
// stays in the chain.
func TestReadPapersSaysWhatIsNoObject(t *testing.T) {
	good := `{"id":"2301.00001v1","title":"T"}`
	in := strings.Join([]string{good, `[1, 2]`, `"x"`, `3`, `true`, `null`, `{"id":`}, "\n")
	papers, invalid, _, err := readAll(strings.NewReader(in))
	require.NoError(t, err)
	require.Equal(t, []string{"2301.00001v1"}, ids(papers))
	var got []string
	for _, e := range invalid {
		got = append(got, e.Error())
	}
	require.Equal(t, []string{
		"line 2: not a JSON object (a JSON array)",
		"line 3: not a JSON object (a JSON string)",
		"line 4: not a JSON object (a JSON number)",
		"line 5: not a JSON object (a JSON bool)",
		"line 6: not a JSON object (null)",
		"line 7: not a JSON object (not valid JSON: unexpected end of JSON input)",
	}, got)
	var syn *json.SyntaxError
	require.ErrorAs(t, invalid[5], &syn)
	var typ *json.UnmarshalTypeError
	require.ErrorAs(t, invalid[0], &typ)

	// One object printed over several lines (papers show --json, jq): its
	// "{" alone on line 1 opens an object, which the note says, with the
	// way to make JSON Lines of it (found by an exploratory review).
	_, invalid, _, err = readAll(strings.NewReader("{\n  \"id\": \"2301.00001v1\",\n  \"title\": \"T\"\n}\n"))
	require.NoError(t, err)
	require.NotEmpty(t, invalid)
	require.EqualError(t, invalid[0], "line 1: a JSON object that goes on past its line: JSON Lines hold one paper a line (`jq -c .` writes them so), or give a JSON array of papers")

	// An item of a JSON array, the same.
	_, invalid, _, err = readAll(strings.NewReader(`[` + good + `, [1], null]`))
	require.NoError(t, err)
	require.Len(t, invalid, 2)
	require.EqualError(t, invalid[0], "item 2: not a JSON object (a JSON array)")
	require.EqualError(t, invalid[1], "item 3: not a JSON object (null)")
}

func TestReadPapersRefusesWhatIsNoPaperFile(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"empty", "", []string{"empty"}},
		{"blank lines only", "\n \r\n\t\n", []string{"empty"}},
		{"unknown format", "id,title\n2301.00001,T\n", []string{"line 1", "JSON Lines"}},
		{"not a feed", "<html><body>hi</body></html>", []string{"not an Atom feed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewPaperReader(strings.NewReader(tc.in))
			require.Error(t, err)
			for _, w := range tc.want {
				require.Contains(t, err.Error(), w)
			}
		})
	}
	_, err := NewPaperReader(strings.NewReader(""))
	require.ErrorIs(t, err, ErrNoPapers)
}

func TestReadPapersAliasesAndUnknownFields(t *testing.T) {
	in := `{"id":"2301.00001v1","title":"T","abstract":"An abstract.","comments":"9 pages","venue":"EC"}
{"id":"2301.00002v1","title":"U","summary":"Wins.","abstract":"Loses.","venue":"EC","tags":[]}
`
	papers, invalid, notes, err := readAll(strings.NewReader(in))
	require.NoError(t, err)
	require.Empty(t, invalid)
	require.Equal(t, "An abstract.", papers[0].Summary, `"abstract" is read as "summary"`)
	require.Equal(t, "9 pages", papers[0].Comment, `"comments" is read as "comment"`)
	require.Equal(t, "Wins.", papers[1].Summary, `"summary" wins over its alias`)
	require.Len(t, notes, 2, "one note per unknown field name: %q", notes)
	require.Contains(t, notes[0], `line 1: unknown field "venue" ignored`)
	require.Contains(t, notes[1], `line 2: unknown field "tags" ignored`)
}

func TestReadPapersCapsLongFieldsLikeTheFeed(t *testing.T) {
	in := `{"id":"2301.00001v1","title":"` + strings.Repeat("long title ", 100_000) + `"}`
	papers, _, notes, err := readAll(strings.NewReader(in))
	require.NoError(t, err)
	require.LessOrEqual(t, len([]rune(papers[0].Title)), MaxTitleRunes)
	require.Equal(t, []string{"paper 2301.00001v1: title cut from 1099999 to 1000 characters"}, notes)
}

func TestReadPapersIsStrict(t *testing.T) {
	ps, err := ReadPapers(strings.NewReader(`{"id":"2301.00001v1","title":"T"}` + "\n" + `{"id":"x","title":"T"}`))
	require.Nil(t, ps)
	var bad *InvalidEntry
	require.ErrorAs(t, err, &bad)
	require.Contains(t, err.Error(), "line 2 (x): not an arXiv id")
	ps, err = ReadPapers(strings.NewReader(""))
	require.NoError(t, err)
	require.Empty(t, ps)
}

// A line longer than MaxLineBytes is an invalid entry named by its line
// and the id at its start, and the lines after it are read; a line of
// exactly the limit, "\r\n" after it, is read as a record.
func TestReadPapersSkipsALineTooLong(t *testing.T) {
	good := `{"id":"2301.00001v1","title":"T"}`
	record := func(n int) string { // a record of n bytes
		head, tail := `{"id":"2301.00002v1","title":"T","comment":"`, `"}`
		return head + strings.Repeat("c", n-len(head)-len(tail)) + tail
	}
	papers, invalid, _, err := readAll(strings.NewReader(record(MaxLineBytes+1) + "\n" + good + "\n"))
	require.NoError(t, err)
	require.Len(t, invalid, 1)
	require.Contains(t, invalid[0].Error(), "line 1 (2301.00002v1)")
	require.Contains(t, invalid[0].Error(), "longer than 16 MB")
	require.Equal(t, []string{"2301.00001v1"}, ids(papers))

	papers, invalid, _, err = readAll(strings.NewReader(record(MaxLineBytes) + "\r\n" + good))
	require.NoError(t, err)
	require.Empty(t, invalid)
	require.Equal(t, []string{"2301.00002v1", "2301.00001v1"}, ids(papers))
}

// A file of another kind is refused naming every form the reader takes,
// the JSON array included.
func TestReadPapersNamesEveryFormItTakes(t *testing.T) {
	_, err := NewPaperReader(strings.NewReader("id,title\n2301.01234,Nash\n"))
	require.Error(t, err)
	for _, form := range []string{"JSON Lines ('{')", "JSON array of papers ('[')", "Atom XML ('<')"} {
		require.Contains(t, err.Error(), form)
	}
}

// A JSON array cut short keeps its complete items, as JSON Lines keeps its
// complete lines. The end of the file after a comma came back from the
// decoder as io.EOF, wrapped, which the reader's callers took for the
// array's end: `ingest --file` stored the items before it and said nothing
// of the rest. An item the file ends inside stopped the file with an error
// that lost the batch in hand. ReadPapers, which must never take half a
// file for a whole one, fails on either.
func TestReadPapersJSONArrayCutShort(t *testing.T) {
	var items []string
	for i := range 4 {
		items = append(items, fmt.Sprintf(`{"id": "2301.0000%dv1", "title": "Paper %d"}`, i+1, i+1))
	}
	whole := "[" + strings.Join(items, ",\n") + "]"
	for _, tc := range []struct {
		name    string
		text    string
		papers  int
		invalid string // the entry skipped, "" for none
		note    string
	}{
		{"after a comma", "[" + strings.Join(items[:2], ",\n") + ",\n", 2, "", "the file ends early: the JSON array has no closing ']' after its 2 complete items"},
		{"after an item", "[" + strings.Join(items[:3], ",\n"), 3, "", "the file ends early: the JSON array has no closing ']' after its 3 complete items"},
		{"after the first item", "[" + items[0] + ",", 1, "", "no closing ']' after its first item"},
		{"inside an item", "[" + strings.Join(items[:2], ",\n") + ",\n" + items[2][:30], 2, "item 3 (2301.00003v1): cut short: the file ends inside it, after 2 complete items", ""},
	} {
		papers, invalid, notes, err := readAll(strings.NewReader(tc.text))
		require.NoError(t, err, tc.name)
		require.Len(t, papers, tc.papers, tc.name)
		if tc.invalid == "" {
			require.Empty(t, invalid, tc.name)
		} else {
			require.Len(t, invalid, 1, tc.name)
			require.Contains(t, invalid[0].Error(), tc.invalid, tc.name)
		}
		if tc.note != "" {
			require.Len(t, notes, 1, tc.name)
			require.Contains(t, notes[0], tc.note, tc.name)
		}
		_, err = ReadPapers(strings.NewReader(tc.text))
		require.ErrorContains(t, err, "the file ends", tc.name)
	}

	papers, err := ReadPapers(strings.NewReader(whole))
	require.NoError(t, err, "a whole array")
	require.Len(t, papers, 4)

	// JSON that is broken past some item is no cut: it stops the file,
	// at the same place every time, with an error that says where.
	broken := "[" + strings.Join(items[:2], ",\n") + ",\n{\"id\": x},\n" + items[3] + "]"
	papers, _, _, err = readAll(strings.NewReader(broken))
	require.Len(t, papers, 2)
	var bf *BrokenFileError
	require.ErrorAs(t, err, &bf)
	require.Equal(t, 3, bf.Item)
	require.NotErrorIs(t, err, io.EOF)
}
