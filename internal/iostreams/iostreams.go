package iostreams

import (
	"io"
	"os"
	"sync"

	"golang.org/x/term"
)

// IOStreams are the standard streams of one command run.
type IOStreams struct {
	// In is standard input, unchanged.
	In io.Reader
	// Out is standard output: sanitized, redacted and checked (see Err).
	Out io.Writer
	// ErrOut is standard error: sanitized and redacted.
	ErrOut io.Writer

	out       *Writer
	rawErr    io.Writer
	stdinTTY  bool
	stdoutTTY bool
	stderrTTY bool
	// errWidth is standard error's terminal width, read when asked so that
	// a resized window counts; nil when standard error is no terminal.
	errWidth func() int
}

// New wraps the streams. secrets are values never to print (the command
// passes provider.Secrets, the API keys set in the environment);
// values shorter than 6 bytes are ignored, since replacing every "ab" would
// only wreck the output.
func New(in io.Reader, out, errOut io.Writer, secrets []string) *IOStreams {
	s := &IOStreams{
		In: in, rawErr: errOut,
		stdinTTY:  isTerminal(in),
		stdoutTTY: isTerminal(out), stderrTTY: isTerminal(errOut),
	}
	if f, ok := errOut.(*os.File); ok && s.stderrTTY {
		s.errWidth = func() int { return TerminalWidth(f) }
	}
	s.out = NewWriter(out, secrets)
	s.Out = s.out
	s.ErrOut = NewWriter(errOut, secrets)
	return s
}

// Err is the first error writing standard output, or nil: a command whose
// output was lost must not exit 0.
func (s *IOStreams) Err() error { return s.out.Err() }

// IsStdinTTY reports whether standard input is a terminal: a person is
// typing, not a script piping.
func (s *IOStreams) IsStdinTTY() bool { return s.stdinTTY }

// IsStdoutTTY reports whether standard output is a terminal.
func (s *IOStreams) IsStdoutTTY() bool { return s.stdoutTTY }

// IsStderrTTY reports whether standard error is a terminal: live status and
// progress bars are drawn only there.
func (s *IOStreams) IsStderrTTY() bool { return s.stderrTTY }

// ProgressOut is standard error for a progress display that redraws its
// line with carriage returns and erase sequences, which ErrOut would remove.
// It is nil unless standard error is a terminal. Write only the display's
// own text to it: anything quoted from outside goes through ErrOut.
func (s *IOStreams) ProgressOut() io.Writer {
	if !s.stderrTTY {
		return nil
	}
	return s.rawErr
}

// ErrWidth is the width to wrap lines written to standard error at: its
// terminal's (see TerminalWidth), or 0 (no wrapping) when it is not a
// terminal.
func (s *IOStreams) ErrWidth() int {
	if s.errWidth == nil {
		return 0
	}
	return s.errWidth()
}

// Note writes a `note:` line to standard error: something the user should
// know that is not the answer. On a terminal it is wrapped at spaces to the
// terminal's width, continuation lines under the note's text; elsewhere it
// is one line.
func (s *IOStreams) Note(msg string) {
	io.WriteString(s.ErrOut, WrapHanging(notePrefix+Line(msg), s.ErrWidth(), len(notePrefix))+"\n")
}

// Error writes the one line a failed command leaves on standard error,
// wrapped on a terminal as Note is.
func (s *IOStreams) Error(err error) {
	io.WriteString(s.ErrOut, WrapHanging(errorPrefix+Line(err.Error()), s.ErrWidth(), len(errorPrefix))+"\n")
}

const (
	notePrefix  = "note: "
	errorPrefix = "gtrag: "
)

// TerminalWidth is the width to wrap lines written to the terminal f at:
// one column less than the terminal has, since a line that fills the last
// column makes some terminals wrap early; 0 when f is not a terminal.
func TerminalWidth(f *os.File) int {
	w, _, err := term.GetSize(int(f.Fd()))
	if err != nil || w <= 1 {
		return 0
	}
	return w - 1
}

func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// sticky keeps the first write error.
type sticky struct {
	mu  sync.Mutex
	err error
}

func (s *sticky) get() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *sticky) set(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.err = err
	}
}
