package reasoner

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tmc/langchaingo/llms"

	"github.com/gtrag/gtrag/internal/jsonerr"
)

// PromptDecideRoute is the prompt of the decision agent, run at a
// conditional edge of the workflow.
const PromptDecideRoute = "decide_route"

// TreeData is what a decision agent knows at a conditional edge: the
// question, what the run has found so far (the environment), the steps
// taken and why, the routes open now, how often the run has looped and what
// went wrong. The names are those of the decision-tree design gtrag's
// decision agent comes from.
type TreeData struct {
	Question    string
	Environment []string    // one line per kind of result: "store query …: 3 chunks, best 0.41"
	Steps       []StepTaken // the completed steps, in order
	Router      string      // the edge being decided: "route_after_relevance_check"
	Instruction string      // how the rule router decides here
	Routes      []RouteOption
	Loops       int      // times the run has gone round the search loop
	Errors      []string // problems met so far (notices)
}

// StepTaken is one completed step and its reason.
type StepTaken struct{ Node, Reason string }

// RouteOption is one route the agent may choose.
type RouteOption struct{ Key, To, Description string }

// Choice is a decision agent's reply: the route, a one-line message for the
// user, and whether the task is impossible (with Reason saying why).
type Choice struct {
	Route      string
	Message    string
	Reason     string
	Impossible bool
	Notices    []string
}

// RouteChooser is a decision agent: it chooses the route at a conditional
// edge. A reply the caller cannot use (no route, an undeclared one) is the
// caller's to reject; an error means no reply at all.
type RouteChooser interface {
	ChooseRoute(ctx context.Context, t TreeData) (Choice, error)
}

// LLMRouter asks a model to choose the route (prompt "decide_route") and to
// reply with one JSON object. It checks the reply's form, not its route:
// the graph knows which routes exist.
type LLMRouter struct{ c caller }

// NewLLMRouter returns a decision agent backed by m.
func NewLLMRouter(m llms.Model, opts ...Option) *LLMRouter {
	return &LLMRouter{caller{model: m, s: newSettings(opts)}}
}

const routerSystem = `You are the decision agent of a research assistant that answers questions about game theory from arXiv papers. At each decision point you choose the next step from the routes offered, reading what the run has found so far.
Reply with one JSON object and nothing else:
{"route": "<one of the route keys>", "message": "<one sentence for the user about what happens next>", "reason": "<why, in one sentence>", "impossible": false}
Set "impossible" to true only if the question cannot be answered by any route (for example it asks for something no paper can hold); then "reason" says why.
` + dataRule

// ChooseRoute implements RouteChooser.
func (r *LLMRouter) ChooseRoute(ctx context.Context, t TreeData) (Choice, error) {
	reply, notices, err := r.c.call(ctx, PromptDecideRoute, routerSystem, routerPrompt(t))
	if err != nil {
		return Choice{}, fmt.Errorf("choose the route with the LLM: %w", err)
	}
	c, err := parseChoice(reply)
	if err != nil {
		// Said as the user reads it ("choose the route with the LLM: …"),
		// not by the prompt's name, whether or not it is the maxUnusable-th
		// in a row.
		if gerr := r.c.giveUp(PromptDecideRoute, err.Error()); gerr != nil {
			return Choice{}, fmt.Errorf("choose the route with the LLM: %w", gerr)
		}
		return Choice{}, fmt.Errorf("choose the route with the LLM: %w", &unusableError{msg: err.Error()})
	}
	r.c.usable(PromptDecideRoute)
	c.Notices = notices
	return c, nil
}

// routerPrompt lays out the tree data. What the run found comes from papers
// and the user, so it is fenced as data; the routes are the graph's own.
func routerPrompt(t TreeData) string {
	var b strings.Builder
	var data strings.Builder
	fmt.Fprintf(&data, "Question: %s\n\nEnvironment (what the run has found):\n", fold(t.Question))
	for _, e := range t.Environment {
		fmt.Fprintf(&data, "- %s\n", fold(e))
	}
	data.WriteString("\nCompleted steps:\n")
	for i, s := range t.Steps {
		fmt.Fprintf(&data, "%d. %s: %s\n", i+1, s.Node, truncateRunes(fold(s.Reason), 300))
	}
	if len(t.Errors) > 0 {
		data.WriteString("\nErrors so far:\n")
		for _, e := range t.Errors {
			fmt.Fprintf(&data, "- %s\n", fold(e))
		}
	}
	b.WriteString(fence(strings.TrimSpace(data.String())))
	fmt.Fprintf(&b, "\n\nDecision point: %s (loops so far: %d). The rule here: %s\nRoutes:\n", t.Router, t.Loops, t.Instruction)
	for _, o := range t.Routes {
		fmt.Fprintf(&b, "- %s → %s: %s\n", o.Key, o.To, o.Description)
	}
	b.WriteString("\nChoose one route key. Reply with the JSON object only.")
	return b.String()
}

// parseChoice reads the first JSON object of a reply, whatever comes
// before it (a preamble, a fence) or after it (a sign-off, even one with
// braces). The route must be a non-empty string; message and reason are
// folded onto one line.
func parseChoice(reply string) (Choice, error) {
	s := stripThinking(reply)
	obj, err := firstObject(s)
	if err != nil {
		return Choice{}, fmt.Errorf("the LLM reply %s is not the JSON asked for: %s", quote(reply), jsonerr.Describe(err))
	}
	if obj == nil {
		return Choice{}, fmt.Errorf("the LLM reply %s holds no JSON object", quote(reply))
	}
	var route string
	if json.Unmarshal(obj["route"], &route) != nil && obj["route"] != nil {
		return Choice{}, fmt.Errorf("the LLM reply %s gives a route that is not a JSON string", quote(reply))
	}
	if route = strings.TrimSpace(route); route == "" {
		return Choice{}, fmt.Errorf("the LLM reply %s names no route", quote(reply))
	}
	c := Choice{Route: route, Message: truncateRunes(fold(stringField(obj["message"])), 200), Reason: truncateRunes(fold(stringField(obj["reason"])), 300)}
	c.Impossible = isTrue(obj["impossible"])
	return c, nil
}

// isTrue reads the reply's "impossible": JSON true, or the string "true"
// in any case, as small models write it (README's decision-agent section
// says so). Anything else — absent, false, "yes", 1 — is false: a verdict
// that ends the run without an answer is taken only when it is plain.
func isTrue(v json.RawMessage) bool {
	var x any
	_ = json.Unmarshal(v, &x) // absent or not JSON: stays nil
	switch x := x.(type) {
	case bool:
		return x
	case string:
		return strings.EqualFold(strings.TrimSpace(x), "true")
	}
	return false
}

// stringField is a reply field that should be a JSON string, "" when it is absent
// or not one: a model's message or reason is shown, never acted on.
func stringField(v json.RawMessage) string {
	var s string
	_ = json.Unmarshal(v, &s)
	return s
}

// firstObject decodes the first JSON object of s: the first "{" from which
// one decodes whole. It is nil, with no error, when s has no "{", and the
// first attempt's error when none decodes.
func firstObject(s string) (map[string]json.RawMessage, error) {
	var first error
	for i := strings.IndexByte(s, '{'); i >= 0; {
		var obj map[string]json.RawMessage
		err := json.NewDecoder(strings.NewReader(s[i:])).Decode(&obj)
		if err == nil {
			return obj, nil
		}
		if first == nil {
			first = err
		}
		next := strings.IndexByte(s[i+1:], '{')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return nil, first
}
