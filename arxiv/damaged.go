package arxiv

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Entry boundaries, with or without a namespace prefix. Only used on a
// document that holds damaged bytes, to find the entries holding them.
var (
	entryOpen  = regexp.MustCompile(`<(?:[A-Za-z_][\w.-]*:)?entry[\s>/]`)
	entryClose = regexp.MustCompile(`</(?:[A-Za-z_][\w.-]*:)?entry\s*>`)
	entryIDRe  = regexp.MustCompile(`(?s)<(?:[A-Za-z_][\w.-]*:)?id>(.*?)</`)
)

// dropDamagedEntries cuts out of an Atom document every <entry> holding
// bytes XML cannot carry — invalid UTF-8, control characters other than
// tab and line breaks, U+FFFE and U+FFFF — which would make the XML parser
// reject the whole document, and so a whole page, on every try. Each entry
// cut is described by an InvalidEntry numbered as the document has it.
// Damage outside any entry is left for the parser to report: the document
// itself is then broken.
func dropDamagedEntries(data []byte) ([]byte, []*InvalidEntry) {
	if firstBadByte(data) < 0 {
		return data, nil
	}
	var out []byte
	var damaged []*InvalidEntry
	last := 0 // data[last:] is not yet copied to out
	for n, o := range entryOpen.FindAllIndex(data, -1) {
		if o[0] < last {
			continue // inside an entry already cut (a malformed document)
		}
		c := entryClose.FindIndex(data[o[1]:])
		if c == nil {
			break
		}
		end := o[1] + c[1]
		span := data[o[0]:end]
		if firstBadByte(span) < 0 {
			continue
		}
		id := ""
		if m := entryIDRe.FindSubmatch(span); m != nil {
			id = snippet(cleanField(string(m[1])), 80)
		}
		damaged = append(damaged, &InvalidEntry{Where: "entry " + strconv.Itoa(n+1), ID: id, Err: errInvalidUTF8})
		out = append(out, data[last:o[0]]...)
		last = end
	}
	if damaged == nil {
		return data, nil
	}
	return append(out, data[last:]...), damaged
}

// firstBadByte is the offset of the first byte XML cannot carry, or -1.
func firstBadByte(b []byte) int {
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 || r == '\uFFFE' || r == '\uFFFF' {
			return i
		}
		i += size
	}
	return -1
}

// entryNumbers maps the index of each parsed entry to its number in the
// document, counting the damaged entries that were cut out before parsing.
func entryNumbers(parsed int, damaged []*InvalidEntry) []int {
	cut := make([]int, 0, len(damaged))
	for _, d := range damaged {
		cut = append(cut, entryIndex(d))
	}
	slices.Sort(cut)
	out := make([]int, parsed)
	n, j := 1, 0
	for i := range out {
		for j < len(cut) && cut[j] == n {
			n++
			j++
		}
		out[i] = n
		n++
	}
	return out
}

// entryIndex is the number in "entry N", for ordering.
func entryIndex(e *InvalidEntry) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(e.Where, "entry "))
	return n
}
