package arxivtest

import (
	"fmt"
	"strings"
	"unicode"
)

// Query is a parsed arXiv search_query, ready to run on an Index.
//
// The language is arXiv's (Lucene's classic query parser with arXiv's
// field names): terms with an optional field prefix (ti: abs: au: co: jr:
// cat: id: all:, and field:(…) for a group), "quoted phrases", AND, OR,
// ANDNOT and parentheses. A bare term searches all fields, author names
// included. Terms side by side are OR'ed — Lucene's default operator — so
// `prisoner dilemma` finds papers with either word, those with both
// ranked first. Operators bind left to right, as the arXiv manual
// describes. * and ? inside a term are wildcards.
//
// Scoring follows Lucene's classic BooleanQuery over BM25: a clause's score
// is the sum of its per-field BM25 scores (title boosted a little); a
// boolean query sums its matching clauses and multiplies by the coord
// factor, matched clauses / clauses, so a paper that matches three of four
// OR'ed terms beats one that matches a single term very well. Wildcards and
// category prefixes score a constant 1, as Lucene's constant-score rewrite
// does. Stop words are dropped from terms and leave gaps in phrases.
type Query struct {
	root node // nil: nothing can match (a query of stop words only)
	text string
}

// String is the query as written.
func (q *Query) String() string { return q.text }

// Parse parses the arXiv query language (see Query). It fails on an empty
// query, an unbalanced quote or parenthesis, and an operator without an
// operand.
func Parse(q string) (*Query, error) {
	toks, err := lex(q)
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 {
		return nil, fmt.Errorf("empty query")
	}
	p := &parser{toks: toks, field: "all"}
	e, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.i != len(p.toks) {
		return nil, fmt.Errorf("unexpected %q", p.toks[p.i])
	}
	return &Query{root: compile(e), text: q}, nil
}

// The parse tree: terms, parenthesised groups and binary operators. Groups
// are kept so that compile flattens `a OR b OR c` into one boolean query
// (one coord factor) but keeps `(a OR b) OR c` nested, as Lucene does.
type (
	astTerm struct {
		field, text string
		quoted      bool
	}
	astGroup struct{ e any }
	astBin   struct {
		op   string // AND, OR, ANDNOT
		l, r any
	}
)

type parser struct {
	toks  []string
	i     int
	field string // the field of bare terms: all, or the prefix of a field:(…) group
}

func (p *parser) expr() (any, error) {
	l, err := p.atom()
	if err != nil {
		return nil, err
	}
	for p.i < len(p.toks) && p.toks[p.i] != ")" {
		op := "OR" // Lucene's default operator
		if t := p.toks[p.i]; t == "AND" || t == "OR" || t == "ANDNOT" {
			op = t
			p.i++
		}
		r, err := p.atom()
		if err != nil {
			return nil, err
		}
		l = astBin{op: op, l: l, r: r}
	}
	return l, nil
}

func (p *parser) atom() (any, error) {
	if p.i >= len(p.toks) {
		return nil, fmt.Errorf("query ends early")
	}
	t := p.toks[p.i]
	p.i++
	switch t {
	case "(":
		return p.group(p.field)
	case ")", "AND", "OR", "ANDNOT":
		return nil, fmt.Errorf("unexpected %q", t)
	}
	field := p.field
	if i := strings.IndexByte(t, ':'); i > 0 && !strings.HasPrefix(t, `"`) {
		field, t = strings.ToLower(t[:i]), t[i+1:]
		if t == "" { // field:( … )
			if p.i < len(p.toks) && p.toks[p.i] == "(" {
				p.i++
				return p.group(field)
			}
			return nil, fmt.Errorf("field %s has nothing after its colon", field)
		}
	}
	quoted := strings.HasPrefix(t, `"`)
	return astTerm{field: field, text: strings.Trim(t, `"`), quoted: quoted}, nil
}

// group parses the rest of a parenthesised group whose bare terms search
// field.
func (p *parser) group(field string) (any, error) {
	outer := p.field
	p.field = field
	e, err := p.expr()
	p.field = outer
	if err != nil {
		return nil, err
	}
	if p.i >= len(p.toks) || p.toks[p.i] != ")" {
		return nil, fmt.Errorf("missing )")
	}
	p.i++
	return astGroup{e}, nil
}

// lex splits a query into terms, phrases (kept with their field prefix),
// operators and parentheses. A '+' is a space, as in a URL.
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

// compile turns the parse tree into the nodes that run on an index; nil
// means the subtree can match nothing and, like a clause Lucene's parser
// drops (a stop word), does not count in the coord factor.
func compile(e any) node {
	switch e := e.(type) {
	case astGroup:
		return compile(e.e)
	case astTerm:
		return compileTerm(e)
	case astBin:
		// Walk the left spine of the operator chain, so that a OR b OR c
		// becomes one boolean query with three clauses.
		var ops []string
		var rights []any
		left := any(e)
		for {
			b, ok := left.(astBin)
			if !ok {
				break
			}
			ops, rights = append(ops, b.op), append(rights, b.r)
			left = b.l
		}
		// Operators bind left to right: a run of ORs is one boolean
		// query of optional clauses, a run of AND/ANDNOT one of required
		// and prohibited clauses, and a change of operator wraps what came
		// before as one clause.
		cur, kind := &boolNode{}, ""
		if n := compile(left); n != nil {
			cur.should = append(cur.should, n)
		}
		for i := len(ops) - 1; i >= 0; i-- {
			op, r := ops[i], compile(rights[i])
			if op == "OR" {
				if kind == "AND" {
					cur = asClause(cur, false)
				}
				kind = "OR"
			} else {
				switch kind {
				case "OR":
					cur = asClause(cur, true)
				case "":
					cur.must, cur.should = cur.should, nil
				}
				kind = "AND"
			}
			if r == nil {
				continue
			}
			switch op {
			case "OR":
				cur.should = append(cur.should, r)
			case "AND":
				cur.must = append(cur.must, r)
			default:
				cur.not = append(cur.not, r)
			}
		}
		return nonEmpty(cur)
	}
	return nil
}

// asClause makes b one clause (required or optional) of a new boolean query.
func asClause(b *boolNode, required bool) *boolNode {
	n := nonEmpty(b)
	switch {
	case n == nil:
		return &boolNode{}
	case required:
		return &boolNode{must: []node{n}}
	}
	return &boolNode{should: []node{n}}
}

// nonEmpty is b, nil when it has no positive clause (a purely negative
// query matches nothing in Lucene), or its only clause when that is all it
// has.
func nonEmpty(b *boolNode) node {
	if b == nil || len(b.must)+len(b.should) == 0 {
		return nil
	}
	if len(b.not) == 0 && len(b.must)+len(b.should) == 1 {
		return append(b.must, b.should...)[0]
	}
	return b
}

func compileTerm(t astTerm) node {
	var fields []field
	switch t.field {
	case "all":
		fields = allFields
	case "ti":
		fields = []field{fieldTitle}
	case "abs":
		fields = []field{fieldAbstract}
	case "au":
		fields = []field{fieldAuthor}
	case "co":
		fields = []field{fieldComment}
	case "jr":
		fields = []field{fieldJournal}
	case "cat":
		return compileCategory(t.text)
	case "id":
		return idNode{id: t.text}
	default:
		// A field arXiv does not index (rn:, or a colon inside a word)
		// is a clause that matches nothing, as in Lucene.
		return noneNode{}
	}
	if !t.quoted && strings.ContainsAny(t.text, "*?") {
		return &wildNode{fields: fields, pattern: strings.ToLower(t.text)}
	}
	toks := newAnalyzer().terms(t.text)
	switch {
	case len(toks) == 0:
		return nil
	case len(toks) == 1 || t.quoted:
		return &termNode{fields: fields, terms: toks}
	}
	// One unquoted word that analyses to several terms ("tit-for-tat"):
	// Lucene's parser OR's them.
	b := &boolNode{}
	for _, tok := range toks {
		b.should = append(b.should, &termNode{fields: fields, terms: []token{tok}})
	}
	return b
}

// compileCategory is cat:X: an exact category (BM25, so a rare category
// counts for more), an archive ("cs" for every cs.*) or a wildcard pattern
// (both constant score).
func compileCategory(text string) node {
	pattern := strings.ToLower(text)
	if !strings.ContainsAny(pattern, "*?") && strings.Contains(pattern, ".") {
		return &termNode{fields: []field{fieldCategory}, terms: []token{{term: pattern}}}
	}
	if !strings.ContainsAny(pattern, "*?") {
		// An archive matches itself (old-style "hep-th") and its
		// subject classes ("cs" → "cs.*").
		return &boolNode{should: []node{
			&termNode{fields: []field{fieldCategory}, terms: []token{{term: pattern}}},
			&wildNode{fields: []field{fieldCategory}, pattern: pattern + ".*"},
		}}
	}
	return &wildNode{fields: []field{fieldCategory}, pattern: pattern}
}
