// Package chat is gtrag's conversation: `gtrag chat` and `gtrag ask -i`.
//
// A Session reads lines from a LineReader — a terminal with line editing
// and persistent history (Terminal), or plain lines from a script (Lines) —
// and treats each as a slash command (/sources, /open N, /trace on|off,
// /stats, /help, /quit) or a question. A follow-up is first rewritten into
// a standalone question by a Rewriter (Offline carries the previous turn's
// focal concept; LLM asks the model to condense the conversation), and the
// rewritten question is shown before it runs, so that the user can see what
// is being asked. A line that only asks for more ("tell me more",
// MoreRequest) is no follow-up to rewrite: it asks the last
// question again with the sentences already given (Query.Told), which the
// run leaves out of the store's passages (nodes.GraphState.Told).
//
// The Session does not answer questions itself: its Ask hook does, with the
// same service as `gtrag ask`, so a chat answer is an ask answer. The
// command layer fills the hook with its live status, its trace narration
// and its stepping (chat --step, as ask --step): whatever wraps one ask
// wraps one chat turn.
//
// Ctrl-C while a question runs cancels that question only (the Interrupts
// channel); at the prompt it clears the line; Ctrl-D, /quit, or "quit" or
// "exit" alone ends the session. Lines reads a script's input under the
// session's context, as Terminal does, so Ctrl-C or SIGTERM while a pipe
// that stays open has no next line ends the session at once. On a terminal (Session.Width) every line
// the session writes is wrapped at spaces; elsewhere none is.
package chat
