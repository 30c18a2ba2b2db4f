package trace

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gtrag/gtrag/environment"
	"github.com/gtrag/gtrag/text"
)

// envNouns names what each tool's environment entries hold.
var envNouns = map[string][2]string{
	environment.ToolStoreQuery:  {"chunk", "chunks"},
	environment.ToolArxivSearch: {"paper", "papers"},
	environment.ToolPaperFilter: {"verdict", "verdicts"},
	environment.ToolStoreAdd:    {"paper", "papers"},
}

// describeEnvChanges describes what after holds that before did not, one line per
// tool entry that is new or grew, tools in name order, for a student to
// read: `store.query: new entry (query "nash", k 3) with 3 chunks`,
// `paper_filter: +2 verdicts`. Recordings made before it hold the lines
// environment.Changes wrote, with the entry's metadata as JSON ("new
// entry {} with 1 objects"); readableEnvChange rewrites those.
func describeEnvChanges(before, after environment.Environment) []string {
	tools := make([]string, 0, len(after))
	for t := range after {
		tools = append(tools, t)
	}
	slices.Sort(tools)
	var out []string
	for _, t := range tools {
		noun, ok := envNouns[t]
		if !ok {
			noun = [2]string{"object", "objects"}
		}
		prev := before[t]
		for i, it := range after[t] {
			// Only an entry that is new or grew is described: the
			// recorder compares the whole environment after every step.
			switch {
			case i >= len(prev):
				meta := describeEnvMeta(it.Metadata)
				if meta != "" {
					meta = " " + meta
				}
				out = append(out, fmt.Sprintf("%s: new entry%s with %s", t, meta, text.Count(len(it.Objects), noun[0], noun[1])))
			case len(it.Objects) > len(prev[i].Objects):
				s := fmt.Sprintf("%s: +%s", t, text.Count(len(it.Objects)-len(prev[i].Objects), noun[0], noun[1]))
				if meta := describeEnvMeta(it.Metadata); meta != "" {
					s += " in entry " + meta
				}
				out = append(out, s)
			}
		}
	}
	return out
}

// describeEnvMeta is an entry's metadata in words, query first and
// shortened: (query "nash", k 3), or "" for none.
func describeEnvMeta(m map[string]any) string {
	if len(m) == 0 {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		switch {
		case a == b:
			return 0
		case a == "query":
			return -1
		case b == "query":
			return 1
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		var v string
		switch x := m[k].(type) {
		case string:
			v = quote(x, maxText)
		case nil:
			v = "(none)"
		default:
			b, err := json.Marshal(x)
			if err != nil {
				v = fmt.Sprint(x)
			} else {
				v = string(b)
			}
		}
		if k == "total" {
			parts = append(parts, v+" matching")
			continue
		}
		parts = append(parts, k+" "+v)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

var (
	oldNewEntry  = regexp.MustCompile(`^(\S+): new entry (\{.*\}) with (\d+) objects$`)
	oldGrewEntry = regexp.MustCompile(`^(\S+): \+(\d+) objects in entry (\{.*\})$`)
)

// readableEnvChange rewrites a line of the removed environment.Changes, as
// recordings made before describeEnvChanges hold them, the way describeEnvChanges
// says it; any other line is returned as it is.
func readableEnvChange(s string) string {
	tool, meta, n, grew := "", "", "", false
	if m := oldNewEntry.FindStringSubmatch(s); m != nil {
		tool, meta, n = m[1], m[2], m[3]
	} else if m := oldGrewEntry.FindStringSubmatch(s); m != nil {
		tool, n, meta, grew = m[1], m[2], m[3], true
	} else {
		return s
	}
	var md map[string]any
	count, err := strconv.Atoi(n)
	if err != nil || json.Unmarshal([]byte(meta), &md) != nil {
		return s
	}
	objs := make([]map[string]any, count)
	after := environment.Environment{tool: {{Metadata: md, Objects: objs}}}
	before := environment.Environment{}
	if grew {
		before[tool] = []environment.Item{{Metadata: md}}
	}
	if out := describeEnvChanges(before, after); len(out) == 1 {
		return out[0]
	}
	return s
}
