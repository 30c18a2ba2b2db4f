package trace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gtrag/gtrag/text"
)

// jsonField is one top-level field of an encoded object.
type jsonField struct {
	name string
	raw  json.RawMessage
}

// objectFields lists the fields of v's JSON object encoding in the order they
// were written, which for a struct is declaration order: the order the
// narration shows them in.
func objectFields(v any) ([]jsonField, error) {
	b, err := canonical(v)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("%T does not encode as a JSON object", v)
	}
	var out []jsonField
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		out = append(out, jsonField{name: t.(string), raw: raw})
	}
	return out, nil
}

// diffFields reports the fields that differ between two encodings of the
// same type. A field missing on one side counts as null, and null, "", [] and
// {} are all "nothing", so that nil and empty slices are not reported as a
// change.
func diffFields(before, after []jsonField) []Mutation {
	index := map[string]json.RawMessage{}
	var order []string
	for _, f := range before {
		index[f.name] = f.raw
		order = append(order, f.name)
	}
	afterIndex := map[string]json.RawMessage{}
	for _, f := range after {
		afterIndex[f.name] = f.raw
		if _, ok := index[f.name]; !ok {
			order = append(order, f.name)
		}
	}
	var out []Mutation
	for _, name := range order {
		b, a := orNull(index[name]), orNull(afterIndex[name])
		if isNothing(b) && isNothing(a) || bytes.Equal(b, a) {
			continue
		}
		out = append(out, Mutation{Field: name, Before: b, After: a})
	}
	return out
}

func orNull(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return json.RawMessage("null")
	}
	return raw
}

func isNothing(raw json.RawMessage) bool {
	switch string(bytes.TrimSpace(raw)) {
	case "", "null", `""`, "[]", "{}":
		return true
	}
	return false
}

// Summary lengths: enough to recognise a value on one line of a terminal.
const (
	maxText  = 80
	maxTitle = 40
	maxItems = 3
)

// nouns names the items of the list fields, singular and plural.
var nouns = map[string][2]string{
	"chroma_results": {"result", "results"},
	"arxiv_papers":   {"paper", "papers"},
	"papers_seen":    {"id", "ids"},
	"paper_ids":      {"paper", "papers"},
	"sources":        {"source", "sources"},
	"notices":        {"notice", "notices"},
	"results":        {"result", "results"},
	"papers":         {"paper", "papers"},
	"passages":       {"passage", "passages"},
	"searches":       {"search", "searches"},
	// Queries planned; search_arxiv sends the next one only when the
	// last found nothing about the question.
	"arxiv_queries": {"planned query", "planned queries"},
}

// Summarize renders a state field's JSON value in a few words: strings
// quoted and shortened, lists counted with their first few items by id (and
// score or title), numbers and booleans as they are.
func Summarize(field string, raw json.RawMessage) string {
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "(unreadable)"
	}
	return summarizeValue(field, v)
}

func summarizeValue(field string, v any) string {
	switch v := v.(type) {
	case nil:
		return "(none)"
	case bool:
		return strconv.FormatBool(v)
	case json.Number:
		return v.String()
	case string:
		return quote(v, maxText)
	case []any:
		if len(v) == 0 {
			return "(none)"
		}
		noun, ok := nouns[field]
		if !ok {
			noun = [2]string{"item", "items"}
		}
		var b strings.Builder
		b.WriteString(text.Count(len(v), noun[0], noun[1]) + ": ")
		var shown []string
		for i, it := range v {
			if i == maxItems {
				fmt.Fprintf(&b, ", … (%d more)", len(v)-maxItems)
				break
			}
			if i > 0 {
				b.WriteString(", ")
			}
			s := summarizeItem(it)
			// Two items that differ must not read the same: queries that
			// share their opening would, cut at the same length.
			for j, prev := range shown {
				if prev == s && !reflect.DeepEqual(v[j], it) {
					s = summarizeItemApart(it, v[j], s)
					break
				}
			}
			shown = append(shown, s)
			b.WriteString(s)
		}
		return b.String()
	case map[string]any:
		if s, ok := summarizeSearch(v); ok {
			return s
		}
		return summarizeObject(v)
	}
	return fmt.Sprint(v)
}

// summarizeItemApart names item it where summarizeItem gave it the same
// words (same) as an earlier item prev it differs from: a text is quoted
// from a little before where it parts from prev, and so is a search's
// query. Other items keep their words.
func summarizeItemApart(it, prev any, same string) string {
	switch it := it.(type) {
	case string:
		if p, ok := prev.(string); ok {
			return quoteApart(it, p, maxTitle)
		}
	case map[string]any:
		p, ok := prev.(map[string]any)
		if !ok {
			break
		}
		q, ok1 := it["query"].(string)
		pq, ok2 := p["query"].(string)
		if ok1 && ok2 && q != pq {
			if s, ok := summarizeSearchQuoted(it, quoteApart(q, pq, maxTitle)); ok {
				return s
			}
		}
	}
	return same
}

// quoteApart quotes s cut to n runes, from a few runes before where it
// first differs from other ("…abs:sourdough OR (cat:cs.GT OR …"), or from
// its start when that is soon enough to show.
func quoteApart(s, other string, n int) string {
	s, other = fold(s), fold(other)
	const lead = 20 // runes of the shared text kept before the difference, at most
	i, from := parting(s, other, lead)
	if utf8.RuneCountInString(s[:i]) < n-lead {
		return quote(s, n)
	}
	if sp := strings.IndexByte(s[from:i], ' '); sp >= 0 {
		from += sp + 1 // from a word's start
	}
	return `"…` + shorten(s[from:], n-1) + `"`
}

// parting is where a first differs from b, as a byte offset into a at
// the start of a rune (at), and the offset lead runes before it (from),
// for quoting two texts from a little before where they part
// (differingParts, quoteApart). b[from:] is where b parts, too.
func parting(a, b string, lead int) (at, from int) {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	for i > 0 && i < len(a) && !utf8.RuneStart(a[i]) {
		i-- // back to the start of the rune both share a prefix of
	}
	from = i
	for k := 0; k < lead && from > 0; k++ {
		_, size := utf8.DecodeLastRuneInString(a[:from])
		from -= size
	}
	return i, from
}

// summarizeSearch names one arXiv search of the state's searches (a
// nodes.Search): its query, where it started, what came back, the paper
// ranked best and whether the page came from the cache, so that a student
// sees what the run asked arXiv and got rather than "{5 fields}".
func summarizeSearch(m map[string]any) (string, bool) {
	q, ok := m["query"].(string)
	if !ok {
		return "", false
	}
	return summarizeSearchQuoted(m, quote(q, maxTitle))
}

// summarizeSearchQuoted is summarizeSearch with the query already quoted.
func summarizeSearchQuoted(m map[string]any, s string) (string, bool) {
	if _, ok := m["returned"]; !ok {
		return "", false
	}
	if start, ok := m["start"].(json.Number); ok && start.String() != "0" {
		s += " from " + start.String()
	}
	if f, ok := m["failed"].(string); ok && f != "" {
		return s + ": failed: " + shorten(f, maxTitle), true
	}
	ret, _ := m["returned"].(json.Number)
	tot, _ := m["total"].(json.Number)
	s += fmt.Sprintf(": %s of %s", numberOr(ret, "0"), numberOr(tot, "0"))
	if b, ok := m["best"].(string); ok && b != "" {
		s += ", best " + b
	}
	if c, ok := m["cached"].(bool); ok && c {
		s += ", from the cache"
	}
	return s, true
}

func numberOr(n json.Number, def string) string {
	if n == "" {
		return def
	}
	return n.String()
}

// summarizeObject shows an object as its fields, key: value, in key
// order, each value summarised, the whole cut to a line.
func summarizeObject(m map[string]any) string {
	if len(m) == 0 {
		return "{}"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+": "+summarizeValue(k, m[k]))
	}
	s := "{" + strings.Join(parts, ", ") + "}"
	if utf8.RuneCountInString(s) > maxText {
		s = shorten(s, maxText-1) + "}"
	}
	return s
}

// summarizeItem names one list item: a document by id and score, a paper by
// id and title, a plain string as itself.
func summarizeItem(v any) string {
	switch v := v.(type) {
	case string:
		if !strings.ContainsAny(v, " \t\n") && utf8.RuneCountInString(v) <= maxTitle {
			return v
		}
		return quote(v, maxTitle)
	case map[string]any:
		id := firstString(v, "id", "chunk_id", "paper_id")
		if n, ok := v["score"].(json.Number); ok {
			if f, err := n.Float64(); err == nil {
				return strings.TrimSpace(fmt.Sprintf("%s (%.2f)", id, f))
			}
		}
		if t, ok := v["title"].(string); ok && t != "" {
			return strings.TrimSpace(id + " " + quote(t, maxTitle))
		}
		if id != "" {
			return id
		}
		return summarizeValue("", v)
	}
	return summarizeValue("", v)
}

func firstString(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s, ok := m[k].(string); ok && s != "" {
			return s
		}
	}
	return ""
}

// quote folds white space and shortens s to n runes, in quotes.
func quote(s string, n int) string {
	return `"` + shorten(s, n) + `"`
}

// fold puts s on one line: every run of white space becomes one space, and
// none leads or trails.
func fold(s string) string { return strings.Join(strings.Fields(s), " ") }

// shorten folds white space and cuts s to n runes with an ellipsis.
func shorten(s string, n int) string {
	s = fold(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i := 0
	for j := range s {
		if i == n-1 {
			return s[:j] + "…"
		}
		i++
	}
	return s
}
