// Package httpwait reads how long an HTTP server asks a client to wait.
package httpwait

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RetryAfter is the wait a Retry-After header value asks for, seconds
// (whole or not) or an HTTP date, relative to now; 0 for none, a past
// date, or a value that is neither. It is capped at a day: a larger value
// is a server's mistake, and the callers bound their waits below it.
func RetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		if secs <= 0 || math.IsNaN(secs) {
			return 0
		}
		return time.Duration(min(secs, 24*3600) * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d
		}
	}
	return 0
}
