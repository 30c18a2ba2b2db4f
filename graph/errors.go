package graph

import (
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
