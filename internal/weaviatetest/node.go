package weaviatetest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Version is the Weaviate server the tests run, as the Makefile's
// weaviate-server target builds it.
const Version = "v1.35.2"

// BinEnv names the environment variable holding the server binary's path.
const BinEnv = "GTRAG_WEAVIATE_BIN"

// ReadyTimeout bounds how long a node may take to answer ready. One node
// needs about 9 s on an idle 2-core machine; a loaded one needs more.
var ReadyTimeout = 3 * time.Minute

// DefaultBinary is where `make weaviate-server` puts the server:
// $XDG_CACHE_HOME/gtrag/weaviate-VERSION/weaviate-server, else under
// ~/.cache. getenv is os.Getenv in tests.
func DefaultBinary(getenv func(string) string) string {
	cache := getenv("XDG_CACHE_HOME")
	if cache == "" {
		home := getenv("HOME")
		if home == "" {
			return ""
		}
		cache = filepath.Join(home, ".cache")
	}
	return filepath.Join(cache, "gtrag", "weaviate-"+Version, "weaviate-server")
}

// FindBinary returns the server binary: $GTRAG_WEAVIATE_BIN, else the
// default cache location if something is there.
func FindBinary() (string, error) {
	path := os.Getenv(BinEnv)
	if path == "" {
		path = DefaultBinary(os.Getenv)
	}
	if path == "" {
		return "", fmt.Errorf("weaviate-server %s not found: %s is unset and there is no home directory; run `make weaviate-server`", Version, BinEnv)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return "", fmt.Errorf("weaviate-server %s not found at %s: run `make weaviate-server` (or `make test`), or set %s", Version, path, BinEnv)
	}
	if fi.IsDir() || fi.Mode()&0o111 == 0 {
		return "", fmt.Errorf("weaviate-server at %s is not an executable file; run `make weaviate-server` again", path)
	}
	return path, nil
}

// Node is one running Weaviate server. Its ports are all on 127.0.0.1.
type Node struct {
	Name string // its CLUSTER_HOSTNAME: node1, node2, …
	Dir  string // PERSISTENCE_DATA_PATH; the server's log is Dir/../NAME.log

	HTTP, GRPC, Gossip, Data, Raft, RaftRPC int

	bin     string
	env     []string
	logPath string
	cmd     *exec.Cmd
	done    chan struct{} // closed when the process has exited
	waitErr error
}

// Addr is the node's REST address, host:port.
func (n *Node) Addr() string { return "127.0.0.1:" + strconv.Itoa(n.HTTP) }

// URL is the node as gtrag's --store spells it: weaviate://127.0.0.1:PORT.
func (n *Node) URL() string { return "weaviate://" + n.Addr() }

// Running reports whether the process is still alive.
func (n *Node) Running() bool {
	if n.done == nil {
		return false
	}
	select {
	case <-n.done:
		return false
	default:
		return true
	}
}

// Stop asks the node to shut down (SIGTERM) and waits for it, killing it
// after 20 s. Stopping a stopped node does nothing.
func (n *Node) Stop() error { return n.stop(syscall.SIGTERM, 20*time.Second) }

// Kill ends the node at once (SIGKILL), as a crash or a pulled plug would.
func (n *Node) Kill() error { return n.stop(syscall.SIGKILL, 0) }

func (n *Node) stop(sig syscall.Signal, grace time.Duration) error {
	if !n.Running() {
		return nil
	}
	_ = n.cmd.Process.Signal(sig)
	if grace > 0 {
		select {
		case <-n.done:
			return nil
		case <-time.After(grace):
			_ = n.cmd.Process.Kill()
		}
	}
	<-n.done
	return nil
}

// Log returns the last n bytes of the node's log, for failure messages.
func (n *Node) Log(max int) string {
	b, err := os.ReadFile(n.logPath)
	if err != nil {
		return ""
	}
	if len(b) > max {
		b = b[len(b)-max:]
	}
	return string(b)
}

// Restart starts a stopped node again with the same ports and data, and
// waits until it is ready.
func (n *Node) Restart(ctx context.Context) error {
	if n.Running() {
		return fmt.Errorf("weaviate %s is still running", n.Name)
	}
	if err := n.start(); err != nil {
		return err
	}
	return n.waitReady(ctx)
}

// newNodes prepares count nodes of one cluster under dir, with free ports,
// without starting them.
func newNodes(bin, dir string, count int) ([]*Node, error) {
	ports, err := freePorts(6 * count)
	if err != nil {
		return nil, err
	}
	nodes := make([]*Node, count)
	var raftJoin []string
	for i := range nodes {
		p := ports[6*i : 6*i+6]
		n := &Node{
			Name: fmt.Sprintf("node%d", i+1),
			HTTP: p[0], GRPC: p[1], Gossip: p[2], Data: p[3], Raft: p[4], RaftRPC: p[5],
			bin: bin,
		}
		n.Dir = filepath.Join(dir, n.Name)
		n.logPath = filepath.Join(dir, n.Name+".log")
		if err := os.MkdirAll(n.Dir, 0o755); err != nil {
			return nil, err
		}
		nodes[i] = n
		raftJoin = append(raftJoin, fmt.Sprintf("%s:%d", n.Name, n.Raft))
	}
	for i, n := range nodes {
		env := []string{
			"PATH=" + os.Getenv("PATH"),
			"HOME=" + dir,
			"TMPDIR=" + dir,
			"AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED=true",
			"PERSISTENCE_DATA_PATH=" + n.Dir,
			"DEFAULT_VECTORIZER_MODULE=none",
			"ENABLE_MODULES=",
			"DISABLE_TELEMETRY=true",
			"GO_PROFILING_DISABLE=true", // else every node binds :6060
			"PROMETHEUS_MONITORING_ENABLED=false",
			"LOG_LEVEL=warning",
			"LOG_FORMAT=text",
			"CLUSTER_HOSTNAME=" + n.Name,
			// Without these the node advertises the machine's IPv6
			// address and dies ("too many colons in address"); with
			// CLUSTER_IN_LOCALHOST the nodes find each other on
			// loopback, as Weaviate's own tools/dev/run_dev_server.sh
			// runs them.
			"CLUSTER_IN_LOCALHOST=true",
			"CLUSTER_ADVERTISE_ADDR=127.0.0.1",
			"CLUSTER_BIND_ADDR=127.0.0.1",
			"CLUSTER_GOSSIP_BIND_PORT=" + strconv.Itoa(n.Gossip),
			"CLUSTER_DATA_BIND_PORT=" + strconv.Itoa(n.Data),
			"RAFT_PORT=" + strconv.Itoa(n.Raft),
			"RAFT_INTERNAL_RPC_PORT=" + strconv.Itoa(n.RaftRPC),
			"RAFT_JOIN=" + strings.Join(raftJoin, ","),
			"RAFT_BOOTSTRAP_EXPECT=" + strconv.Itoa(count),
			"GRPC_PORT=" + strconv.Itoa(n.GRPC),
		}
		if i > 0 {
			env = append(env, "CLUSTER_JOIN="+fmt.Sprintf("127.0.0.1:%d", nodes[0].Gossip))
		}
		n.env = env
	}
	return nodes, nil
}

func (n *Node) start() error {
	logf, err := os.OpenFile(n.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("weaviate log: %w", err)
	}
	cmd := exec.Command(n.bin, "--scheme", "http", "--host", "127.0.0.1", "--port", strconv.Itoa(n.HTTP))
	cmd.Env = n.env
	cmd.Stdout = logf
	cmd.Stderr = logf
	cmd.SysProcAttr = sysProcAttr()
	if err := cmd.Start(); err != nil {
		logf.Close()
		return fmt.Errorf("start weaviate %s: %w", n.Name, err)
	}
	n.cmd = cmd
	n.done = make(chan struct{})
	go func() {
		n.waitErr = cmd.Wait()
		logf.Close()
		close(n.done)
	}()
	return nil
}

// waitReady polls /v1/.well-known/ready until it answers 200, the process
// exits, ctx ends or ReadyTimeout passes.
func (n *Node) waitReady(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, ReadyTimeout)
	defer cancel()
	client := &http.Client{Timeout: 2 * time.Second}
	url := "http://" + n.Addr() + "/v1/.well-known/ready"
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if resp, err := client.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-n.done:
			return fmt.Errorf("weaviate %s exited before it was ready (%v); log:\n%s", n.Name, n.waitErr, n.Log(4000))
		case <-ctx.Done():
			return fmt.Errorf("weaviate %s not ready at %s: %w; log:\n%s", n.Name, url, ctx.Err(), n.Log(4000))
		case <-tick.C:
		}
	}
}

// waitPort waits until something accepts TCP connections on port.
func waitPort(ctx context.Context, n *Node, port int) error {
	ctx, cancel := context.WithTimeout(ctx, ReadyTimeout)
	defer cancel()
	addr := "127.0.0.1:" + strconv.Itoa(port)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return nil
		}
		select {
		case <-n.done:
			return fmt.Errorf("weaviate %s exited before it listened on %s (%v); log:\n%s", n.Name, addr, n.waitErr, n.Log(4000))
		case <-ctx.Done():
			return fmt.Errorf("weaviate %s never listened on %s: %w", n.Name, addr, ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Start starts one node under dir and waits until it is ready. The caller
// stops it.
func Start(ctx context.Context, bin, dir string) (*Node, error) {
	nodes, err := StartCluster(ctx, bin, dir, 1)
	if err != nil {
		return nil, err
	}
	return nodes[0], nil
}

// StartCluster starts count nodes that form one cluster (Raft and gossip on
// loopback) under dir, and waits until every one is ready. The first node
// is started first; the others join through its gossip port once it
// accepts connections, since a node that cannot join at start exits. The
// caller stops them; on error none is left running.
func StartCluster(ctx context.Context, bin, dir string, count int) (nodes []*Node, err error) {
	if count < 1 {
		return nil, errors.New("a cluster needs at least one node")
	}
	nodes, err = newNodes(bin, dir, count)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			for _, n := range nodes {
				n.Kill()
			}
		}
	}()
	if err := nodes[0].start(); err != nil {
		return nil, err
	}
	if count > 1 {
		if err := waitPort(ctx, nodes[0], nodes[0].Gossip); err != nil {
			return nil, err
		}
	}
	for _, n := range nodes[1:] {
		if err := n.start(); err != nil {
			return nil, err
		}
	}
	for _, n := range nodes {
		if err := n.waitReady(ctx); err != nil {
			return nil, err
		}
	}
	return nodes, nil
}

// freePorts returns n consecutive TCP ports, all free a moment ago on
// 127.0.0.1, below the kernel's ephemeral range (32768 and up on Linux) so
// that outgoing connections do not take them. They are consecutive because
// a Weaviate node reaches a peer's Raft RPC port as its Raft port + 1 and
// its data port as its gossip port + 1, whatever those peers were told. All
// listeners are held until the block is chosen; another process may still
// take a port before the server binds it, which shows as a server that
// exits with "address in use".
func freePorts(n int) ([]int, error) {
	const lo, hi = 10000, 32000
	for range 200 {
		base := lo + rand.IntN(hi-lo-n)
		var ls []net.Listener
		ok := true
		for p := base; p < base+n; p++ {
			l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(p))
			if err != nil {
				ok = false
				break
			}
			ls = append(ls, l)
		}
		for _, l := range ls {
			l.Close()
		}
		if ok {
			ports := make([]int, n)
			for i := range ports {
				ports[i] = base + i
			}
			return ports, nil
		}
	}
	return nil, fmt.Errorf("no block of %d free ports found between %d and %d", n, lo, hi)
}
