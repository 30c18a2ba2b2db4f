package arxiv

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// The forms a user copies an id in: a prefix in any case, and the abs or
// pdf URL as a browser shows it, with a query, a fragment or a trailing
// slash.
func TestParseIDForms(t *testing.T) {
	for _, in := range []string{
		"2301.01234v2",
		"arXiv:2301.01234v2",
		"ARXIV:2301.01234v2",
		"ArXiv:2301.01234v2",
		"https://arxiv.org/abs/2301.01234v2",
		"https://arxiv.org/abs/2301.01234v2?context=cs",
		"https://arxiv.org/abs/2301.01234v2#S2",
		"https://arxiv.org/abs/2301.01234v2/",
		"https://arxiv.org/pdf/2301.01234v2.pdf",
		"https://arxiv.org/pdf/2301.01234v2?download=1",
	} {
		got, err := ParseID(in)
		require.NoError(t, err, in)
		require.Equal(t, "2301.01234v2", got, in)
	}
	got, err := ParseID("https://arxiv.org/abs/cs/0507510v1?context=cs")
	require.NoError(t, err)
	require.Equal(t, "cs/0507510v1", got)
	for _, in := range []string{"", "arxiv:", "2301.01234?context=cs", "nash equilibrium", "ARXIV"} {
		_, err := ParseID(in)
		require.Error(t, err, in)
	}
}

// An old-style id as listings show it, with its subject class, is the
// archive's id: "cs.GT/0112004v1" and "cs/0112004v2" were stored as two
// papers (found by an exploratory review).
func TestParseIDDropsTheSubjectClass(t *testing.T) {
	for in, want := range map[string]string{
		"cs.GT/0112004v1":                      "cs/0112004v1",
		"math.GT/0309136":                      "math/0309136",
		"arXiv:math.GT/0309136v2":              "math/0309136v2",
		"http://arxiv.org/abs/cs.GT/0112004v1": "cs/0112004v1",
		"hep-th/9901001":                       "hep-th/9901001",
	} {
		got, err := ParseID(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
	}
}

// An id written as arXiv writes ids but whose date can never be is
// refused, saying what is wrong: the pattern alone let "2413.01234"
// through, so `ingest --ids` asked arXiv for a typo and called it "no
// paper", and `ingest --file` stored it.
func TestParseIDRefusesImpossibleDates(t *testing.T) {
	for _, tc := range []struct{ in, bare, want string }{
		{"2413.01234", "2413.01234", `arXiv id "2413.01234": month 13 does not exist`},
		{"2400.12345", "2400.12345", `arXiv id "2400.12345": month 00 does not exist`},
		{"0713.12345", "0713.12345", `arXiv id "0713.12345": month 13 does not exist`},
		{"arXiv:2499.00001v2", "2499.00001v2", `arXiv id "arXiv:2499.00001v2": month 99 does not exist`},
		{"https://arxiv.org/abs/1900.01234?context=cs", "1900.01234", `arXiv id "https://arxiv.org/abs/1900.01234?context=cs": month 00 does not exist`},
		{"hep-th/9913001", "hep-th/9913001", `arXiv id "hep-th/9913001": month 13 does not exist`},
		{"math.GT/0300136v1", "math/0300136v1", `arXiv id "math.GT/0300136v1": month 00 does not exist`},
		{"hep-th/0812001", "hep-th/0812001", `arXiv id "hep-th/0812001": old-style ids (archive/YYMMNNN) are from the years 91 to 07, not 08`},
		{"cs/9001001", "cs/9001001", `arXiv id "cs/9001001": old-style ids (archive/YYMMNNN) are from the years 91 to 07, not 90`},
		{"arXiv:hep-th/5012001v2", "hep-th/5012001v2", `arXiv id "arXiv:hep-th/5012001v2": old-style ids (archive/YYMMNNN) are from the years 91 to 07, not 50`},
	} {
		got, err := ParseID(tc.in)
		require.EqualError(t, err, tc.want, tc.in)
		require.Empty(t, got, tc.in)
		var imp *ImpossibleIDError
		require.ErrorAs(t, err, &imp, tc.in)
		require.Equal(t, tc.bare, imp.ID, "%s: the id as ParseID reads it, for a paper stored under it before", tc.in)
	}
	// Not an id at all stays "not an arXiv id", not a date to complain of.
	_, err := ParseID("2413.123")
	require.EqualError(t, err, `not an arXiv id: "2413.123"`)
	require.NotErrorAs(t, err, new(*ImpossibleIDError))
}

// What can exist is kept: ids of a month still to come (nothing compares
// with today: the test worlds hold such ids), and, by choice, the two
// rules of arXiv that gtrag's own data breaks: new-style ids before 0704
// (testdata/worlde's 0411.97870) and numbers of the other era's length
// (the worlds' 0706.60516, tests' 2301.0123).
func TestParseIDKeepsPossibleDates(t *testing.T) {
	for _, in := range []string{
		"0704.0001",       // the first new-style id
		"1412.9999",       // the last month of 4-digit numbers
		"1501.00001",      // the first of 5-digit numbers
		"2512.71346v1",    // testdata/world
		"9912.99999v1",    // December 2099
		"0706.60516v1",    // testdata/world: 5 digits in 2007
		"0411.97870v3",    // testdata/worlde: new style in 2004
		"2301.0123",       // 4 digits in 2023 (service tests)
		"hep-th/9108001",  // the first old-style id
		"hep-th/9901001",  // 1999
		"math.GT/0309136", // 2003, with its subject class
		"cs/0703001v1",    // the old scheme's last month
		"cs/0101003v1",    // arxivtest's old-style ids
	} {
		_, err := ParseID(in)
		require.NoError(t, err, in)
	}
}

// Every id the test worlds and the primer use must still read: a rule of
// ParseID that refused one would refuse its world's files (see
// TestParseIDKeepsPossibleDates for the rules left out because of them).
func TestParseIDTakesEveryIDOfTheTestWorlds(t *testing.T) {
	quoted := regexp.MustCompile(`"((?:arXiv:)?(?:\d{4}\.\d{4,5}|[a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?)"`)
	ids := map[string]string{}
	for _, pattern := range []string{"../testdata/*/*.jsonl", "../testdata/*/*/*.jsonl", "../data/*.jsonl"} {
		files, err := filepath.Glob(pattern)
		require.NoError(t, err)
		for _, f := range files {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			for _, m := range quoted.FindAllStringSubmatch(string(b), -1) {
				ids[m[1]] = f
			}
		}
	}
	require.Greater(t, len(ids), 500, "the worlds' ids were found")
	for id, f := range ids {
		_, err := ParseID(id)
		require.NoError(t, err, "%s: %s", f, id)
	}
}
