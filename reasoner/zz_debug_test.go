package reasoner

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// DBG_Q="question" DBG_P="slug,slug" go test -run TestZZDebug ./reasoner/
func TestZZDebug(t *testing.T) {
	q := os.Getenv("DBG_Q")
	if q == "" {
		t.Skip()
	}
	var ps []Passage
	if ids := os.Getenv("DBG_C"); ids != "" {
		var slugs []string
		want := map[string]float64{}
		for _, id := range strings.Fields(ids) {
			name, sc, _ := strings.Cut(id, "@")
			var f float64
			fmt.Sscan(sc, &f)
			want[name] = f
			slug := strings.TrimPrefix(name[:strings.Index(name, "_chunk_")], "primer:")
			if !slices.Contains(slugs, slug) {
				slugs = append(slugs, slug)
			}
		}
		byID := map[string]Passage{}
		for _, p := range primerPassages(t, slugs) {
			byID[p.ID] = p
		}
		for _, id := range strings.Fields(ids) {
			name, _, _ := strings.Cut(id, "@")
			p := byID[name]
			p.N, p.Score = len(ps)+1, want[name]
			ps = append(ps, p)
		}
	} else {
		ps = primerPassages(t, strings.Split(os.Getenv("DBG_P"), ","))
	}
	f := analyze(q)
	fmt.Printf("kind=%v who=%v deed=%v which=%v evoked=%v example=%v\n", f.Kind, f.Who, f.Deed, f.Which, f.Evoked, f.Example)
	for _, c := range f.Concepts {
		fmt.Printf("  concept %q known=%v quoted=%v variants=%v demandable=%v\n", c.Name, c.Known, c.Quoted, c.Variants, demandable(c))
	}
	fmt.Printf("  required=%v anyof=%v described=%v\n", names(f.Required), names(f.AnyOf), names(f.Described))
	for _, tm := range f.Terms {
		fmt.Printf("  term %s %.2f\n", tm.Stem, tm.Weight)
	}
	fmt.Printf("  missing=%v\n", names(f.missing(ps, true)))
	cands := candidates(ps)
	fp := markEligible(f, ps, cands)
	ti := entitled(f, ps)
	scoreCandidates(f, ps, cands, fp, ti)
	fmt.Printf("  focus=%v titled=%v\n", fp, ti)
	for _, c := range cands {
		fmt.Printf("  [%d %v] ok=%v el=%v lead=%v def=%d br=%v rel=%.2f %.90s\n", c.N, c.Key, c.OK, c.Eligible, c.Lead, c.Defines, c.BackRef, c.Rel, c.Text)
	}
	a, _ := NewOfflineAnswerer().Answer(context.Background(), q, ps)
	fmt.Println(a.Text)
}
