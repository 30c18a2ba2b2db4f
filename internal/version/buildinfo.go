package version

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// A build without -ldflags (`go install github.com/gtrag/gtrag/cmd/gtrag@v1.2.0`,
// `go build ./cmd/gtrag` in a checkout) still knows what it is: the go
// command stamps the module version and the VCS state into the binary. The
// ldflags value wins when the Makefile sets one, since `git describe` names
// tags the module proxy may not have.
func init() {
	if Version != "dev" {
		return
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		Version = fromBuildInfo(bi)
	}
}

// fromBuildInfo is the module version the go command stamped ("v1.2.0", or
// a pseudo-version such as "v0.0.0-20261123171700-f8caee0abcd1+dirty" for
// a checkout), else the VCS revision ("devel-f8caee0abcd1"), else "dev".
func fromBuildInfo(bi *debug.BuildInfo) string {
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	s := settings(bi)
	if rev := s["vcs.revision"]; rev != "" {
		v := "devel-" + short(rev)
		if s["vcs.modified"] == "true" {
			v += "+dirty"
		}
		return v
	}
	return "dev"
}

// Long describes the build for `gtrag version`: the version, the commit it
// was built from and when that commit was made (when the binary knows), the
// Go version and the platform.
func Long() string {
	var b strings.Builder
	fmt.Fprintf(&b, "gtrag %s", Version)
	var parts []string
	if bi, ok := debug.ReadBuildInfo(); ok {
		s := settings(bi)
		if rev := s["vcs.revision"]; rev != "" && !strings.Contains(Version, short(rev)) {
			parts = append(parts, "commit "+short(rev))
		}
		if t := s["vcs.time"]; t != "" {
			parts = append(parts, "committed "+t)
		}
	}
	parts = append(parts, runtime.Version(), runtime.GOOS+"/"+runtime.GOARCH)
	fmt.Fprintf(&b, " (%s)", strings.Join(parts, ", "))
	return b.String()
}

func settings(bi *debug.BuildInfo) map[string]string {
	m := make(map[string]string, len(bi.Settings))
	for _, s := range bi.Settings {
		m[s.Key] = s.Value
	}
	return m
}

func short(rev string) string {
	if len(rev) > 12 {
		return rev[:12]
	}
	return rev
}
