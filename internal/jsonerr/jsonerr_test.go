package jsonerr

import (
	"encoding/json"
	"errors"
	"io"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

type inner struct {
	N  int      `json:"n"`
	Xs []string `json:"xs"`
}

type doc struct {
	Name  string            `json:"name"`
	Count int               `json:"count"`
	Rate  float64           `json:"rate"`
	On    bool              `json:"on"`
	Tags  []string          `json:"tags"`
	Attrs map[string]string `json:"attrs"`
	In    inner             `json:"in"`
	Ptr   *int              `json:"ptr"`
	Addr  netip.Addr        `json:"addr"`
	Raw   []byte            `json:"raw"`
	Small int8              `json:"small"`
}

// decode decodes in as a doc as a trace does, with a json.Decoder that
// refuses unknown fields.
func decode(in string) error {
	dec := json.NewDecoder(strings.NewReader(in))
	dec.DisallowUnknownFields()
	return dec.Decode(new(doc))
}

func TestExplain(t *testing.T) {
	line := Doc{Unit: "the line"}
	for _, tc := range []struct {
		name, in string
		d        Doc
		want     string
	}{
		{"empty", "", Doc{Unit: "the file"}, "the file is empty"},
		{"empty, no unit", "", Doc{}, "it is empty"},
		{"cut short", `{"name": "a", "co`, line, "the line ends in the middle of its JSON (cut short?)"},
		{"not JSON", `{"name": nope}`, line, "invalid JSON at byte 11: unexpected 'o': a word outside double quotes must be true, false or null"},
		{"the whole of another kind", `[1, 2]`, line, "the line must be a JSON object; found a JSON array"},
		{"the whole of another kind, no unit", `"x"`, Doc{}, "it must be a JSON object; found a JSON string"},
		{"the whole, said by the caller", `[1]`, Doc{Unit: "the line", Want: map[string]string{"": `a JSON object with "name"`}},
			`the line must be a JSON object with "name"; found a JSON array`},
		{"a string", `{"name": 1}`, line, `"name" must be a string; found a JSON number`},
		{"a whole number", `{"count": "2"}`, line, `"count" must be a whole number; found a JSON string`},
		{"a fraction for a whole number", `{"count": 1.5}`, line, `"count" must be a whole number; found a JSON number 1.5`},
		{"out of range", `{"small": 300}`, line, `"small" must be a whole number; found a JSON number 300`},
		{"a number", `{"rate": "fast"}`, line, `"rate" must be a number; found a JSON string`},
		{"a boolean found", `{"name": true}`, line, `"name" must be a string; found a JSON boolean`},
		{"true or false", `{"on": "yes"}`, line, `"on" must be true or false; found a JSON string`},
		{"an array", `{"tags": "a"}`, line, `"tags" must be a JSON array; found a JSON string`},
		{"an object", `{"attrs": []}`, line, `"attrs" must be a JSON object; found a JSON array`},
		{"a nested field", `{"in": {"n": "1"}}`, line, `"in.n" must be a whole number; found a JSON string`},
		{"a pointer", `{"ptr": "1"}`, line, `"ptr" must be a whole number; found a JSON string`},
		{"a text value", `{"addr": 1}`, line, `"addr" must be a string; found a JSON number`},
		{"bytes", `{"raw": 1}`, line, `"raw" must be a string (base64); found a JSON number`},
		{"a path before the field", `{"count": "2"}`, Doc{Path: "data."}, `"data.count" must be a whole number; found a JSON string`},
		{"a path for the whole", `[1]`, Doc{Path: "data."}, `"data" must be a JSON object; found a JSON array`},
		{"a field said by the caller", `{"tags": "a"}`, Doc{Want: map[string]string{"tags": `a list of tags, such as ["x"]`}},
			`"tags" must be a list of tags, such as ["x"]; found a JSON string`},
		{"an unknown field", `{"nmae": "a"}`, line, `unknown field "nmae"`},
		{"an unknown field, with the fields", `{"nmae": "a"}`, Doc{Fields: []string{"name", "count"}}, `unknown field "nmae": the fields are name, count`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.d.Explain(decode(tc.in))
			require.EqualError(t, err, tc.want)
			require.NotContains(t, err.Error(), "Go ", "JSON's words, not Go's")
			require.NotContains(t, err.Error(), "json: ")
		})
	}
}

// json.Unmarshal's faults read as a Decoder's do.
func TestExplainUnmarshal(t *testing.T) {
	d := Doc{Unit: "the line"}
	var v doc
	require.EqualError(t, d.Explain(json.Unmarshal([]byte(`{"name": "a"`), &v)), "the line ends in the middle of its JSON (cut short?)")
	require.EqualError(t, d.Explain(json.Unmarshal([]byte(`{"on": 1}`), &v)), `"on" must be true or false; found a JSON number`)
	require.EqualError(t, d.Explain(json.Unmarshal([]byte(`{} x`), &v)), "invalid JSON at byte 4: unexpected 'x' after the JSON value ended")
}

// The error wraps what it explains, and keeps the message of an error
// that is not encoding/json's.
func TestExplainWraps(t *testing.T) {
	require.NoError(t, Doc{}.Explain(nil))
	err := Doc{Unit: "the line"}.Explain(decode(`{"name": "a"`))
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
	require.True(t, CutShort(err))
	var te *json.UnmarshalTypeError
	require.ErrorAs(t, Doc{}.Explain(decode(`{"count": "1"}`)), &te)
	require.False(t, CutShort(Doc{}.Explain(decode(`{"count": "1"}`))))

	other := errors.New("the disk is on fire")
	require.EqualError(t, Doc{}.Explain(other), "the disk is on fire")
	require.ErrorIs(t, Doc{}.Explain(other), other)
	_, err = time.Parse(time.RFC3339, "x")
	require.Equal(t, err.Error(), Doc{}.Explain(err).Error())
}

func TestKind(t *testing.T) {
	for typ, want := range map[reflect.Type]string{
		reflect.TypeFor[string]():         "a string",
		reflect.TypeFor[uint16]():         "a whole number",
		reflect.TypeFor[float32]():        "a number",
		reflect.TypeFor[bool]():           "true or false",
		reflect.TypeFor[[2]int]():         "a JSON array",
		reflect.TypeFor[map[string]any](): "a JSON object",
		reflect.TypeFor[**inner]():        "a JSON object",
		reflect.TypeFor[time.Time]():      "a string",
		reflect.TypeFor[chan int]():       "a value of another kind",
		reflect.Type(nil):                 "a value of another kind",
	} {
		require.Equal(t, want, Kind(typ), "%v", typ)
	}
	require.Equal(t, "boolean", Value("bool"))
	require.Equal(t, "number -5", Value("number -5"))
}

// Every context of encoding/json's scanner is said in the JSON's words;
// a context Go adds later keeps Go's words (Syntax), rather than being lost.
func TestSyntaxSaysEveryScannerContext(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`garbage`, `unexpected 'g' where a value (an object, array, string in double quotes, number, true, false or null) should begin`},
		{`'a'`, `unexpected '\'' where a value (an object, array, string in double quotes, number, true, false or null) should begin`},
		{`{q}`, `unexpected 'q' where a field name in double quotes should be`},
		{`{"a" 1}`, `unexpected '1' after a field name, where ':' should be`},
		{`{"a":1 "b":2}`, `unexpected '"' after a field's value, where ',' or '}' should be`},
		{`[1 2]`, `unexpected '2' after an array element, where ',' or ']' should be`},
		{`{"a":1} x`, `unexpected 'x' after the JSON value ended`},
		{"\"a\tb\"", `unexpected '\t' inside a string (a control character must be escaped)`},
		{`"\q"`, `unexpected 'q' in a backslash escape inside a string`},
		{`"\u12x4"`, `unexpected 'x' in a \u escape inside a string`},
		{`nope`, `unexpected 'o': a word outside double quotes must be true, false or null`},
		{`-x`, `unexpected 'x' inside a number`},
		{`1.x`, `unexpected 'x' after a number's decimal point`},
		{`1ex`, `unexpected 'x' in a number's exponent`},
	} {
		var v any
		err := json.Unmarshal([]byte(c.in), &v)
		var se *json.SyntaxError
		require.ErrorAs(t, err, &se, c.in)
		require.Equal(t, c.want, Syntax(se), c.in)
		require.Equal(t, c.want, Describe(err), c.in)
	}
	require.Equal(t, "unexpected end of JSON input", Describe(json.Unmarshal([]byte(`{"a":`), new(any))), "a cut-short value keeps its words")
}

// ExactFields holds names to their spelling and to one each, which
// encoding/json does not; with no Fields, or no object, it leaves the
// decoder to say what is wrong.
func TestExactFields(t *testing.T) {
	d := Doc{Fields: []string{"q", "relevant"}}
	for in, want := range map[string]string{
		`{"q": "a", "Relevant": []}`:    `unknown field "Relevant": the fields are q, relevant`,
		`{"q": "a", "q": "b"}`:          `field "q" given twice: give each field once`,
		`{"q": "a", "relevant": ["x"]}`: "",
		`[1, 2]`:                        "",
		`{"q": `:                        "",
	} {
		err := d.ExactFields([]byte(in))
		if want == "" {
			require.NoError(t, err, in)
		} else {
			require.EqualError(t, err, want, in)
		}
	}
	require.NoError(t, Doc{}.ExactFields([]byte(`{"Q": 1, "Q": 2}`)), "no Fields: nothing to hold the names to")
}
