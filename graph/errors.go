package graph

import (
	"errors"
	"fmt"
	"strings"
)

// CompileError lists everything wrong with a declaration, sorted, one
// problem per entry.
type CompileError struct {
	Problems []string
}

func (e *CompileError) Error() string {
	var b strings.Builder
	if len(e.Problems) == 1 {
		b.WriteString("invalid graph: 1 problem:")
	} else {
		fmt.Fprintf(&b, "invalid graph: %d problems:", len(e.Problems))
	}
	for _, p := range e.Problems {
		b.WriteString("\n  - ")
		b.WriteString(p)
	}
	return b.String()
}

// StepLimitError ends a run that took Limit steps without reaching END.
// Path holds the nodes it ran, in order; it usually shows the loop.
type StepLimitError struct {
	Limit int
	Path  []string
}

// pathShown bounds the message of a long run; Path keeps every step.
const pathShown = 40

func (e *StepLimitError) Error() string {
	path := e.Path
	var b strings.Builder
	fmt.Fprintf(&b, "step limit %d reached: ", e.Limit)
	if len(path) > pathShown {
		b.WriteString(strings.Join(path[:pathShown/2], " → "))
		fmt.Fprintf(&b, " → … (%d more) … → ", len(path)-pathShown)
		path = path[len(path)-pathShown/2:]
	}
	b.WriteString(strings.Join(path, " → "))
	b.WriteString(" → …")
	return b.String()
}

// NodeError is a node's error, with where in the run it happened.
// errors.Is and errors.As see through it to Err.
type NodeError struct {
	Node string
	Step int
	Err  error
}

func (e *NodeError) Error() string {
	return fmt.Sprintf("node %s (step %d): %v", e.Node, e.Step, e.Err)
}

func (e *NodeError) Unwrap() error { return e.Err }

// RouteError reports a router that returned a key missing from its routes.
// It is a bug in the router or in its route map.
type RouteError struct {
	Router string
	From   string   // the node after which the router ran
	Step   int      // the step of that node
	Key    string   // what the router returned
	Known  []string // the keys it may return, sorted
}

func (e *RouteError) Error() string {
	return fmt.Sprintf("router %s after %s (step %d) returned unknown route key %q; known keys: %s",
		e.Router, e.From, e.Step, e.Key, strings.Join(e.Known, ", "))
}

// InterruptError ends a run that its interrupt (WithInterruptBefore)
// stopped before step Step, at node Node, which did not run. Err is what
// the interrupt returned.
type InterruptError struct {
	Step int
	Node string
	Err  error
}

func (e *InterruptError) Error() string {
	return fmt.Sprintf("graph: run interrupted before step %d (%s): %v", e.Step, e.Node, e.Err)
}

func (e *InterruptError) Unwrap() error { return e.Err }

// Partial marks a node's error as one that left the state it returns with
// the error meaningful: the state the node received with what it did
// before it failed, such as the papers it stored before a Ctrl-C stopped
// the next write. The run then ends with that state (Run returns it, and
// so does the last Step of Steps as After) instead of the state the node
// received. Without Partial a failed node's state is ignored, as Go's
// errors are read: a node may return anything with its error. A node that
// uses Partial must return only what it has done, not half-made results.
// The error's message and chain are err's; Partial(nil) is nil.
func Partial(err error) error {
	if err == nil {
		return nil
	}
	return &partialError{err}
}

type partialError struct{ err error }

func (e *partialError) Error() string { return e.err.Error() }
func (e *partialError) Unwrap() error { return e.err }

// partial reports whether a node's error is marked Partial, anywhere in
// its chain, and returns it without the mark when the mark is outermost,
// as Partial(err) is returned, so that NodeError.Err is the node's own.
func partial(err error) (bool, error) {
	if p, ok := err.(*partialError); ok {
		return true, p.err
	}
	var p *partialError
	return errors.As(err, &p), err
}
