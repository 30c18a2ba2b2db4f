package mcpserver

import (
	"strings"
	"testing"

	"github.com/gtrag/gtrag/nodes"
)

// The ask tool's output schema tells a model what outcome can hold. It
// listed five and left out impossible, which the same tool returns when
// called with router llm and the decision agent judges the task
// impossible: a model reading the schema had no word for that answer.
func TestQAAskSchemaNamesEveryOutcome(t *testing.T) {
	f := newFixture(t, 0)
	var schema struct {
		Properties map[string]struct {
			Description string `json:"description"`
		} `json:"properties"`
	}
	askOutputSchema(t, f, &schema)
	desc := schema.Properties["outcome"].Description
	for _, o := range []string{nodes.OutcomeAnswered, nodes.OutcomeAnsweredWithCaveat, nodes.OutcomeNotFound,
		nodes.OutcomeOffTopic, nodes.OutcomeArxivUnavailable, nodes.OutcomeImpossible} {
		if !strings.Contains(desc, o) {
			t.Errorf("the ask tool's outcome description %q does not name %s", desc, o)
		}
	}
}
