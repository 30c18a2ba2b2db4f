package version

import (
	"runtime/debug"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	rev := []debug.BuildSetting{{Key: "vcs.revision", Value: "f8caee0abcd1234567890"}}
	dirty := append(rev, debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	for _, tc := range []struct {
		name string
		bi   debug.BuildInfo
		want string
	}{
		{"go install of a tag", debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, "v1.2.0"},
		{"a checkout with a pseudo-version", debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261123171700-f8caee0abcd1+dirty"}, Settings: rev}, "v0.0.0-20261123171700-f8caee0abcd1+dirty"},
		{"devel with a revision", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: rev}, "devel-f8caee0abcd1"},
		{"devel, modified", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: dirty}, "devel-f8caee0abcd1+dirty"},
		{"nothing known", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "dev"},
	} {
		if got := fromBuildInfo(&tc.bi); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
