package weaviatetest

import (
	"net/http"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// The shared node answers ready, and names itself in its meta endpoint
// with the pinned version.
func TestSharedNodeIsReady(t *testing.T) {
	n := Shared(t)
	resp, err := http.Get("http://" + n.Addr() + "/v1/meta")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var meta struct {
		Version string `json:"version"`
	}
	require.NoError(t, decode(resp, &meta))
	require.Equal(t, Version, "v"+meta.Version)
	require.Same(t, n, Shared(t), "one node per package")
}

func TestClusterNodesSeeEachOther(t *testing.T) {
	nodes := Cluster(t, 2)
	for _, n := range nodes {
		resp, err := http.Get("http://" + n.Addr() + "/v1/nodes")
		require.NoError(t, err)
		var out struct {
			Nodes []struct {
				Name   string `json:"name"`
				Status string `json:"status"`
			} `json:"nodes"`
		}
		require.NoError(t, decode(resp, &out))
		resp.Body.Close()
		require.Len(t, out.Nodes, 2, "node %s", n.Name)
		for _, m := range out.Nodes {
			require.Equal(t, "HEALTHY", m.Status, m.Name)
		}
	}
	require.NoError(t, nodes[1].Stop())
	require.False(t, nodes[1].Running())
}
