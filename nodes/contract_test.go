package nodes

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/graph"
)

// TestFieldNamesAreTheJSONTags ties the Field constants of state.go to
// GraphState's JSON names: every field has its constant, with its exact
// JSON name, and every constant names a field. Node metadata (Reads,
// Writes) uses the constants, so a renamed field cannot leave a node
// declaring a name that no longer exists.
func TestFieldNamesAreTheJSONTags(t *testing.T) {
	consts := fieldConstants(t)
	var tags []string
	st := reflect.TypeFor[GraphState]()
	for i := range st.NumField() {
		name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
		require.NotEmpty(t, name, "GraphState.%s has no JSON name", st.Field(i).Name)
		tags = append(tags, name)
	}
	var values []string
	for _, v := range consts {
		values = append(values, v)
	}
	require.ElementsMatch(t, tags, values, "Field constants and GraphState's JSON names differ")
	for name, v := range consts {
		f, ok := fieldByJSON(v)
		require.True(t, ok)
		require.Equal(t, "Field"+f.Name, name, "the constant for %q is named after its field", v)
	}
}

// fieldConstants reads the Field* constants of state.go: name → value.
func fieldConstants(t *testing.T) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "state.go", nil, 0)
	require.NoError(t, err)
	out := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if !strings.HasPrefix(n.Name, "Field") || i >= len(vs.Values) {
					continue
				}
				lit, ok := vs.Values[i].(*ast.BasicLit)
				require.True(t, ok, "%s is not a string literal", n.Name)
				v, err := strconv.Unquote(lit.Value)
				require.NoError(t, err)
				out[n.Name] = v
			}
		}
	}
	require.NotEmpty(t, out)
	return out
}

func fieldByJSON(name string) (reflect.StructField, bool) {
	st := reflect.TypeFor[GraphState]()
	for i := range st.NumField() {
		if n, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ","); n == name {
			return st.Field(i), true
		}
	}
	return reflect.StructField{}, false
}

// writesChecker is an observer that fails the test when a node changes a
// state field it does not declare in Writes: the metadata that graph
// --format explain shows is then what the nodes do.
type writesChecker struct {
	t      testing.TB
	writes map[string][]string // node → declared Writes
}

func newWritesChecker(t testing.TB, g *Graph) *writesChecker {
	w := &writesChecker{t: t, writes: map[string][]string{}}
	for _, n := range g.Nodes() {
		w.writes[n.Name] = n.Writes
	}
	return w
}

func (w *writesChecker) StepCompleted(_ context.Context, step int, node string, before, after GraphState) {
	for _, f := range changedFields(before, after) {
		if !slices.Contains(w.writes[node], f) {
			w.t.Errorf("step %d: %s changed %s, which it does not declare in Writes %v", step, node, f, w.writes[node])
		}
	}
}

func (w *writesChecker) StepStarted(context.Context, int, string, GraphState)              {}
func (w *writesChecker) StepFailed(context.Context, int, string, error)                    {}
func (w *writesChecker) RouteDecided(context.Context, int, string, string, string, string) {}

var _ graph.Observer[GraphState] = (*writesChecker)(nil)

// changedFields lists the JSON names of the fields that differ.
func changedFields(a, b GraphState) []string {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	var out []string
	for i := range va.NumField() {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			name, _, _ := strings.Cut(va.Type().Field(i).Tag.Get("json"), ",")
			out = append(out, name)
		}
	}
	return out
}

// TestWritesCheckerCatchesAnUndeclaredWrite makes sure the checker can
// fail: a node that writes a field it does not declare is reported.
func TestWritesCheckerCatchesAnUndeclaredWrite(t *testing.T) {
	g := graph.New[GraphState]()
	g.AddNode("sneaky", func(_ context.Context, s GraphState) (GraphState, error) {
		s.Reasoning = "declared"
		s.PapersAdded = 7 // not declared
		return s, nil
	}, graph.Writes(FieldReasoning))
	g.AddEdge(graph.START, "sneaky")
	g.AddEdge("sneaky", graph.END)
	c, err := g.Compile()
	require.NoError(t, err)
	rec := &recordingTB{TB: t}
	_, err = c.Run(context.Background(), NewState("q"), graph.WithObserver[GraphState](newWritesChecker(rec, c)))
	require.NoError(t, err)
	require.Len(t, rec.errors, 1)
	require.Contains(t, rec.errors[0], "sneaky changed papers_added")
}

type recordingTB struct {
	testing.TB
	errors []string
}

func (r *recordingTB) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
