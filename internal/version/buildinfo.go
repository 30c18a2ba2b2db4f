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

// Build is what a binary knows of itself, for `gtrag version --json`.
type Build struct {
	Version   string `json:"version"`
	Commit    string `json:"commit,omitempty"`    // the VCS revision, 12 digits
	Committed string `json:"committed,omitempty"` // when that commit was made, RFC 3339
	Modified  bool   `json:"modified,omitempty"`  // built from a tree with changes not committed
	Go        string `json:"go"`
	Platform  string `json:"platform"` // GOOS/GOARCH
}

// Info describes this build.
func Info() Build {
	b := Build{Version: Version, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi, ok := debug.ReadBuildInfo(); ok {
		s := settings(bi)
		b.Commit = short(s["vcs.revision"])
		b.Committed = s["vcs.time"]
		b.Modified = s["vcs.modified"] == "true"
	}
	return b
}

// Long describes the build for `gtrag version`: the version, the commit it
// was built from and when that commit was made (when the binary knows), the
// Go version and the platform.
func Long() string {
	b := Info()
	var parts []string
	if b.Commit != "" && !strings.Contains(b.Version, b.Commit) {
		parts = append(parts, "commit "+b.Commit)
	}
	if b.Committed != "" {
		parts = append(parts, "committed "+b.Committed)
	}
	parts = append(parts, b.Go, b.Platform)
	return fmt.Sprintf("gtrag %s (%s)", b.Version, strings.Join(parts, ", "))
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
