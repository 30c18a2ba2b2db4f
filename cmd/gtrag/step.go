package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

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
// questions can step: ask sets AskOptions.BeforeStep = s.Before, and chat
// does the same with a stepper over its own line reader, so that a line
// typed at a step prompt is never taken for the next question.
type stepper struct {
	in   *bufio.Reader
	out  io.Writer // standard error: the prompt is not the answer
	cont bool      // c was typed: no more prompts in this run
}

func newStepper(in *bufio.Reader, out io.Writer) *stepper { return &stepper{in: in, out: out} }

// Before shows p and waits for the user's choice; ctx ending (Ctrl-C)
// stops the wait. Each run asks anew: Reset forgets a c.
func (s *stepper) Before(ctx context.Context, p service.StepPreview) error {
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
		fmt.Fprint(w, "  [Enter] run this step · c continue to the end · q stop > ")
		line, err := s.readLine(ctx)
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

// Reset makes the next run ask before every step again.
func (s *stepper) Reset() { s.cont = false }

// readLine reads one line, or returns when ctx ends. A line that arrives
// after ctx ended is lost, which is fine: the command is ending.
func (s *stepper) readLine(ctx context.Context) (string, error) {
	type res struct {
		line string
		err  error
	}
	ch := make(chan res, 1)
	go func() {
		l, err := s.in.ReadString('\n')
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
