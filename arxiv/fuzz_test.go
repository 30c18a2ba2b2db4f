package arxiv

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// addFixtures seeds a fuzz target with every recorded document, so the
// fuzzer starts from real arXiv shapes.
func addFixtures(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "arxiv", "*"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no fixtures: %v", err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// checkPapers holds for every paper any reader returns.
func checkPapers(t *testing.T, papers []Paper) {
	t.Helper()
	for _, p := range papers {
		if id, err := ParseID(p.ID); err != nil || id != p.ID {
			t.Fatalf("paper id %q is not a bare arXiv id (%v)", p.ID, err)
		}
		for _, s := range []string{p.Title, p.Summary} {
			if s != normalizeSpace(s) {
				t.Fatalf("text not whitespace-normalised: %q", s)
			}
		}
		if p.AbsURL == "" || p.PDFURL == "" {
			t.Fatalf("paper %s lacks its URLs", p.ID)
		}
	}
}

func FuzzParseFeed(f *testing.F) {
	addFixtures(f)
	f.Add([]byte(`<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/cs/0112004v1</id><title>x</title></entry></feed>`))
	f.Add([]byte(`<feed><entry><id>http://arxiv.org/api/errors#x</id><title>Error</title><summary>boom</summary></entry></feed>`))
	f.Add([]byte(`<?xml version="1.0" encoding="ISO-8859-1"?><feed xmlns="http://www.w3.org/2005/Atom"><title>\xe9</title></feed>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		page, err := ParseFeed(bytes.NewReader(data))
		if err != nil {
			if page.Papers != nil || page.Total != 0 {
				t.Fatalf("error %v with a non-empty page", err)
			}
			return
		}
		if page.Total < 0 || page.Start < 0 || page.PerPage < 0 {
			t.Fatalf("negative totals: %+v", page)
		}
		checkPapers(t, page.Papers)
		for _, e := range page.Invalid {
			if e.Err == nil || !strings.HasPrefix(e.Where, "entry ") {
				t.Fatalf("invalid entry without a place or a reason: %+v", e)
			}
		}
		// What ParseFeed read, writeFeed writes so that it reads the same;
		// the invalid entries and the cuts stay behind.
		page.Invalid, page.Notes = nil, nil
		var b bytes.Buffer
		if err := writeFeed(&b, page); err != nil {
			t.Fatal(err)
		}
		again, err := ParseFeed(&b)
		if err != nil {
			t.Fatalf("written feed does not parse: %v\n%s", err, b.String())
		}
		if !reflect.DeepEqual(page, again) {
			t.Fatalf("round trip changed the page:\n%+v\n%+v", page, again)
		}
	})
}

func FuzzReadPapers(f *testing.F) {
	addFixtures(f)
	f.Add([]byte(`{"id":"2301.00001v1","title":"T","authors":"A and B","categories":"cs.GT econ.TH","published":"2023-01-02"}`))
	f.Add([]byte(`[{"id":"arXiv:cs/0112004v1","summary":"s","authors":[{"name":"A"}]}]`))
	f.Add([]byte("\ufeff\n\n{\"id\":\"http://arxiv.org/abs/2301.00001\",\"title\":\"T\"}\n{}\n"))
	f.Add([]byte("{\"id\":\"2301.00001v1\",\"abstract\":\"a\",\"x\":1}\n{\"id\":\"2301.00002v1\",\"title\":\"\xff\"}\n[1]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		papers, invalid, _, err := readAll(bytes.NewReader(data))
		if err != nil && (errors.As(err, new(*InvalidEntry))) {
			t.Fatalf("an invalid entry ended the file: %v", err)
		}
		for _, e := range invalid {
			if e.Err == nil || e.Where == "" {
				t.Fatalf("invalid entry without a place or a reason: %+v", e)
			}
		}
		checkPapers(t, papers)
	})
}

func FuzzBuildQuery(f *testing.F) {
	for _, s := range []string{
		"What is a Nash equilibrium?",
		"How does tit-for-tat do in the prisoner's dilemma?",
		`Explain "trembling hand" perfection`,
		`ti:"mean field" AND (au:Lasry OR au:Lions`,
		"cat:cs.GT) AND ) ti:auction ((",
		"“curly” „quotes« ‘single’",
		"Équilibre de Nash für Spieltheorie 纳什均衡",
		"AND OR ANDNOT",
		"\x00\xff\xfe\u200b\u202e",
		`"""((()))"""`,
	} {
		f.Add(s, "game theory")
		f.Add(s, "")
	}
	f.Add("auction", `cat:cs.GT OR (all:"game theory"`)
	f.Add("tit-for-tat", "tft*")
	f.Fuzz(func(t *testing.T, question, extra string) {
		// extra serves as a boost and as a concept's spelling.
		q := BuildQuery(question, QueryOptions{Boost: extra, Concepts: [][]string{{extra}}, RequireConcept: len(extra)%2 == 0})
		if !balanced(q) {
			t.Fatalf("unbalanced query %q from %q / %q", q, question, extra)
		}
		if strings.ContainsAny(q, "?*") {
			t.Fatalf("wildcard in %q", q)
		}
		if !utf8.ValidString(q) {
			t.Fatalf("invalid UTF-8 in %q", q)
		}
		if strings.ContainsFunc(q, func(r rune) bool { return unicode.IsControl(r) }) {
			t.Fatalf("control character in %q", q)
		}
		if q != strings.TrimSpace(q) || strings.Contains(q, "  ") {
			t.Fatalf("untidy spacing in %q", q)
		}
		// A query built from a question is valid arXiv syntax, so building
		// again passes it through unchanged.
		if !isRawQuery(cleanText(question)) && q != "" {
			if again := BuildQuery(q, QueryOptions{}); again != q {
				t.Fatalf("not stable: %q → %q", q, again)
			}
		}
	})
}
