package trace

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/reasoner"
)

// TestReplayOfATraceRecordedWhenTheFilterSawTheOpeningOnly: until round 2
// session 23 the graph handed the paper filter the first
// reasoner.AbstractPrefix runes of an abstract, and traces recorded then
// hold those. Such a trace still replays, to the same answer; a filter
// call whose recorded abstract is not the opening of the one asked for
// still diverges.
func TestReplayOfATraceRecordedWhenTheFilterSawTheOpeningOnly(t *testing.T) {
	w := newWorld()
	long := w.arxiv.page.Papers[0].Summary + " " + strings.Repeat("We describe the data set in detail. ", 30)
	require.Greater(t, utf8.RuneCountInString(long), reasoner.AbstractPrefix)
	w.arxiv.page.Papers[0].Summary = long
	out, _, final, err := recordRun(t, w, testQuestion, Options{})
	require.NoError(t, err)

	// rewrite gives every filter call of the recording the abstract an
	// older gtrag recorded: cut as the graph cut it, or replaced.
	rewrite := func(t *testing.T, abstract func(string) string) []Event {
		evs := readString(t, out)
		cut := 0
		for i, e := range evs {
			if e.Type != OperationStarted {
				continue
			}
			var d OperationStartedData
			require.NoError(t, json.Unmarshal(e.Data, &d))
			if d.Kind != KindFilter {
				continue
			}
			var p FilterParams
			require.NoError(t, json.Unmarshal(d.Params, &p))
			if was := p.Abstract; abstract(was) != was {
				cut++
				p.Abstract = abstract(was)
			}
			raw, err := json.Marshal(p)
			require.NoError(t, err)
			d.Params = raw
			d.Fingerprint, err = Fingerprint(p)
			require.NoError(t, err)
			evs[i].Data, err = json.Marshal(d)
			require.NoError(t, err)
		}
		require.Equal(t, 1, cut, "one recorded abstract is longer than the opening")
		return evs
	}

	p, err := NewPlayer(rewrite(t, reasoner.AbstractStart))
	require.NoError(t, err)
	got, err := p.Run(context.Background())
	require.NoError(t, err)
	require.Equal(t, final.FinalResponse, got.Final.FinalResponse)
	require.Equal(t, final.Sources, got.Final.Sources)

	p, err = NewPlayer(rewrite(t, func(s string) string {
		if utf8.RuneCountInString(s) > reasoner.AbstractPrefix {
			return "Another abstract."
		}
		return s
	}))
	require.NoError(t, err)
	_, err = p.Run(context.Background())
	var div *DivergenceError
	require.ErrorAs(t, err, &div)
	require.Equal(t, KindFilter, div.Kind)
}
