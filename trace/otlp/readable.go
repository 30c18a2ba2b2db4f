package otlp

import (
	"fmt"
	"mime"
	"net/http"
	"strings"
	"unicode/utf8"
)

// maxBody caps the collector's response body quoted in an export error.
const maxBody = 160

// readable shortens the response body the OTLP/HTTP exporter quotes whole
// in its error ("501 Unsupported method ('POST') (body: <!DOCTYPE HTML>
// <html …>…</html>)"), which made the note of a failed export a screenful
// of markup. The status, before it, is what says what went wrong; the body
// is kept only as a short line of plain text (a collector's "unsupported
// content type"), with its white space folded, and is otherwise described
// (an HTML page; so many bytes of anything else). The result still unwraps to
// err, so errors.Is and errors.As see the exporter's own errors.
func readable(err error) error {
	body := exportBody(err)
	if body == "" {
		return err
	}
	short := shortBody(strings.TrimPrefix(body, "body: "))
	return &shortenedError{msg: strings.Replace(err.Error(), body, "body: "+short, 1), err: err}
}

// exportBody is the message of the error in err's chain that quotes the
// response body ("body: …", as otlptracehttp makes it), or "".
func exportBody(err error) string {
	for err != nil {
		if msg := err.Error(); strings.HasPrefix(msg, "body: ") {
			return msg
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				if b := exportBody(e); b != "" {
					return b
				}
			}
			return ""
		default:
			return ""
		}
	}
	return ""
}

// shortBody is body as it is shown: plain text on one line, at most
// maxBody bytes; anything else named by its kind and size.
func shortBody(body string) string {
	kind, _, _ := mime.ParseMediaType(http.DetectContentType([]byte(body)))
	switch {
	case kind == "text/html":
		return "an HTML page, not shown"
	case kind != "text/plain" || !utf8.ValidString(body):
		return fmt.Sprintf("%d bytes, not shown", len(body))
	}
	body = strings.Join(strings.Fields(body), " ")
	if len(body) <= maxBody {
		return body
	}
	cut := maxBody
	for cut > 0 && !utf8.RuneStart(body[cut]) {
		cut--
	}
	return body[:cut] + "…"
}

// shortenedError is an error with a more readable message than the one it
// wraps.
type shortenedError struct {
	msg string
	err error
}

func (e *shortenedError) Error() string { return e.msg }
func (e *shortenedError) Unwrap() error { return e.err }
