package mcpserver

import (
	"context"
	"encoding/json"
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
	res, err := f.session.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range res.Tools {
		if tool.Name != "ask" {
			continue
		}
		raw, err := json.Marshal(tool.OutputSchema)
		if err != nil {
			t.Fatal(err)
		}
		var schema struct {
			Properties map[string]struct {
				Description string `json:"description"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(raw, &schema); err != nil {
			t.Fatal(err)
		}
		desc := schema.Properties["outcome"].Description
		for _, o := range []string{nodes.OutcomeAnswered, nodes.OutcomeAnsweredWithCaveat, nodes.OutcomeNotFound,
			nodes.OutcomeOffTopic, nodes.OutcomeArxivUnavailable, nodes.OutcomeImpossible} {
			if !strings.Contains(desc, o) {
				t.Errorf("the ask tool's outcome description %q does not name %s", desc, o)
			}
		}
		return
	}
	t.Fatal("no ask tool listed")
}
