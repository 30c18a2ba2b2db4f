// Package iostreams is gtrag's output boundary, after the GitHub CLI's
// IOStreams: every line a user sees — answers, JSON, `note:` lines, errors,
// progress, help — is written through one IOStreams, and only there is text
// made safe for a terminal.
//
// Libraries (nodes, reasoner, arxiv, trace) keep messages whole: an error
// quotes what a server said, even a multi-line body with escape sequences.
// The boundary then
//
//   - removes terminal escape sequences (CSI, OSC, DCS…, in their 7-bit and
//     8-bit forms) and every other control character but newline and tab, so
//     an arXiv 503 page or an LLM reply holding "\x1b[2J" cannot clear the
//     screen or retitle the window;
//   - replaces invalid UTF-8 with U+FFFD;
//   - replaces known secret values (the API keys of the provider table, as
//     set in the environment) with [REDACTED], so that an LLM that echoes its
//     key does not print it;
//   - folds messages to one bounded line where one line is the contract
//     (Line: errors and notes), which on a terminal is then wrapped at
//     spaces to its width (Wrap, WrapHanging), never inside a word or a
//     URL; off a terminal nothing is wrapped, so scripts read one line;
//   - checks writes: the first failed write to standard output (a full disk,
//     a closed pipe) is kept, later writes are not attempted, and Err reports
//     it so the command exits 1 instead of 0 with its output lost.
//
// Secrets are matched within one Write; the command layer writes an answer,
// a JSON document or a line in one call, so a secret is never split.
package iostreams
