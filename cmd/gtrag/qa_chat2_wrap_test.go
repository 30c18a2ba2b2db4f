package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
)

// startPTYCols is startPTY on a terminal cols columns wide.
func startPTYCols(t *testing.T, env map[string]string, cols uint16, args ...string) *ptySession {
	t.Helper()
	return startPTYWith(t, env, ptyOptions{cols: cols}, args...)
}

var csi = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]`)

// shownLines are the lines a terminal shows for what it was sent, as far
// as a test can tell without emulating one: "\r\n" is a line end, text
// before a lone "\r" was drawn over (the status line), escape sequences
// are dropped. The line editor's own lines (the prompt and what was typed
// at it, redrawn as it scrolls) are left out: they are liner's.
func shownLines(screen string) []string {
	var lines []string
	for line := range strings.SplitSeq(screen, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if i := strings.LastIndex(line, "\r"); i >= 0 {
			line = line[i+1:]
		}
		line = csi.ReplaceAllString(line, "")
		if strings.Contains(line, "gtrag> ") {
			continue
		}
		lines = append(lines, line)
	}
	return lines
}

// requireNoLineCut checks that no line the terminal shows is wider than
// width columns, but for a line of one word (a URL): the terminal would
// cut it inside a word.
func requireNoLineCut(t *testing.T, screen string, width int) {
	t.Helper()
	for _, line := range shownLines(screen) {
		if len(strings.Fields(line)) > 1 {
			require.LessOrEqual(t, runewidth.StringWidth(line), width, "%q is cut by the terminal; it showed:\n%s", line, screen)
		}
	}
}

// On a 40-column terminal every line chat writes breaks at a space, a
// source under its title with its URL whole: the welcome, /help, /stats,
// /sources and the Sources of an answer were cut mid-word by the
// terminal ("the l" / "ast answer", "a" / "rXiv:1805.67322v2").
func TestChatOnANarrowTerminalBreaksNoWord(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none" // the answer's sources are arXiv's, with URLs
	p := startPTYCols(t, env, 40, "chat")
	p.waitFor("gtrag> ", 1)
	for i, line := range []string{"/sources", "/open 1", "/help", "/stats"} {
		p.send(line + "\r")
		p.waitFor("gtrag> ", i+2)
	}
	p.send("How do bidders shade bids in first-price sealed-bid auctions?\r")
	p.waitFor("Sources:", 1)
	p.waitFor("gtrag> ", 6)
	p.send("/sources\r")
	p.waitFor("gtrag> ", 7)
	p.send("\x04")
	require.Equal(t, 0, p.exit(), p.screen())

	screen := strings.ReplaceAll(p.screen(), "\r\n", "\n")
	requireNoLineCut(t, p.screen(), 39)
	require.Contains(t, screen, "gtrag chat: ask about game theory.\n/help for commands, Ctrl-D to leave.\n")
	require.Equal(t, 2, strings.Count(screen, "no answer yet: ask a question first\n"), "/sources and /open say it alike")
	require.Contains(t, screen, "  /sources     the sources of the last\n               answer\n")
	require.Contains(t, screen, "this session: 0 questions answered, 0\n  arXiv requests, 0 papers added\n")
	source := "  [1] Equilibrium bidding in\n      first-price sealed-bid auctions —\n      arXiv:2301.01234v2\n      http://arxiv.org/abs/2301.01234v2\n"
	require.Equal(t, 2, strings.Count(screen, source), "in the answer and at /sources")
}

// ask on an 80-column terminal: the answer, each source and the footer
// break at spaces, a source continuing under its title.
func TestAskOnATerminalBreaksNoWord(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none" // the answer's sources are arXiv's, with URLs
	for _, cols := range []uint16{80, 40} {
		p := startPTYCols(t, env, cols, "ask", "How do bidders shade bids in first-price sealed-bid auctions?")
		require.Equal(t, 0, p.exit(), p.screen())
		requireNoLineCut(t, p.screen(), int(cols)-1)
		require.Contains(t, p.screen(), "http://arxiv.org/abs/2301.01234v2", "the URL is whole")
	}
}

// widthBuffer is standard output on a terminal of a given width, as
// terminalOut is.
type widthBuffer struct {
	bytes.Buffer
	width int
}

func (w *widthBuffer) Width() int { return w.width }

// printAnswer wraps the Sources on a terminal as it wraps the answer and
// the footer; off a terminal each source is one line, as before.
func TestPrintAnswerWrapsTheSourcesOnATerminal(t *testing.T) {
	r := service.Result{Answer: "Servers filter bid requests [1].", LLM: "offline", Embedder: "offline", Sources: []nodes.Source{
		{PaperID: "1805.67322v2", Title: "A low-latency auction server for serving auctions under latency limits", URL: "http://arxiv.org/abs/1805.67322v2"},
		{PaperID: "1708.69314v1", Title: "A low-latency auction server for budget pacing services: beyond a global ad exchange", URL: "http://arxiv.org/abs/1708.69314v1"},
		{PaperID: "primer:nash-equilibrium", Title: "Nash equilibrium"},
	}}
	var plain bytes.Buffer
	printAnswer(&plain, r)
	require.Equal(t, "Servers filter bid requests [1].\n\nSources:\n"+
		"  [1] A low-latency auction server for serving auctions under latency limits — arXiv:1805.67322v2 http://arxiv.org/abs/1805.67322v2\n"+
		"  [2] A low-latency auction server for budget pacing services: beyond a global ad exchange — arXiv:1708.69314v1 http://arxiv.org/abs/1708.69314v1\n"+
		"  [3] Nash equilibrium — primer:nash-equilibrium\n\n"+
		"(Answered offline without an LLM, from sentences of the sources; passages found with the offline embedder; arXiv not searched.)\n",
		plain.String(), "off a terminal: byte for byte as before")

	term := &widthBuffer{width: 79}
	printAnswer(term, r)
	require.Contains(t, term.String(), "\nSources:\n"+
		"  [1] A low-latency auction server for serving auctions under latency limits —\n"+
		"      arXiv:1805.67322v2 http://arxiv.org/abs/1805.67322v2\n"+
		"  [2] A low-latency auction server for budget pacing services: beyond a global\n"+
		"      ad exchange — arXiv:1708.69314v1 http://arxiv.org/abs/1708.69314v1\n"+
		"  [3] Nash equilibrium — primer:nash-equilibrium\n\n")
}

// The narration of --trace (and chat's /trace on) is wrapped on a
// terminal as every other line is, a labelled line going on under its
// text: lines of 105 to 352 columns were cut by the terminal inside words
// and arXiv ids.
func TestAskTraceOnANarrowTerminalBreaksNoWord(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	p := startPTYCols(t, env, 60, "ask", "--trace", "How do bidders shade bids in first-price sealed-bid auctions?")
	require.Equal(t, 0, p.exit(), p.screen())
	screen := p.screen()
	require.Contains(t, screen, "ENVIRONMENT UPDATE")
	requireNoLineCut(t, screen, 60)
	// A labelled line goes on under its text, past the label column.
	require.Regexp(t, `(?m)^  PERCEPT {13}\S.*\r?\n {22}\S`, screen)
}
