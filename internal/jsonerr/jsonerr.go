// Package jsonerr says what is wrong with JSON that did not decode, in the
// words of the JSON rather than of Go.
//
// encoding/json's errors are written for the programmer: "json: cannot
// unmarshal string into Go struct field Question.relevant of type
// []string", "unexpected EOF". The person who wrote or passed the file
// sees JSON, so the messages here name JSON's kinds of value (a JSON
// string, a whole number, a JSON array), the field by its path in the
// JSON, and the file or line as the unit that is empty or cut short:
//
//	"seq" must be a whole number; found a JSON string
//	the line must be a JSON object; found a JSON array
//	the file ends in the middle of its JSON (cut short?)
//	invalid JSON at byte 12: invalid character 'x' looking for beginning of value
package jsonerr

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Doc describes what was decoded, for the words of a message.
type Doc struct {
	// Unit is what holds the JSON: "the file", "the line". It names the
	// whole in a message about the whole ("the file is empty"); "" is
	// "it".
	Unit string
	// Path is where the decoded value sits in a larger document, ending
	// in "." ("data."); it is put before the names of fields.
	Path string
	// Want says what a field must be, by its path in the decoded value
	// (as encoding/json names it: "relevant", "per_question.q"; "" for
	// the whole value), where the kind of its Go type is not enough:
	// `a list of paper ids, such as ["2301.01234"]`. The others are
	// named by Kind.
	Want map[string]string
	// Fields, when not nil, are the fields the value has, listed in the
	// message for an unknown field (json.Decoder.DisallowUnknownFields).
	Fields []string
}

// Explain returns err, an error of decoding JSON, as a message in the
// JSON's words; the error it returns wraps err (errors.Is and errors.As see
// it, as CutShort does). An error that is not encoding/json's keeps its
// message. A nil err is nil.
func (d Doc) Explain(err error) error {
	if err == nil {
		return nil
	}
	return &explained{msg: d.message(err), err: err}
}

type explained struct {
	msg string
	err error
}

func (e *explained) Error() string { return e.msg }
func (e *explained) Unwrap() error { return e.err }

func (d Doc) message(err error) string {
	unit := d.Unit
	if unit == "" {
		unit = "it"
	}
	var (
		te *json.UnmarshalTypeError
		se *json.SyntaxError
	)
	switch {
	case errors.Is(err, io.EOF):
		return unit + " is empty"
	case CutShort(err):
		return unit + " ends in the middle of its JSON (cut short?)"
	case errors.As(err, &te):
		want, ok := d.Want[te.Field]
		if !ok {
			want = Kind(te.Type)
		}
		found := "a JSON " + Value(te.Value)
		name := strings.TrimSuffix(d.Path, ".")
		if te.Field != "" {
			name = d.Path + te.Field
		}
		if name == "" {
			return fmt.Sprintf("%s must be %s; found %s", unit, want, found)
		}
		return fmt.Sprintf("%q must be %s; found %s", name, want, found)
	case errors.As(err, &se):
		return fmt.Sprintf("invalid JSON at byte %d: %s", se.Offset, Syntax(se))
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if name, ok := strings.CutPrefix(msg, "unknown field "); ok && d.Fields != nil {
		return d.unknownField(name)
	}
	return msg
}

// unknownField is the message for a field not among Fields; name is
// quoted.
func (d Doc) unknownField(name string) string {
	return fmt.Sprintf("unknown field %s: the fields are %s", name, strings.Join(d.Fields, ", "))
}

// ExactFields refuses a JSON object whose top-level names are not spelt
// exactly as Fields, or that gives one twice. encoding/json matches names
// whatever their case ("Relevant" for "relevant", so DisallowUnknownFields
// lets it through) and lets the last of two win, so that a misspelt or
// repeated name changed what a reader measured without a word. With no
// Fields, or data that is no object (the decoder's error says so), it
// returns nil.
func (d Doc) ExactFields(data []byte) error {
	if d.Fields == nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		key, _ := tok.(string)
		switch {
		case !slices.Contains(d.Fields, key):
			return errors.New(d.unknownField(strconv.Quote(key)))
		case seen[key]:
			return fmt.Errorf("field %q given twice: give each field once", key)
		}
		seen[key] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil
		}
	}
	return nil
}

// Syntax says what a json.SyntaxError found, in the JSON's words:
// "unexpected 'g' where a value (…) should begin" for Go's "invalid
// character 'g' looking for beginning of value". A message it does not
// know is Go's.
func Syntax(se *json.SyntaxError) string {
	msg := se.Error()
	rest, ok := strings.CutPrefix(msg, "invalid character ")
	if !ok || len(rest) < 3 {
		return msg
	}
	// The character is quoted in single quotes ('x', '\'', '\n'), then a
	// space and the scanner's context.
	end := strings.Index(rest[1:], "' ")
	if rest[0] != '\'' || end < 0 {
		return msg
	}
	char, context := rest[:end+2], rest[end+3:]
	for _, w := range syntaxWords {
		if strings.HasPrefix(context, w.context) {
			return fmt.Sprintf(w.says, char)
		}
	}
	return msg
}

// syntaxWords are encoding/json's scanner contexts, and what each says in
// the JSON's words.
var syntaxWords = []struct{ context, says string }{
	{"looking for beginning of value", "unexpected %s where a value (an object, array, string in double quotes, number, true, false or null) should begin"},
	{"looking for beginning of object key string", "unexpected %s where a field name in double quotes should be"},
	{"after object key:value pair", "unexpected %s after a field's value, where ',' or '}' should be"},
	{"after object key", "unexpected %s after a field name, where ':' should be"},
	{"after array element", "unexpected %s after an array element, where ',' or ']' should be"},
	{"after top-level value", "unexpected %s after the JSON value ended"},
	{"in string literal", "unexpected %s inside a string (a control character must be escaped)"},
	{"in string escape code", "unexpected %s in a backslash escape inside a string"},
	{"in \\u hexadecimal character escape", "unexpected %s in a \\u escape inside a string"},
	{"in literal", "unexpected %s: a word outside double quotes must be true, false or null"},
	{"in numeric literal", "unexpected %s inside a number"},
	{"after decimal point in numeric literal", "unexpected %s after a number's decimal point"},
	{"in exponent of numeric literal", "unexpected %s in a number's exponent"},
}

// Describe is err, an error of decoding JSON, in the JSON's words where it
// is a syntax error (Syntax), else its own message.
func Describe(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return Syntax(se)
	}
	return err.Error()
}

// CutShort reports whether err says that the JSON stops before its value
// ends: a json.Decoder's io.ErrUnexpectedEOF, json.Unmarshal's
// "unexpected end of JSON input". A file cut by a crash or a full disk
// ends so.
func CutShort(err error) bool {
	var se *json.SyntaxError
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &se) && se.Error() == "unexpected end of JSON input"
}

// Value names the kind of JSON value an UnmarshalTypeError found (its
// Value): "string", "number", "number 1.5", "array", "object"; "bool" is
// "boolean".
func Value(v string) string {
	if v == "bool" {
		return "boolean"
	}
	return v
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// Kind says in JSON's words what a value of Go type t is decoded from:
// "a string", "a whole number", "true or false", "a JSON array", "a JSON
// object".
func Kind(t reflect.Type) string {
	if t == nil {
		return "a value of another kind"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(textUnmarshaler) {
		return "a string"
	}
	switch k := t.Kind(); {
	case k == reflect.Bool:
		return "true or false"
	case slices.Contains([]reflect.Kind{reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr}, k):
		return "a whole number"
	case k == reflect.Float32 || k == reflect.Float64:
		return "a number"
	case k == reflect.String:
		return "a string"
	case k == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
		return "a string (base64)"
	case k == reflect.Slice || k == reflect.Array:
		return "a JSON array"
	case k == reflect.Map || k == reflect.Struct:
		return "a JSON object"
	}
	return "a value of another kind"
}
