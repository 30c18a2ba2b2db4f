package arxivtest

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/gtrag/gtrag/arxiv"
)

// Expr is a parsed arXiv search_query.
type Expr interface {
	Match(p arxiv.Paper) bool
}

type term struct{ field, text string }

type binary struct {
	op   string // AND, OR, ANDNOT
	l, r Expr
}

func (t term) Match(p arxiv.Paper) bool {
	var hay string
	switch t.field {
	case "ti":
		hay = p.Title
	case "abs":
		hay = p.Summary
	case "au":
		hay = strings.Join(p.Authors, " ")
	case "cat":
		return containsFold(append([]string{p.PrimaryCategory}, p.Categories...), t.text)
	case "id":
		return p.ID == t.text || arxiv.BaseID(p.ID) == t.text
	default: // all
		hay = p.Title + " " + p.Summary + " " + strings.Join(p.Authors, " ")
	}
	return strings.Contains(normalize(hay), normalize(t.text))
}

func (b binary) Match(p arxiv.Paper) bool {
	switch b.op {
	case "AND":
		return b.l.Match(p) && b.r.Match(p)
	case "OR":
		return b.l.Match(p) || b.r.Match(p)
	default:
		return b.l.Match(p) && !b.r.Match(p)
	}
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) || strings.HasPrefix(strings.ToLower(x), strings.ToLower(strings.TrimSuffix(s, "*"))+".") {
			return true
		}
	}
	return false
}

// normalize lowercases and turns punctuation into single spaces, so that
// "tit-for-tat" matches "tit for tat" as arXiv's tokenizer would.
func normalize(s string) string {
	return " " + strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ") + " "
}

// Parse parses the arXiv query language: terms with optional field prefixes
// (all: ti: abs: au: cat: id:), "quoted phrases", AND, OR, ANDNOT and
// parentheses. Juxtaposed terms are ANDed; AND and OR bind left to right, as
// the arXiv manual describes.
func Parse(q string) (Expr, error) {
	toks, err := lex(q)
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 {
		return nil, fmt.Errorf("empty query")
	}
	p := &parser{toks: toks}
	e, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.i != len(p.toks) {
		return nil, fmt.Errorf("unexpected %q", p.toks[p.i])
	}
	return e, nil
}

type parser struct {
	toks []string
	i    int
}

func (p *parser) expr() (Expr, error) {
	l, err := p.atom()
	if err != nil {
		return nil, err
	}
	for p.i < len(p.toks) && p.toks[p.i] != ")" {
		op := "AND"
		if t := p.toks[p.i]; t == "AND" || t == "OR" || t == "ANDNOT" {
			op = t
			p.i++
		}
		r, err := p.atom()
		if err != nil {
			return nil, err
		}
		l = binary{op: op, l: l, r: r}
	}
	return l, nil
}

func (p *parser) atom() (Expr, error) {
	if p.i >= len(p.toks) {
		return nil, fmt.Errorf("query ends early")
	}
	t := p.toks[p.i]
	p.i++
	switch t {
	case "(":
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		if p.i >= len(p.toks) || p.toks[p.i] != ")" {
			return nil, fmt.Errorf("missing )")
		}
		p.i++
		return e, nil
	case ")", "AND", "OR", "ANDNOT":
		return nil, fmt.Errorf("unexpected %q", t)
	}
	field := "all"
	if i := strings.IndexByte(t, ':'); i > 0 && !strings.HasPrefix(t, `"`) {
		field, t = t[:i], t[i+1:]
	}
	return term{field: field, text: strings.Trim(t, `"`)}, nil
}

// lex splits a query into terms, phrases (kept with their field prefix),
// operators and parentheses.
func lex(q string) ([]string, error) {
	var toks []string
	rs := []rune(q)
	for i := 0; i < len(rs); {
		switch c := rs[i]; {
		case unicode.IsSpace(c) || c == '+':
			i++
		case c == '(' || c == ')':
			toks = append(toks, string(c))
			i++
		default:
			j := i
			for j < len(rs) && !unicode.IsSpace(rs[j]) && rs[j] != '(' && rs[j] != ')' && rs[j] != '+' {
				if rs[j] == '"' {
					k := j + 1
					for k < len(rs) && rs[k] != '"' {
						k++
					}
					if k == len(rs) {
						return nil, fmt.Errorf("unbalanced quote")
					}
					j = k
				}
				j++
			}
			toks = append(toks, string(rs[i:j]))
			i = j
		}
	}
	return toks, nil
}
