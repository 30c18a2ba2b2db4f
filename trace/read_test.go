package trace

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// goldenTrace is the recorded run of TestTraceGoldens.
func goldenTrace(t testing.TB) string {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "trace", "run.jsonl"))
	require.NoError(t, err)
	return string(b)
}

func TestReadEventsErrors(t *testing.T) {
	lines := strings.SplitAfter(strings.TrimSuffix(goldenTrace(t), "\n"), "\n")
	join := func(ls ...string) string { return strings.Join(ls, "") }
	first, second, third := lines[0], lines[1], lines[2]

	tests := []struct {
		name string
		in   string
		line int
		msg  string
	}{
		{"empty file", "", 1, "no events"},
		{"blank lines only", "\n\n  \n", 3, "no events"},
		{"not JSON", join(first, "hello\n"), 2, "not a trace event"},
		{"a line cut short in the middle", join(first, second[:40], "\n", third), 2, "ends in the middle of its JSON"},
		{"the only line cut short", first[:40], 1, "ends in the middle of its JSON"},
		{"an array, not an event", join(first, "[1,2]\n"), 2, "not a trace event: the line must be a JSON object; found a JSON array"},
		{"a field of the wrong JSON type", join(first, strings.Replace(second, `"seq":2`, `"seq":"2"`, 1)), 2, `"seq" must be a whole number; found a JSON string`},
		{"the last line is whole but wrong", join(first, strings.TrimSuffix(strings.Replace(second, `"seq":2`, `"seq":"2"`, 1), "\n")), 2, `"seq" must be a whole number; found a JSON string`},
		{"unknown field", join(strings.Replace(first, `"step":0`, `"step":0,"extra":1`, 1)), 1, "not a trace event"},
		{"unknown type", join(first, strings.Replace(second, "operation_started", "operation_begun", 1)), 2, "unknown event type"},
		{"missing first event", join(second), 1, "a trace starts with execution_started"},
		{"sequence gap", join(first, third), 2, "sequence number 3, want 2"},
		{"two executions", join(first, strings.Replace(second, `"execution_id":"run1"`, `"execution_id":"run2"`, 1)), 2, "two runs in one file"},
		{"event after the end", join(join(lines...), "\n", strings.Replace(second, `"seq":2`, `"seq":57`, 1)), len(lines) + 1, "after the run ended"},
		{"data not an object", join(first, `{"id":"x","execution_id":"run1","seq":2,"ts":"2025-01-02T03:04:05Z","type":"step_started","step":1,"data":[1]}`+"\n"), 2, "data must be a JSON object"},
		{"data of the wrong shape", join(first, `{"id":"x","execution_id":"run1","seq":2,"ts":"2025-01-02T03:04:05Z","type":"step_started","step":1,"data":{"percept":"x"}}`+"\n"), 2, `step_started event: "data.percept" must be a JSON array; found a JSON string`},
		{"newer format", strings.Replace(first, `"format":1`, `"format":99`, 1), 1, "written by a newer gtrag (trace format 99); this gtrag reads trace format 1"},
		{"newer format with fields this gtrag does not know", strings.Replace(strings.Replace(first, `"format":1`, `"format":2`, 1), `"step":0`, `"step":0,"span":"x"`, 1), 1, "written by a newer gtrag (trace format 2)"},
		{"format 0", strings.Replace(first, `"format":1`, `"format":0`, 1), 1, "trace format 0 is not one gtrag has written"},
		{"no timestamp", strings.Replace(first, `"ts":"2025-01-02T03:04:05.001Z",`, "", 1), 1, "timestamp"},
		{"two values on a line", join(strings.TrimSuffix(first, "\n"), " {}\n"), 1, "more than one JSON value"},
		{"a line too long", join(first, strings.Repeat("x", MaxLineBytes+1)), 2, "longer than"},
		{"a line of exactly the limit is read", join(first, strings.Repeat("x", MaxLineBytes)+"\r\n"), 2, "not a trace event: invalid JSON at byte 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadEvents(strings.NewReader(tt.in))
			var fe *FormatError
			require.ErrorAs(t, err, &fe)
			require.Equal(t, tt.line, fe.Line, err.Error())
			require.Contains(t, err.Error(), tt.msg)
			require.NotContains(t, err.Error(), "Go ", "the message speaks JSON, not Go")
		})
	}
}

// TestReadEventsCutShort: a crash mid-write leaves the last line cut
// short; what is whole before it reads, as a trace cut at a line end does.
func TestReadEventsCutShort(t *testing.T) {
	lines := strings.SplitAfter(strings.TrimSuffix(goldenTrace(t), "\n"), "\n")
	for _, n := range []int{2, 10, len(lines)} {
		for _, cut := range []int{1, len(lines[n-1]) / 2, len(lines[n-1]) - 2} {
			in := strings.Join(lines[:n-1], "") + lines[n-1][:cut]
			evs, c, err := readEvents(strings.NewReader(in))
			require.NoError(t, err, "line %d cut at byte %d", n, cut)
			require.Len(t, evs, n-1)
			require.Equal(t, n, c)
			require.False(t, Complete(evs))
		}
	}
	evs, c, err := readEvents(strings.NewReader(goldenTrace(t)))
	require.NoError(t, err)
	require.Zero(t, c, "nothing cut")
	require.True(t, Complete(evs))

	// The narration of a file cut mid-line is that of one cut at the
	// line end before it.
	path := filepath.Join(t.TempDir(), "trunc.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines[:11], "")+lines[11][:30]), 0o644))
	evs, c, err = ReadFileCut(path)
	require.NoError(t, err)
	require.Equal(t, 12, c)
	var got, want bytes.Buffer
	require.NoError(t, Narrate(&got, evs))
	require.NoError(t, Narrate(&want, readString(t, strings.Join(lines[:11], ""))))
	require.Equal(t, want.String(), got.String())
	require.Contains(t, got.String(), "the recording stops here")
}

func TestReadEventsAccepts(t *testing.T) {
	g := goldenTrace(t)
	tests := []struct {
		name     string
		in       string
		complete bool
	}{
		{"the golden trace", g, true},
		{"CRLF line ends and blank lines", strings.ReplaceAll(g, "\n", "\r\n\r\n"), true},
		{"no final newline", strings.TrimSuffix(g, "\n"), true},
		{"a run cut short", strings.Join(strings.SplitAfter(g, "\n")[:10], ""), false},
		{"a run cut short in the middle of its last line", strings.Join(strings.SplitAfter(g, "\n")[:10], "") + `{"id":"run1-00`, false},
		{"the end event cut short", g[:len(g)-20], false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evs, err := ReadEvents(strings.NewReader(tt.in))
			require.NoError(t, err)
			require.Equal(t, tt.complete, Complete(evs))
			require.Equal(t, ExecutionStarted, evs[0].Type)
		})
	}
}

func TestNarrateIncompleteTrace(t *testing.T) {
	lines := strings.SplitAfter(goldenTrace(t), "\n")
	evs := readString(t, strings.Join(lines[:12], "")) // stops inside step 2
	var b bytes.Buffer
	require.NoError(t, Narrate(&b, evs))
	require.Contains(t, b.String(), "step 2 · check_relevance")
	require.Contains(t, b.String(), "the recording stops here")
	// The step it stops in did not finish: it gave no account and no
	// update, which is not "no state change".
	last := b.String()[strings.Index(b.String(), "step 2 · check_relevance"):]
	require.Contains(t, last, "ENVIRONMENT UPDATE  (not recorded: the step did not finish)")
	require.NotContains(t, last, "no state change")
	for cut := 8; cut < 12; cut++ {
		var b bytes.Buffer
		require.NoError(t, Narrate(&b, readString(t, strings.Join(lines[:cut], ""))))
		require.NotContains(t, b.String(), "the node gave no account", "cut after line %d", cut)
	}
}

// FuzzReadEvents checks that the reader never panics, that whatever it
// accepts survives a write and a second read unchanged, and that the
// narration renders it.
func FuzzReadEvents(f *testing.F) {
	g := goldenTrace(f)
	lines := strings.SplitAfter(g, "\n")
	f.Add(g)
	f.Add(strings.Join(lines[:5], ""))
	f.Add(lines[0])
	f.Add("")
	f.Add("{}\n")
	f.Add(`{"id":"a","execution_id":"b","seq":1,"ts":"2025-01-01T00:00:00Z","type":"execution_started","step":0,"data":{"format":1,"question":"q","settings":{}}}` + "\n")
	f.Add(strings.Replace(g, `"seq":3`, `"seq":4`, 1))
	f.Add("\xff\xfe{\n")
	f.Fuzz(func(t *testing.T, in string) {
		evs, err := ReadEvents(strings.NewReader(in))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		for _, e := range evs {
			b, err := canonical(e)
			require.NoError(t, err)
			buf.Write(b)
			buf.WriteByte('\n')
		}
		again, err := ReadEvents(&buf)
		require.NoError(t, err, "a trace that was read must read again after writing")
		require.Len(t, again, len(evs))
		for i := range evs {
			require.Equal(t, evs[i].Type, again[i].Type)
			require.Equal(t, evs[i].Seq, again[i].Seq)
			require.True(t, evs[i].TS.Equal(again[i].TS))
			require.JSONEq(t, string(evs[i].Data), string(again[i].Data))
		}
		require.NoError(t, Narrate(io.Discard, evs))
		_, _ = NewPlayer(evs) // must not panic either
	})
}
