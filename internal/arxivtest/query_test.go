package arxivtest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
)

func TestParseAndMatch(t *testing.T) {
	p := arxiv.Paper{ID: "2301.01234v2", Title: "Tit-for-tat in the iterated prisoner's dilemma", Summary: "A game theory study of cooperation.", PrimaryCategory: "cs.GT", Categories: []string{"cs.GT", "econ.TH"}}
	tests := []struct {
		q     string
		match bool
	}{
		{`all:"game theory"`, true},
		{`all:"game theory" AND (all:tit OR all:bread)`, true},
		{`all:"game theory" AND all:bread`, false},
		{`ti:"tit for tat"`, true},
		{`cat:cs.GT AND ti:dilemma`, true},
		{`cat:econ.TH`, true},
		{`cat:math.CO`, false},
		{`all:cooperation ANDNOT ti:dilemma`, false},
		{`id:2301.01234`, true},
		{`prisoner dilemma`, true},
	}
	for _, tt := range tests {
		e, err := Parse(tt.q)
		require.NoError(t, err, tt.q)
		require.Equal(t, tt.match, e.Match(p), tt.q)
	}
	for _, bad := range []string{``, `all:"open`, `(all:x`, `AND x`} {
		_, err := Parse(bad)
		require.Error(t, err, bad)
	}
}
