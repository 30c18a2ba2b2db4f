package chat

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/peterh/liner"

	"github.com/gtrag/gtrag/internal/lineio"
)

// Lines reads plain lines, for scripts: no prompt, no escape sequences, no
// history.
type Lines struct {
	r   *lineio.Reader
	max int
	ctx context.Context
}

// NewLines reads lines from r, each at most max bytes. A longer line is
// read to its end, without being held whole, and refused with a
// *LongLineError; the lines after it are read as usual. ReadLine returns
// ctx's error as soon as ctx ends, as Terminal's does.
func NewLines(ctx context.Context, r io.Reader, max int) *Lines {
	return &Lines{r: lineio.New(bufio.NewReader(r), max), max: max, ctx: ctx}
}

// LongLineError is a line longer than Lines accepts: Bytes long, without
// its newline.
type LongLineError struct{ Bytes, Max int }

func (e *LongLineError) Error() string {
	return fmt.Sprintf("the line is %d bytes; the limit is %d", e.Bytes, e.Max)
}

// ReadLine implements LineReader; the prompt is not shown. A line ends
// at "\n" or at the end of the input; a "\r" before either is dropped.
//
// The input is read in a goroutine, and when the Lines' context ends first
// (Ctrl-C or SIGTERM while a script's input, a pipe that stays open, has
// no next line yet) ReadLine returns at once, leaving that read to end
// with the process; no read starts after. Waiting for the line instead
// left a chat fed by a program deaf to both signals until its next line,
// and one whose input then ended exited 0.
func (l *Lines) ReadLine(string) (string, error) {
	if err := l.ctx.Err(); err != nil {
		return "", err
	}
	type read struct {
		line []byte
		n    int
		err  error
	}
	done := make(chan read, 1)
	go func() {
		line, n, err := l.r.ReadLine()
		done <- read{bytes.Clone(line), n, err} // line is the reader's until its next call
	}()
	var r read
	select {
	case r = <-done:
	case <-l.ctx.Done():
		return "", l.ctx.Err()
	}
	line, n, err := r.line, r.n, r.err
	switch {
	case err == io.EOF && n == 0:
		return "", io.EOF
	case err != nil && err != io.EOF:
		return "", err
	}
	if err == io.EOF && len(line) == n && line[n-1] == '\r' {
		line, n = line[:n-1], n-1 // a "\r" at the end of the input, as before a newline
	}
	if n > l.max {
		return "", &LongLineError{Bytes: n, Max: l.max}
	}
	return string(line), nil
}

// HistoryLimit is how many lines the history file keeps.
const HistoryLimit = 1000

// Terminal reads lines from the terminal with line editing (arrows, Ctrl-A,
// Ctrl-E, Ctrl-R search, word and line kills) and a history that persists
// in a file, through github.com/peterh/liner.
//
// liner was chosen for what a chat needs. It reads standard input only
// while a prompt is shown (its reader goroutine ends at the newline), so
// Ctrl-C during a question reaches the process as a signal the session can
// catch; chzyer/readline, unmaintained since 2022, keeps reading the
// terminal between prompts. It is small, pure Go, with two dependencies,
// where reeflective/readline brings a vim mode, inputrc parsing and a
// completion engine gtrag does not use. ergochat/readline, the maintained
// chzyer fork, could not be fetched through the Go module proxy here.
//
// Each question or command is appended to the history file as it is
// entered (Remember, which the Session calls), so a crash loses none; a
// line read for anything else, an answer at the --step prompt, is not
// kept. The file is trimmed to HistoryLimit lines when the Terminal opens.
// The history is a convenience: a file that cannot be read or written (a
// directory in its place, a full disk, a data directory that does not
// exist yet and cannot be made) is said once through note, and the session
// goes on with the lines of this session only.
type Terminal struct {
	st   *liner.State
	hist *historyFile
	ctx  context.Context
	// swap shows the editor on another terminal than standard output
	// (NewTerminalShownOn); nil when standard output is the terminal.
	swap *stdoutSwap
	// pipe ends the process when standard output breaks (with swap only).
	pipe *pipeWatch
}

// NewTerminal puts the terminal in line-editing mode and loads the history
// kept at path (created if missing, with its directory). Problems with the
// history file are reported through note, which may be nil; they do not
// stop the chat. ReadLine returns ctx's error as soon as ctx ends. Close
// restores the terminal.
func NewTerminal(ctx context.Context, path string, note func(string)) *Terminal {
	lines, hist := openHistory(path, note)
	return &Terminal{st: newLiner(lines), hist: hist, ctx: ctx}
}

// NewTerminalShownOn is NewTerminal for a chat whose standard input is the
// terminal and whose standard output is not (`gtrag chat > answers.txt`
// typed at one): the prompt and the line being edited are shown on
// display, a terminal (standard error, or /dev/tty), and what the session
// writes to standard output still goes there, untouched by the editor. It
// fails, changing nothing, when display is no terminal or the system cannot
// move the editor (stdoutSwap); the caller then reads plain lines.
func NewTerminalShownOn(ctx context.Context, path string, note func(string), display *os.File) (*Terminal, error) {
	swap, err := newStdoutSwap(display)
	if err != nil {
		return nil, err
	}
	if err := swap.show(); err != nil {
		swap.close()
		return nil, err
	}
	lines, hist := openHistory(path, note)
	st := newLiner(lines) // it reads the terminal's modes and width from descriptor 1
	swap.hide()
	t := &Terminal{st: st, hist: hist, ctx: ctx, swap: swap}
	t.pipe = watchBrokenPipe(func() { _ = st.Close() })
	return t, nil
}

func newLiner(history []string) *liner.State {
	st := liner.NewLiner()
	st.SetCtrlCAborts(true)
	for _, l := range history {
		st.AppendHistory(l)
	}
	return st
}

// ReadLine implements LineReader. The line editor reads the terminal
// until Enter and cannot be told to stop; so it reads in a goroutine, and
// when the Terminal's context ends first (SIGTERM while the prompt waits)
// ReadLine returns at once, leaving that read to end with the process.
// Waiting for Enter instead once left a chat killed with SIGTERM at its
// prompt running, holding the terminal, until someone pressed Enter.
func (t *Terminal) ReadLine(prompt string) (string, error) {
	type read struct {
		line string
		err  error
	}
	if t.swap != nil {
		if t.swap.outputGone() {
			t.pipe.exit() // see pipeWatch: no prompt may start now
		}
		if err := t.swap.show(); err != nil {
			return "", err
		}
	}
	done := make(chan read, 1)
	go func() {
		line, err := t.st.Prompt(prompt)
		if t.swap != nil {
			t.swap.hide() // before anything is written for the line
		}
		done <- read{line, err}
	}()
	var line string
	var err error
	select {
	case r := <-done:
		line, err = r.line, r.err
	case <-t.ctx.Done():
		return "", t.ctx.Err()
	}
	switch {
	case errors.Is(err, liner.ErrPromptAborted):
		return "", ErrInterrupt
	case err != nil:
		return "", err
	}
	return line, nil
}

// Remember implements Historian: line is recalled with ↑ and Ctrl-R, and
// appended to the history file.
func (t *Terminal) Remember(line string) {
	if s := strings.TrimSpace(line); s != "" {
		t.st.AppendHistory(s)
		t.hist.add(s)
	}
}

// Close restores the terminal and standard output, and closes the history
// file.
func (t *Terminal) Close() error {
	if t.pipe != nil {
		t.pipe.stop()
	}
	err := errors.Join(t.st.Close(), t.hist.close())
	if t.swap != nil {
		err = errors.Join(err, t.swap.close())
	}
	return err
}

// historyFile is the chat history on disk: lines are appended as they are
// entered. After a failure it is said once and nothing more is written.
type historyFile struct {
	file *os.File // nil when the history is not saved
	note func(string)
}

// openHistory reads the history kept at path, trimmed to HistoryLimit
// lines, and opens it for appending. What goes wrong is said through
// note; the lines read so far are still returned.
func openHistory(path string, note func(string)) ([]string, *historyFile) {
	h := &historyFile{note: note}
	lines, err := readHistory(path)
	if err != nil {
		h.say(err, notSaved)
		return nil, h
	}
	if len(lines) > HistoryLimit {
		lines = lines[len(lines)-HistoryLimit:]
		if err := writeHistory(path, lines); err != nil {
			h.say(err, notSaved)
			return lines, h
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		h.say(fmt.Errorf("open the chat history: %w", err), notSaved)
		return lines, h
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		h.say(fmt.Errorf("open the chat history: %w", err), notSaved)
		return lines, h
	}
	h.file = f
	return lines, h
}

// add appends line to the file; the first failure is said and ends the
// saving.
func (h *historyFile) add(line string) {
	if h.file == nil {
		return
	}
	if _, err := h.file.WriteString(line + "\n"); err != nil {
		h.file.Close()
		h.file = nil
		h.say(fmt.Errorf("save the chat history: %w", err), "the chat goes on, and its next lines are not saved")
	}
}

func (h *historyFile) close() error {
	if h.file == nil {
		return nil
	}
	err := h.file.Close()
	h.file = nil
	return err
}

const notSaved = "the chat goes on, and this session's lines are not saved"

// say reports a history problem: what failed, and what that means.
func (h *historyFile) say(err error, means string) {
	if h.note != nil {
		h.note(err.Error() + "; " + means)
	}
}

func readHistory(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the chat history: %w", err)
	}
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return lines, nil
}

// writeHistory replaces the history file whole (temp file and rename).
func writeHistory(path string, lines []string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".chat_history-*")
	if err != nil {
		return fmt.Errorf("trim the chat history: %w", err)
	}
	_, werr := tmp.WriteString(strings.Join(lines, "\n") + "\n")
	if err := errors.Join(werr, tmp.Close()); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("trim the chat history: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("trim the chat history: %w", err)
	}
	return nil
}
