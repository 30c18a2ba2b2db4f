package chat

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
)

// A history file that cannot be read is said once and the chat goes on
// without it: a directory in its place once ended every chat on a
// terminal before its first prompt.
func TestHistoryThatCannotBeReadIsANotice(t *testing.T) {
	path := filepath.Join(t.TempDir(), "chat_history")
	require.NoError(t, os.Mkdir(path, 0o755))
	var notes []string
	lines, h := openHistory(path, func(n string) { notes = append(notes, n) })
	require.Empty(t, lines)
	require.Len(t, notes, 1)
	require.Contains(t, notes[0], "read the chat history")
	require.Contains(t, notes[0], "the chat goes on")
	h.add("What is a core?") // nothing to write to, nothing more said
	require.Len(t, notes, 1)
	require.NoError(t, h.close())
}

// A data directory that does not exist yet (a Weaviate store keeps
// nothing in it) is made for the history, not refused.
func TestHistoryMakesItsDirectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "chat_history")
	var notes []string
	lines, h := openHistory(path, func(n string) { notes = append(notes, n) })
	require.Empty(t, lines)
	h.add("What is a core?")
	require.NoError(t, h.close())
	require.Empty(t, notes)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, "What is a core?\n", string(b))

	lines, h = openHistory(path, nil)
	require.Equal(t, []string{"What is a core?"}, lines)
	require.NoError(t, h.close())
}

// A line that cannot be saved (a full disk) is said once; the session's
// next lines are neither saved nor said again, and reading goes on: a
// failed write once ended the chat.
func TestHistoryWriteFailureIsSaidOnce(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "chat_history"))
	require.NoError(t, err)
	require.NoError(t, f.Close()) // every write now fails
	var notes []string
	h := &historyFile{file: f, note: func(n string) { notes = append(notes, n) }}
	h.add("What is a core?")
	h.add("What is a Nash equilibrium?")
	require.Len(t, notes, 1)
	require.True(t, strings.HasPrefix(notes[0], "save the chat history: "), notes[0])
	require.Contains(t, notes[0], "its next lines are not saved")
	require.NoError(t, h.close())
}

// Slash commands are read whatever their case: a keyboard that
// capitalises the first letter typed "/Quit", which was once an unknown
// command, and the session went on.
func TestSlashCommandsIgnoreCase(t *testing.T) {
	var r recorder
	lines := script{"What is the prisoner's dilemma?", "/Sources", "/OPEN 1", "/Stats", "/Quit", "never read"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	require.Empty(t, r.errs)
	require.Equal(t, script{"never read"}, lines, "/Quit ends the session")
	require.Equal(t, []string{"http://arxiv.org/abs/2301.00001v1"}, r.opened)
	require.Contains(t, r.out.String(), "  [1] A paper — arXiv:2301.00001v1")
	require.Contains(t, r.out.String(), "this session: 1 question answered")
}

// A turn answered as off-topic has no topic to carry: "thanks", or a
// question about something else, between a question and its follow-up
// once made "Does it always exist?" into "Does thanks always exist?".
func TestFollowUpCarriesTheLastOnTopicQuestion(t *testing.T) {
	offTopic := func(q string) Turn {
		return Turn{Input: q, Question: q, Result: service.Result{Outcome: nodes.OutcomeOffTopic}}
	}
	ne := Turn{Input: "What is a Nash equilibrium?", Question: "What is a Nash equilibrium?", Result: service.Result{Outcome: nodes.OutcomeAnswered}}
	for _, between := range []string{"thanks", "What is the best recipe for banana bread?"} {
		t.Run(between, func(t *testing.T) {
			r, err := Offline{}.Rewrite(context.Background(), []Turn{ne, offTopic(between)}, "Does it always exist?")
			require.NoError(t, err)
			require.Equal(t, "Does Nash equilibrium always exist?", r.Question)
		})
	}
	// Nothing on topic to carry: the line is asked as typed.
	r, err := Offline{}.Rewrite(context.Background(), []Turn{offTopic("thanks")}, "Does it always exist?")
	require.NoError(t, err)
	require.Equal(t, "Does it always exist?", r.Question)
}

// Thanks, greetings and acknowledgements are not asked: "thanks" once ran
// the workflow, searched arXiv for "thanks" and was answered as
// off-topic. A follow-up after one still carries the topic before it.
func TestPleasantriesAreNotAsked(t *testing.T) {
	var r recorder
	lines := script{"What is a Nash equilibrium?", "Thanks!", "ok, got it", "Does it always exist?", "/stats"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	require.Equal(t, []string{"What is a Nash equilibrium?", "Does Nash equilibrium always exist?"}, r.asked)
	require.Equal(t, 2, strings.Count(r.out.String(), NotAQuestion+"\n"))
	require.Contains(t, r.out.String(), "this session: 2 questions answered")

	for line, want := range map[string]bool{
		"thanks": true, "Thank you very much!": true, "ok": true, "OK, I see.": true, "got it": true,
		"hello": true, "cool, thanks": true, "makes sense": true, "no": true,
		"so?": false, "it?": false, "Is that so?": false, "why not?": false, "no, why?": false,
		"ok, and in auctions?": false, "Is it good?": false, "good equilibria?": false, "": false,
		"thanks, what is a core?": false,
	} {
		require.Equal(t, want, Pleasantry(line), "%q", line)
	}
}

// An LLM's rewrite that only capitalises and punctuates the line is the
// line: it once showed "→ What is a core?" under "what is a core" and
// marked the turn a follow-up, whose topic later follow-ups skip.
func TestCosmeticRewriteIsNotAFollowUp(t *testing.T) {
	var r recorder
	s := r.session()
	s.Rewriter = LLM{Condenser: &fakeCondenser{reply: "What is a core?"}}
	lines := script{"What is a Nash equilibrium?", "what is a core"}
	require.NoError(t, s.Run(context.Background(), &lines))
	require.Equal(t, []string{"What is a Nash equilibrium?", "What is a core?"}, r.asked)
	require.NotContains(t, r.out.String(), "→")
	require.False(t, s.History()[1].Rewritten)
}
