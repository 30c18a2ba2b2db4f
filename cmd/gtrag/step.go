package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gtrag/gtrag/chat"
	"github.com/gtrag/gtrag/internal/iostreams"
	"github.com/gtrag/gtrag/service"
)

// errStepStop is what the stepper returns when the user stops the run at
// its prompt; the run ends with a *graph.InterruptError wrapping it (exit
// 130, like Ctrl-C).
var errStepStop = errors.New("stopped at the --step prompt")

// stepper is the terminal side of --step, the interrupt before each node
// (LangGraph's interrupt_before): it shows the node, what it is about to
// do and its percept, then reads one line. Enter runs the node, c runs the
// rest of the run without asking, q stops before the node. End of input
// stops too: a script that runs out of answers should not run on.
//
// Its Before method is a service.BeforeStep, so any command that runs
// questions can step: ask sets AskOptions.BeforeStep = s.Before with a
// stepper over standard input (newStepper); chat --step with one over the
// session's own line reader (newLineStepper), so that a line typed at a
// step prompt is never taken for the next question.
type stepper struct {
	read func(ctx context.Context) (string, error)
	out  io.Writer // standard error: the prompt is not the answer
	cont bool      // c was typed: no more prompts in this run
}

const stepPrompt = "  [Enter] run this step · c continue to the end · q stop > "

// newStepper steps with lines read from in, showing its prompt on out.
func newStepper(in *bufio.Reader, out io.Writer) *stepper {
	s := &stepper{out: out}
	s.read = func(ctx context.Context) (string, error) {
		fmt.Fprint(out, stepPrompt)
		return readLine(ctx, in)
	}
	return s
}

// newLineStepper steps with lines from a chat's line reader, which shows
// the prompt itself on a terminal, with line editing. A script's reader
// (chat.Lines) shows none, so the stepper writes it on out, as ask --step
// does: a transcript then says where each answer was read.
// Ctrl-C at the prompt stops the run, as q does.
func newLineStepper(in chat.LineReader, out io.Writer) *stepper {
	s := &stepper{out: out}
	_, script := in.(*chat.Lines)
	s.read = func(context.Context) (string, error) {
		if script {
			fmt.Fprint(out, stepPrompt)
		}
		line, err := in.ReadLine(stepPrompt)
		if errors.Is(err, chat.ErrInterrupt) {
			return "q", nil
		}
		return line, err
	}
	return s
}

// Before shows p and waits for the user's choice; ctx ending (Ctrl-C)
// stops the wait. Each run asks anew: a c holds until the next step 1.
func (s *stepper) Before(ctx context.Context, p service.StepPreview) error {
	if p.Step == 1 {
		s.cont = false // a new run (chat's next question) asks again
	}
	if s.cont {
		return nil
	}
	w := s.out
	fmt.Fprintf(w, "\n⏸ before step %d · %s\n", p.Step, p.Node)
	if p.Description != "" {
		fmt.Fprintf(w, "  about to   %s\n", iostreams.Line(p.Description))
	}
	if len(p.Tools) > 0 {
		fmt.Fprintf(w, "  tools      %s\n", strings.Join(p.Tools, ", "))
	}
	for i, f := range p.Percept {
		label := ""
		if i == 0 {
			label = "percept"
		}
		fmt.Fprintf(w, "  %-10s %s = %s\n", label, f.Name, iostreams.Line(f.Summary))
	}
	if len(p.Writes) > 0 {
		fmt.Fprintf(w, "  may change %s\n", strings.Join(p.Writes, ", "))
	}
	for {
		line, err := s.read(ctx)
		if err != nil {
			fmt.Fprintln(w)
			if errors.Is(err, io.EOF) {
				return fmt.Errorf("%w (end of input)", errStepStop)
			}
			return err
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "":
			return nil
		case "c":
			s.cont = true
			return nil
		case "q":
			return errStepStop
		}
		fmt.Fprintln(w, "  type Enter, c or q")
	}
}

// readLine reads one line from in, or returns when ctx ends. A line that
// arrives after ctx ended is lost, which is fine: the command is ending.
func readLine(ctx context.Context, in *bufio.Reader) (string, error) {
	type res struct {
		line string
		err  error
	}
	ch := make(chan res, 1)
	go func() {
		l, err := in.ReadString('\n')
		if err != nil && l != "" && errors.Is(err, io.EOF) {
			err = nil // a last line without a newline still counts
		}
		ch <- res{l, err}
	}()
	select {
	case r := <-ch:
		return r.line, r.err
	case <-ctx.Done():
		return "", context.Cause(ctx)
	}
}
