package arxiv

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

// APIError is arXiv's own error answer: an Atom feed whose single entry
// carries the message, for example "incorrect id format for 1234.12345".
// arXiv sends it with HTTP 400 (sometimes 200). It is never retried: asking
// again gets the same answer.
type APIError struct {
	Status  int // HTTP status; 0 when the feed was read by ParseFeed alone
	Message string
}

func (e *APIError) Error() string {
	if e.Status == 0 {
		return "arXiv API error: " + e.Message
	}
	return fmt.Sprintf("arXiv API error (HTTP %d): %s", e.Status, e.Message)
}

// StatusError is an HTTP failure that is not arXiv's error feed: 429, 5xx,
// 403, 404... Message is a short excerpt of what the server said, if
// anything readable.
type StatusError struct {
	Status     int
	Message    string
	RetryAfter time.Duration // from the Retry-After header, 0 if none
}

func (e *StatusError) Error() string {
	s := fmt.Sprintf("arXiv answered HTTP %d %s", e.Status, http.StatusText(e.Status))
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// Refused reports whether err says that arXiv refused the request itself:
// its error feed (*APIError), or HTTP 400 Bad Request whatever the body (a
// proxy's plain text, an empty page). Asking again gets the same answer,
// so a query so refused is the caller's to change, not to retry.
func Refused(err error) bool {
	var apiErr *APIError
	var se *StatusError
	return errors.As(err, &apiErr) || errors.As(err, &se) && se.Status == http.StatusBadRequest
}

// transientError marks a failure worth another attempt (connection error,
// timeout, 429, 5xx, a page that is not a feed). It adds nothing to the
// message; errors.Is/As see through it.
type transientError struct{ err error }

func (e *transientError) Error() string { return e.err.Error() }
func (e *transientError) Unwrap() error { return e.err }

func transient(err error) error { return &transientError{err: err} }

func isTransient(err error) bool {
	var t *transientError
	return errors.As(err, &t)
}
