package weaviatestore

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// DefaultCollection is the collection a URL without a path uses.
const DefaultCollection = "Gtrag"

// Consistency levels of Weaviate's replication, for reads and writes.
const (
	One    = "ONE"
	Quorum = "QUORUM"
	All    = "ALL"
)

// Config says where the store is and how to use it. ParseURL fills it from
// the --store URL; the zero values of the optional fields are the defaults
// documented on each.
type Config struct {
	// Hosts are host:port REST addresses of nodes of one cluster, tried in
	// order: when one cannot be reached, the store moves on to the next.
	Hosts []string
	// TLS selects https (weaviates://).
	TLS bool
	// APIKey, if set, is sent as a bearer token (WEAVIATE_API_KEY).
	APIKey string
	// Collection is the Weaviate collection (class) holding this store;
	// DefaultCollection when empty. One collection is one gtrag store.
	Collection string
	// Replicas is the replication factor a new collection is created with;
	// 0 leaves it to the server (1 unless it sets another default). An
	// existing collection keeps its own.
	Replicas int
	// ReadConsistency is the level queries ask for: ONE (default), QUORUM
	// or ALL. ONE keeps search answering while all but one replica are down.
	ReadConsistency string
	// WriteConsistency is the level writes ask for: QUORUM (default), ONE
	// or ALL. QUORUM acknowledges a write once most replicas have it.
	WriteConsistency string
	// BatchSize is the number of objects per batch request; 0 means 200.
	BatchSize int
	// Retries is how many times a failed request (unreachable node, 429,
	// 5xx, objects the batch reported as failed) is tried again; 0 means 3.
	// A negative value means none.
	Retries int
	// Backoff is the pause before the first retry, doubled for each next
	// one; 0 means 500ms.
	Backoff time.Duration
	// Timeout bounds one request; 0 means 60s.
	Timeout time.Duration
}

func (c Config) collection() string {
	if c.Collection == "" {
		return DefaultCollection
	}
	return c.Collection
}

func (c Config) batchSize() int {
	if c.BatchSize <= 0 {
		return 200
	}
	return c.BatchSize
}

func (c Config) retries() int {
	switch {
	case c.Retries < 0:
		return 0
	case c.Retries == 0:
		return 3
	}
	return c.Retries
}

func (c Config) backoff() time.Duration {
	if c.Backoff <= 0 {
		return 500 * time.Millisecond
	}
	return c.Backoff
}

func (c Config) timeout() time.Duration {
	if c.Timeout <= 0 {
		return 60 * time.Second
	}
	return c.Timeout
}

func (c Config) readConsistency() string {
	if c.ReadConsistency == "" {
		return One
	}
	return c.ReadConsistency
}

func (c Config) writeConsistency() string {
	if c.WriteConsistency == "" {
		return Quorum
	}
	return c.WriteConsistency
}

// String is the store as a URL, without the API key: the name gtrag shows
// for it in stats and errors.
func (c Config) String() string {
	scheme := "weaviate"
	if c.TLS {
		scheme = "weaviates"
	}
	return scheme + "://" + strings.Join(c.Hosts, ",") + "/" + c.collection()
}

// IsURL reports whether s names a Weaviate store (weaviate:// or
// weaviates://) rather than a directory.
func IsURL(s string) bool {
	return strings.HasPrefix(s, "weaviate://") || strings.HasPrefix(s, "weaviates://")
}

// Redact is a store URL as it may be shown: user information (a user, a
// password or a token before an '@') replaced by "xxxxx". No part of a
// valid store URL holds an '@', so everything from the scheme up to the
// last '@' goes, whatever characters a password holds.
func Redact(raw string) string {
	at := strings.LastIndex(raw, "@")
	if at < 0 {
		return raw
	}
	start := 0
	if i := strings.Index(raw, "://"); i >= 0 && i < at {
		start = i + 3
	}
	return raw[:start] + "xxxxx" + raw[at:]
}

// collectionName is what Weaviate accepts as a class name. It capitalises
// the first letter itself; gtrag asks for it as written, so that the name
// in the URL is the name in the server's schema.
var collectionName = regexp.MustCompile(`^[A-Z][_0-9A-Za-z]{0,230}$`)

var consistencyLevels = []string{One, Quorum, All}

// ParseURL reads a store URL:
//
//	weaviate://HOST:PORT[,HOST:PORT…][/COLLECTION][?replicas=N&read=LEVEL&write=LEVEL&timeout=DURATION]
//	weaviates://…   the same over TLS
//
// timeout bounds one request (Config.Timeout, default 60s): a server that
// takes connections and never answers holds a command that long for each
// request it sends, so a user on a fast network may want less
// ("timeout=5s"); a slow link to a large batch may want more.
//
// Without a port, 8080 (weaviate://) or 443 (weaviates://) is used. Several
// hosts are nodes of one cluster, tried in order. apiKey (from
// WEAVIATE_API_KEY) is kept out of the URL so that it never shows in
// traces, errors or shell history. Errors say what is wrong and show the
// form.
func ParseURL(raw, apiKey string) (Config, error) {
	const form = "want weaviate://HOST:PORT[/Collection][?replicas=N&read=ONE|QUORUM|ALL&write=ONE|QUORUM|ALL&timeout=DURATION]"
	shown := Redact(raw)
	bad := func(format string, a ...any) (Config, error) {
		return Config{}, fmt.Errorf("store URL %q: %s; %s", shown, fmt.Sprintf(format, a...), form)
	}
	if shown != raw {
		// Checked before parsing: a password holding '#', '/', '?' or a
		// space breaks the parse, whose error would quote part of it.
		return bad("credentials in the URL are not read; set WEAVIATE_API_KEY")
	}
	u, err := url.Parse(raw)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // without the URL, which the message quotes already
		}
		return bad("not a URL (%v)", err)
	}
	var c Config
	port := "8080"
	switch u.Scheme {
	case "weaviate":
	case "weaviates":
		c.TLS, port = true, "443"
	default:
		return bad("unknown scheme %q", u.Scheme)
	}
	if u.User != nil {
		return bad("credentials in the URL are not read; set WEAVIATE_API_KEY")
	}
	if u.Host == "" {
		return bad("no host")
	}
	for _, h := range strings.Split(u.Host, ",") {
		host, p, err := net.SplitHostPort(h)
		if err != nil {
			if strings.Contains(h, ":") {
				return bad("%q is not HOST:PORT", h)
			}
			host, p = h, port
		}
		if host == "" {
			return bad("empty host in %q", u.Host)
		}
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return bad("bad port %q", p)
		}
		c.Hosts = append(c.Hosts, net.JoinHostPort(host, p))
	}
	if name := strings.Trim(u.Path, "/"); name != "" {
		if !collectionName.MatchString(name) {
			return bad("collection %q must start with a capital letter and hold only letters, digits and _", name)
		}
		c.Collection = name
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return bad("unreadable parameters (%v)", err)
	}
	for k := range q {
		switch k {
		case "replicas", "read", "write", "timeout":
		default:
			return bad("unknown parameter %q", k)
		}
	}
	if v := q.Get("replicas"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return bad("replicas=%q: want a number from 1 to 100", v)
		}
		c.Replicas = n
	}
	for _, p := range []struct {
		key string
		dst *string
	}{{"read", &c.ReadConsistency}, {"write", &c.WriteConsistency}} {
		if v := q.Get(p.key); v != "" {
			v = strings.ToUpper(v)
			if !slices.Contains(consistencyLevels, v) {
				return bad("%s=%q: want ONE, QUORUM or ALL", p.key, q.Get(p.key))
			}
			*p.dst = v
		}
	}
	if v := q.Get("timeout"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second || d > 10*time.Minute {
			return bad("timeout=%q: want a duration from 1s to 10m, such as 10s", v)
		}
		c.Timeout = d
	}
	c.APIKey = apiKey
	return c, nil
}
