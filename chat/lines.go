package chat

import (
	"bufio"
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
}

// NewLines reads lines from r, each at most max bytes. A longer line is
// read to its end, without being held whole, and refused with a
// *LongLineError; the lines after it are read as usual.
func NewLines(r io.Reader, max int) *Lines {
	return &Lines{r: lineio.New(bufio.NewReader(r), max), max: max}
}

// LongLineError is a line longer than Lines accepts: Bytes long, without
// its newline.
type LongLineError struct{ Bytes, Max int }

func (e *LongLineError) Error() string {
	return fmt.Sprintf("the line is %d bytes; the limit is %d", e.Bytes, e.Max)
}

// ReadLine implements LineReader; the prompt is not shown. A line ends
// at "\n" or at the end of the input; a "\r" before either is dropped.
func (l *Lines) ReadLine(string) (string, error) {
	line, n, err := l.r.ReadLine()
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
// Each line is appended to the history file as it is entered, so a crash
// loses none; the file is trimmed to HistoryLimit lines when the Terminal
// opens.
type Terminal struct {
	st   *liner.State
	path string
	file *os.File
}

// NewTerminal puts the terminal in line-editing mode and loads the history
// kept at path (created if missing). Close restores the terminal.
func NewTerminal(path string) (*Terminal, error) {
	lines, err := readHistory(path)
	if err != nil {
		return nil, err
	}
	if len(lines) > HistoryLimit {
		lines = lines[len(lines)-HistoryLimit:]
		if err := writeHistory(path, lines); err != nil {
			return nil, err
		}
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open the chat history: %w", err)
	}
	st := liner.NewLiner()
	st.SetCtrlCAborts(true)
	for _, l := range lines {
		st.AppendHistory(l)
	}
	return &Terminal{st: st, path: path, file: f}, nil
}

// ReadLine implements LineReader.
func (t *Terminal) ReadLine(prompt string) (string, error) {
	line, err := t.st.Prompt(prompt)
	switch {
	case errors.Is(err, liner.ErrPromptAborted):
		return "", ErrInterrupt
	case err != nil:
		return "", err
	}
	if s := strings.TrimSpace(line); s != "" {
		t.st.AppendHistory(s)
		if _, err := t.file.WriteString(s + "\n"); err != nil {
			return line, fmt.Errorf("save the chat history: %w", err)
		}
	}
	return line, nil
}

// Close restores the terminal and closes the history file.
func (t *Terminal) Close() error {
	return errors.Join(t.st.Close(), t.file.Close())
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
