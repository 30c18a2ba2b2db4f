package main

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// TestHostileCommandLine feeds every command what a user can type by
// mistake or on purpose, through the real entry point. Each case must end
// with exit code 2 (bad usage or input) or 1 (a runtime failure), one short,
// printable line on stderr and nothing on stdout; the knowledge base must be
// byte-for-byte what it was, and a data dir that did not exist must still
// not exist.
func TestHostileCommandLine(t *testing.T) {
	env := testEnv(t)
	store := env["GTRAG_DATA_DIR"]
	createStore(t, env)
	created := gtrag(t, env, "stats")
	require.Equal(t, exitOK, created.code, created.stderr)
	want := dirSnapshot(t, store)
	require.NotEmpty(t, want, "the store has files to compare")

	big := strings.Repeat("nash ", 20_000) // 100 KB
	bigWord := strings.Repeat("a", 100_000)
	files := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(files, name)
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
		return p
	}
	var (
		missing      = filepath.Join(files, "missing.jsonl")
		empty        = write("empty", "")
		garbage      = write("garbage", "\xff\xfe\x00\x1b[2J not json\n")
		evalNotJSON  = write("eval-not-json.jsonl", "What is a Nash equilibrium?\n")
		evalBadUTF8  = write("eval-bad-utf8.jsonl", "{\"q\": \"nash \xff\"}\n")
		evalControl  = write("eval-control.jsonl", `{"q": "nash\u0007equilibrium"}`+"\n")
		evalBlank    = write("eval-blank.jsonl", `{"q": "   "}`+"\n")
		evalHuge     = write("eval-huge.jsonl", `{"q": "`+big+`"}`+"\n")
		evalOK       = write("eval.jsonl", `{"q": "What is a Nash equilibrium?"}`+"\n")
		traceHuge    = write("trace-huge.jsonl", `{"type": "`+bigWord+`"}`+"\n")
		traceNotUTF8 = write("trace-bad-utf8.jsonl", "{\"type\": \"execution_started\xff\"}\n")
		papers       = write("papers.jsonl", `{"id": "2301.01234v2", "title": "Auctions", "summary": "Bidding in sealed-bid auctions."}`+"\n")
		aFile        = write("a-file", "not a directory\n")
	)

	// A dirSetup makes a data dir for one case. lock, if not nil, makes it
	// unusable after its snapshot is taken and returns what undoes that.
	type dirSetup func(t *testing.T) (dataDir string, lock func() (unlock func()))
	var (
		fileAsDataDir dirSetup = func(t *testing.T) (string, func() func()) {
			return aFile, nil
		}
		underAFile dirSetup = func(t *testing.T) (string, func() func()) {
			return filepath.Join(aFile, "kb"), nil
		}
		unreadable dirSetup = func(t *testing.T) (string, func() func()) {
			if os.Geteuid() == 0 {
				t.Skip("running as root, where mode 000 does not deny reads; the data dir under a file covers a data dir that cannot be opened")
			}
			dir := filepath.Join(t.TempDir(), "kb")
			require.NoError(t, os.CopyFS(dir, os.DirFS(store)))
			return dir, func() func() {
				require.NoError(t, os.Chmod(dir, 0))
				return func() { require.NoError(t, os.Chmod(dir, 0o755)) }
			}
		}
	)

	tests := []struct {
		name string
		args []string
		code int
		want string // in the one line on stderr
		// dataDir, when set, replaces the data dir (--data-dir) and is
		// itself checked unchanged.
		dataDir dirSetup
		// storeOnly marks input that is only wrong for an existing store.
		storeOnly bool
		env       map[string]string // added to the environment
	}{
		// Commands, flags and global settings.
		{name: "unknown command", args: []string{"frobnicate"}, code: 2, want: `unknown command "frobnicate"`},
		{name: "unknown shell", args: []string{"completion", "tcsh"}, code: 2, want: `unknown command "tcsh" for "gtrag completion": want bash, fish, powershell, zsh`},
		{name: "unknown papers command", args: []string{"papers", "lsit"}, code: 2, want: `unknown command "lsit" for "gtrag papers"`},
		{name: "unknown store command", args: []string{"store", "bogus"}, code: 2, want: `unknown command "bogus" for "gtrag store"`},
		{name: "unknown help topic", args: []string{"help", "nonexist"}, code: 2, want: `unknown help topic "nonexist"`},
		{name: "100 KB command", args: []string{bigWord}, code: 2, want: "unknown command"},
		{name: "unknown flag", args: []string{"--frobnicate", "stats"}, code: 2, want: "gtrag has no flag --frobnicate"},
		{name: "unknown 100 KB flag", args: []string{"ask", "--" + bigWord, "q"}, code: 2, want: "gtrag ask has no flag --"},
		{name: "unknown shorthand flag", args: []string{"search", "-z", "nash"}, code: 2, want: "gtrag search has no flag -z"},
		{name: "llm without a model", args: []string{"--llm", "gpt", "ask", "q"}, code: 2, want: "--llm"},
		{name: "llm empty model", args: []string{"--llm", "ollama:", "ask", "q"}, code: 2, want: "needs a model name"},
		{name: "llm unknown provider", args: []string{"--llm", "llama:3", "eval", evalOK}, code: 2, want: `unknown provider "llama"`},
		{name: "llm model with a space", args: []string{"--llm", "openai:gpt 4", "ingest", "--query", "a"}, code: 2, want: "--llm"},
		{name: "llm invalid UTF-8 for stats", args: []string{"--llm", "\xff", "stats"}, code: 2, want: "--llm"},
		{name: "llm 100 KB for search", args: []string{"--llm", bigWord, "search", "nash"}, code: 2, want: "--llm"},
		{name: "embedder unknown", args: []string{"--embedder", "word2vec", "search", "nash"}, code: 2, want: "--embedder"},
		{name: "embedder without a model", args: []string{"--embedder", "ollama:", "stats"}, code: 2, want: "needs a model name"},
		{name: "embedder with control character", args: []string{"--embedder", "ollama:a\x1b[2Jb", "ask", "q"}, code: 2, want: "--embedder"},
		{name: "embedder 100 KB", args: []string{"--embedder", bigWord, "stats"}, code: 2, want: "(valid: offline, ollama:MODEL, openai:MODEL)"},
		{name: "embedder other than the store's", args: []string{"--embedder", "ollama:nomic-embed-text", "search", "nash"}, code: 2, want: "--embedder offline", storeOnly: true},
		{name: "arxiv url not http", args: []string{"--arxiv-url", "ftp://export.arxiv.org/api/query", "ask", "q"}, code: 2, want: "--arxiv-url"},
		{name: "arxiv url without host", args: []string{"--arxiv-url", "http://", "ingest", "--query", "a"}, code: 2, want: "--arxiv-url"},
		{name: "arxiv url not a URL", args: []string{"--arxiv-url", "::not a url", "ask", "q"}, code: 2, want: "--arxiv-url"},
		{name: "arxiv url unclosed IPv6", args: []string{"--arxiv-url", "http://[::1/api", "ingest", "--ids", "2301.01234"}, code: 2, want: "--arxiv-url"},
		{name: "arxiv url with control character", args: []string{"--arxiv-url", "http://example.org/\x7f", "ask", "q"}, code: 2, want: "--arxiv-url"},
		{name: "arxiv url 100 KB", args: []string{"--arxiv-url", bigWord, "ask", "q"}, code: 2, want: "is not an http(s) URL"},
		{name: "arxiv delay not a duration", args: []string{"--arxiv-delay", "soon", "ask", "q"}, code: 2, want: "--arxiv-delay"},
		{name: "arxiv delay without a unit", args: []string{"--arxiv-delay", "5", "ask", "q"}, code: 2, want: `--arxiv-delay "5" has no unit: write 5s`},
		{name: "arxiv delay negative", args: []string{"--arxiv-delay", "-3s", "ingest", "--query", "a"}, code: 2, want: `--arxiv-delay "-3s" is negative: give a pause such as 3s, or 0 for none`},
		{name: "arxiv delay absurd", args: []string{"--arxiv-delay", "2000000h", "ingest", "--query", "a"}, code: 2, want: "want at most 1h"},
		{name: "arxiv delay overflows", args: []string{"--arxiv-delay", "9999999999h", "ask", "q"}, code: 2, want: "--arxiv-delay"},
		{name: "seed unknown", args: []string{"--seed", "all", "stats"}, code: 2, want: "--seed"},
		{name: "LLM timeout not a duration", args: []string{"ask", "q"}, env: map[string]string{"GTRAG_LLM_TIMEOUT": "forever"}, code: 2, want: `GTRAG_LLM_TIMEOUT "forever"`},
		{name: "LLM timeout zero", args: []string{"ingest", "--query", "a"}, env: map[string]string{"GTRAG_LLM_TIMEOUT": "0s"}, code: 2, want: "GTRAG_LLM_TIMEOUT"},
		{name: "LLM timeout absurd", args: []string{"eval", evalOK}, env: map[string]string{"GTRAG_LLM_TIMEOUT": "87600h"}, code: 2, want: "at most 10m"},
		{name: "LLM retries negative", args: []string{"ask", "q"}, env: map[string]string{"GTRAG_LLM_RETRIES": "-1"}, code: 2, want: "GTRAG_LLM_RETRIES"},
		{name: "LLM retries absurd", args: []string{"ask", "q"}, env: map[string]string{"GTRAG_LLM_RETRIES": "1000000"}, code: 2, want: "from 0 to 10"},
		{name: "LLM backoff negative", args: []string{"ask", "q"}, env: map[string]string{"GTRAG_LLM_BACKOFF": "-1s"}, code: 2, want: "GTRAG_LLM_BACKOFF"},
		{name: "data dir empty", args: []string{"--data-dir", "", "stats"}, code: 2, want: "--data-dir is empty"},
		{name: "data dir is a file", args: []string{"stats"}, dataDir: fileAsDataDir, code: 2, want: "is a file, not a directory"},
		{name: "data dir is a file for ask", args: []string{"ask", "q"}, dataDir: fileAsDataDir, code: 2, want: "is a file"},
		{name: "data dir under a file", args: []string{"search", "nash"}, dataDir: underAFile, code: 2, want: "is under a file, not a directory"},
		{name: "data dir under a file for ingest", args: []string{"ingest", "--file", papers, "--no-filter"}, dataDir: underAFile, code: 2, want: "is under a file, not a directory"},
		{name: "data dir unreadable", args: []string{"stats"}, dataDir: unreadable, code: 1, want: "permission denied"},

		// ask
		// With no argument ask reads standard input (here empty, not a terminal).
		{name: "ask without a question", args: []string{"ask"}, code: 2, want: "ask needs a question"},
		{name: "ask empty question", args: []string{"ask", ""}, code: 2, want: "the question is empty"},
		{name: "ask white space question", args: []string{"ask", " \t\n ", "\r"}, code: 2, want: "the question is empty"},
		{name: "ask 100 KB question", args: []string{"ask", big}, code: 2, want: "the limit is 4096"},
		{name: "ask invalid UTF-8", args: []string{"ask", "nash \xff\xfe equilibrium"}, code: 2, want: "not valid UTF-8"},
		{name: "ask bell", args: []string{"ask", "what\x07is"}, code: 2, want: "control character (U+0007)"},
		{name: "ask escape sequence", args: []string{"ask", "\x1b[31mred\x1b[0m nash"}, code: 2, want: "control character (U+001B)"},
		{name: "ask NUL", args: []string{"ask", "nash\x00equilibrium"}, code: 2, want: "control character (U+0000)"},
		{name: "ask C1 control", args: []string{"ask", "nash\u0085equilibrium\u009b"}, code: 2, want: "control character (U+0085)"},
		{name: "ask unknown flag", args: []string{"ask", "--frobnicate", "q"}, code: 2, want: "gtrag ask has no flag --frobnicate"},
		{name: "ask k zero", args: []string{"ask", "-k", "0", "q"}, code: 2, want: "-k 0: want 1 to 100"},
		{name: "ask k negative", args: []string{"ask", "-k", "-1", "q"}, code: 2, want: "-k -1"},
		{name: "ask k huge", args: []string{"ask", "-k", "99999999", "q"}, code: 2, want: "want 1 to 100"},
		{name: "ask k overflows", args: []string{"ask", "-k", "99999999999999999999", "q"}, code: 2, want: `-k "99999999999999999999" is out of range for a whole number`},
		{name: "ask k not a number", args: []string{"ask", "-k", "three", "q"}, code: 2, want: `-k must be a whole number, got "three"`},
		{name: "ask max results zero", args: []string{"ask", "--max-results", "0", "q"}, code: 2, want: "--max-results 0"},
		{name: "ask max results negative", args: []string{"ask", "--max-results", "-1", "q"}, code: 2, want: "--max-results -1"},
		{name: "ask max results huge", args: []string{"ask", "--max-results", "9223372036854775807", "q"}, code: 2, want: "want 1 to 50"},
		{name: "ask max steps zero", args: []string{"ask", "--max-steps", "0", "q"}, code: 2, want: "--max-steps 0"},
		{name: "ask max steps negative", args: []string{"ask", "--max-steps", "-9223372036854775808", "q"}, code: 2, want: "--max-steps"},
		{name: "ask max steps 100 KB", args: []string{"ask", "--max-steps", bigWord, "q"}, code: 2, want: "--max-steps must be a whole number"},
		{name: "ask trace out to a directory", args: []string{"ask", "--trace-out", files, "q"}, code: 2, want: "--trace-out"},
		{name: "ask trace out empty", args: []string{"ask", "--trace-out", "", "q"}, code: 2, want: "--trace-out is empty: give the FILE to write"},
		{name: "ask trace out to standard output", args: []string{"ask", "--trace-out", "-", "q"}, code: 2, want: "--trace-out -: standard output carries the answer"},
		{name: "ask trace out under a file", args: []string{"ask", "--trace-out", filepath.Join(aFile, "run.jsonl"), "q"}, code: 2, want: "--trace-out"},

		// search
		{name: "search without a query", args: []string{"search"}, code: 2, want: "gtrag search needs an argument (usage: gtrag search QUERY)"},
		{name: "search empty query", args: []string{"search", ""}, code: 2, want: "the query is empty"},
		{name: "search white space query", args: []string{"search", "\t \n"}, code: 2, want: "the query is empty"},
		{name: "search 100 KB query", args: []string{"search", big}, code: 2, want: "the limit is 4096"},
		{name: "search invalid UTF-8", args: []string{"search", "\xc3\x28"}, code: 2, want: "not valid UTF-8"},
		{name: "search control character", args: []string{"search", "nash\x08"}, code: 2, want: "control character"},
		{name: "search k zero", args: []string{"search", "-k", "0", "nash"}, code: 2, want: "-k 0: want 1 to 1000"},
		{name: "search k negative", args: []string{"search", "-k", "-3", "nash"}, code: 2, want: "-k -3"},
		{name: "search k huge", args: []string{"search", "-k", "1000000000", "nash"}, code: 2, want: "want 1 to 1000"},
		{name: "search k overflows", args: []string{"search", "-k", "-99999999999999999999", "nash"}, code: 2, want: "-k \"-99999999999999999999\" is out of range"},

		// stats
		{name: "stats with an argument", args: []string{"stats", "extra"}, code: 2, want: `gtrag stats takes no arguments, got "extra" (usage: gtrag stats)`},
		{name: "stats json not a bool", args: []string{"stats", "--json=maybe"}, code: 2, want: `--json must be true or false, got "maybe"`},

		// ingest
		{name: "ingest without a source", args: []string{"ingest"}, code: 2, want: "needs a source"},
		{name: "ingest white space query", args: []string{"ingest", "--query", " \t "}, code: 2, want: "--query is empty"},
		{name: "ingest 100 KB query", args: []string{"ingest", "--query", big}, code: 2, want: "the limit is 4096"},
		{name: "ingest query invalid UTF-8", args: []string{"ingest", "--query", "ti:\xff"}, code: 2, want: "not valid UTF-8"},
		{name: "ingest query control character", args: []string{"ingest", "--query", "ti:a\x1bb"}, code: 2, want: "control character"},
		{name: "ingest max zero", args: []string{"ingest", "--query", "a", "--max", "0"}, code: 2, want: "--max 0"},
		{name: "ingest max negative", args: []string{"ingest", "--query", "a", "--max", "-5"}, code: 2, want: "--max -5"},
		{name: "ingest max huge", args: []string{"ingest", "--query", "a", "--max", "2147483648"}, code: 2, want: "want 1 to 30000"},
		{name: "ingest max overflows", args: []string{"ingest", "--query", "a", "--max", "99999999999999999999"}, code: 2, want: "--max \"99999999999999999999\" is out of range"},
		{name: "ingest page size zero", args: []string{"ingest", "--query", "a", "--page-size", "0"}, code: 2, want: "--page-size 0"},
		{name: "ingest page size negative", args: []string{"ingest", "--query", "a", "--page-size", "-1"}, code: 2, want: "--page-size -1"},
		{name: "ingest page size huge", args: []string{"ingest", "--query", "a", "--page-size", "2001"}, code: 2, want: "want 1 to 2000"},
		{name: "ingest page size in exponent notation", args: []string{"ingest", "--query", "a", "--page-size", "1e400"}, code: 2, want: `--page-size must be a whole number, got "1e400"`},
		{name: "ingest ids not ids", args: []string{"ingest", "--ids", "2301.01234,banana"}, code: 2, want: "not an arXiv id"},
		{name: "ingest ids control character", args: []string{"ingest", "--ids", "2301.01234\x00"}, code: 2, want: "control character"},
		{name: "ingest missing file", args: []string{"ingest", "--file", missing}, code: 2, want: "no such file"},
		{name: "ingest garbage file", args: []string{"ingest", "--file", garbage}, code: 2, want: "--file"},

		// eval
		{name: "eval without a file", args: []string{"eval"}, code: 2, want: "gtrag eval needs an argument (usage: gtrag eval FILE)"},
		{name: "eval missing file", args: []string{"eval", missing}, code: 2, want: "no such file"},
		{name: "eval a directory", args: []string{"eval", files}, code: 2, want: "is a directory"},
		{name: "eval empty file", args: []string{"eval", empty}, code: 2, want: "has no questions"},
		{name: "eval not JSON", args: []string{"eval", evalNotJSON}, code: 2, want: evalNotJSON + ":1:"},
		{name: "eval binary file", args: []string{"eval", garbage}, code: 2, want: garbage + ":1:"},
		{name: "eval invalid UTF-8", args: []string{"eval", evalBadUTF8}, code: 2, want: "not valid UTF-8"},
		{name: "eval control character", args: []string{"eval", evalControl}, code: 2, want: "control character"},
		{name: "eval blank question", args: []string{"eval", evalBlank}, code: 2, want: "the question is empty"},
		{name: "eval 100 KB question", args: []string{"eval", evalHuge}, code: 2, want: "the limit is 4096"},
		{name: "eval k zero", args: []string{"eval", "-k", "0", evalOK}, code: 2, want: "-k 0"},
		{name: "eval k negative", args: []string{"eval", "-k", "-2", evalOK}, code: 2, want: "-k -2"},
		{name: "eval max steps huge", args: []string{"eval", "--max-steps", "4294967296", evalOK}, code: 2, want: "want 1 to 1000"},
		// A shell variable left unset: it asked every question, or
		// compared with nothing, without a word.
		{name: "eval empty split", args: []string{"eval", "--split", "", evalOK}, code: 2, want: "--split is empty"},
		{name: "eval white space baseline", args: []string{"eval", "--baseline", " ", evalOK}, code: 2, want: "--baseline is empty"},

		// trace and replay
		{name: "trace without a file", args: []string{"trace"}, code: 2, want: "gtrag trace needs an argument (usage: gtrag trace FILE)"},
		{name: "trace missing file", args: []string{"trace", missing}, code: 2, want: "no such file"},
		{name: "trace a directory", args: []string{"trace", files}, code: 2, want: "is a directory"},
		{name: "trace empty file", args: []string{"trace", empty}, code: 2, want: "not a gtrag trace"},
		{name: "trace binary file", args: []string{"trace", garbage}, code: 2, want: garbage + ":1:"},
		{name: "trace invalid UTF-8", args: []string{"trace", traceNotUTF8}, code: 2, want: traceNotUTF8 + ":1:"},
		{name: "trace 100 KB line", args: []string{"trace", traceHuge}, code: 2, want: traceHuge + ":1:"},
		{name: "trace unknown format", args: []string{"trace", "--format", "svg", garbage}, code: 2, want: "--format"},
		{name: "trace path with escape and bad UTF-8", args: []string{"trace", filepath.Join(files, "\x1b[2J\xff")}, code: 2, want: "no such file"},
		{name: "replay without a file", args: []string{"replay"}, code: 2, want: "gtrag replay needs an argument (usage: gtrag replay FILE)"},
		{name: "replay missing file", args: []string{"replay", missing}, code: 2, want: "no such file"},
		{name: "replay a directory", args: []string{"replay", files}, code: 2, want: "is a directory"},
		{name: "replay empty file", args: []string{"replay", empty}, code: 2, want: "not a gtrag trace"},
		{name: "replay binary file", args: []string{"replay", garbage}, code: 2, want: garbage + ":1:"},
		{name: "replay 100 KB line", args: []string{"replay", traceHuge}, code: 2, want: traceHuge + ":1:"},

		// graph
		{name: "graph unknown format", args: []string{"graph", "--format", bigWord}, code: 2, want: "--format"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check := func(t *testing.T, dataDir string) {
				t.Helper()
				rowEnv := maps.Clone(env)
				maps.Copy(rowEnv, tt.env)
				r := gtrag(t, rowEnv, append([]string{"--data-dir", dataDir}, tt.args...)...)
				require.Equal(t, tt.code, r.code, "stderr: %q", r.stderr)
				require.Empty(t, r.stdout)
				requireOneReadableLine(t, r.stderr)
				require.Contains(t, r.stderr, tt.want)
			}
			if tt.dataDir != nil {
				dir, lock := tt.dataDir(t)
				before := dirSnapshot(t, dir)
				if lock != nil {
					unlock := lock()
					check(t, dir)
					unlock()
				} else {
					check(t, dir)
				}
				require.Equal(t, before, dirSnapshot(t, dir), "the data dir changed")
			} else {
				check(t, store)
				if !tt.storeOnly {
					fresh := filepath.Join(t.TempDir(), "kb")
					check(t, fresh)
					require.NoFileExists(t, fresh, "a data dir was created")
					require.NoDirExists(t, fresh, "a data dir was created")
				}
			}
			require.Equal(t, want, dirSnapshot(t, store), "the store changed")
		})
	}
}

// requireOneReadableLine checks what users see of an error: one line that
// starts with "gtrag: ", is valid UTF-8 with no control characters (no
// escape sequence reaches the terminal), holds no Go stack trace or panic,
// and is short enough to read even when the input was 100 KB.
func requireOneReadableLine(t *testing.T, stderr string) {
	t.Helper()
	require.True(t, strings.HasSuffix(stderr, "\n"), "stderr ends a line: %q", stderr)
	line := strings.TrimSuffix(stderr, "\n")
	require.NotContains(t, line, "\n", "one line: %q", stderr)
	require.True(t, strings.HasPrefix(line, "gtrag: "), "%q", line)
	require.True(t, utf8.ValidString(line), "valid UTF-8: %q", line)
	require.False(t, strings.ContainsFunc(line, unicode.IsControl), "no control characters: %q", line)
	require.LessOrEqual(t, utf8.RuneCountInString(line), 1000, "short: %d runes", utf8.RuneCountInString(line))
	for _, s := range []string{"panic", "goroutine ", ".go:", "runtime."} {
		require.NotContains(t, line, s)
	}
}
