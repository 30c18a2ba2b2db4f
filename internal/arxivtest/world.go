package arxivtest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/gtrag/gtrag/arxiv"
)

// WorldPapersFile is where the written papers of the test world live,
// relative to the module root: papers written by hand for the evaluation
// questions (testdata/world/README.md).
const WorldPapersFile = "testdata/world/papers.jsonl"

// DefaultBackground is how many generated papers a world has unless told
// otherwise: enough that a loose query drowns in look-alikes, as on arXiv.
const DefaultBackground = 10000

// WorldConfig says what a world holds. The zero value is not useful; start
// from the defaults World applies (the written papers when the file
// exists, DefaultBackground generated papers, seed 1).
type WorldConfig struct {
	// PapersFile holds the written papers (JSON Lines or Atom, as
	// `gtrag ingest --file` reads): one file, or several joined by the
	// OS's path-list separator (":" on Unix), read in order. "" means
	// none.
	PapersFile string
	// Background is the number of generated papers (at most MaxBackground).
	Background int
	// Seed chooses the generated papers.
	Seed uint64
}

// WorldOption changes a WorldConfig.
type WorldOption func(*WorldConfig)

// WithPapersFile reads the written papers from path instead ("" for none).
func WithPapersFile(path string) WorldOption { return func(c *WorldConfig) { c.PapersFile = path } }

// WithBackground sets the number of generated papers.
func WithBackground(n int) WorldOption { return func(c *WorldConfig) { c.Background = n } }

// WithSeed sets the generator's seed.
func WithSeed(seed uint64) WorldOption { return func(c *WorldConfig) { c.Seed = seed } }

// DefaultWorld is the configuration World starts from: the module's
// written papers if the file exists (found by walking up from the working
// directory to go.mod), DefaultBackground papers, seed 1.
func DefaultWorld() WorldConfig {
	c := WorldConfig{Background: DefaultBackground, Seed: 1}
	if root, err := moduleRoot(); err == nil {
		path := filepath.Join(root, WorldPapersFile)
		if _, err := os.Stat(path); err == nil {
			c.PapersFile = path
		}
	}
	return c
}

// WorldPapers is the papers of the world c describes: the written papers
// first, then the generated ones; a generated paper whose id (without
// version) a written one already has is left out, so the written text
// always wins.
func WorldPapers(c WorldConfig) ([]arxiv.Paper, error) {
	var papers []arxiv.Paper
	for _, path := range filepath.SplitList(c.PapersFile) {
		more, err := readPapersFile(path)
		if err != nil {
			return nil, err
		}
		papers = append(papers, more...)
	}
	written := make(map[string]bool, len(papers))
	for _, p := range papers {
		written[arxiv.BaseID(p.ID)] = true
	}
	for _, p := range BackgroundPapers(c.Background, c.Seed) {
		if !written[arxiv.BaseID(p.ID)] {
			papers = append(papers, p)
		}
	}
	return papers, nil
}

// readPapersFile reads one file of written papers.
func readPapersFile(path string) ([]arxiv.Paper, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read the world's written papers: %w", err)
	}
	defer f.Close()
	papers, err := arxiv.ReadPapers(f)
	if err != nil {
		return nil, fmt.Errorf("read the world's written papers from %s: %w", path, err)
	}
	return papers, nil
}

// worlds caches built worlds by configuration: generating and indexing
// 10,000 papers takes a moment, and many tests want the same world. The
// papers and index are read-only, so servers share them.
var worlds sync.Map // WorldConfig → *builtWorld

type builtWorld struct {
	once   sync.Once
	papers []arxiv.Paper
	index  *Index
	err    error
}

// World starts a fake arXiv serving the test world: the written papers
// (testdata/world/papers.jsonl, when present) among thousands of generated
// ones (see Background), ranked like arXiv. Options change what it holds;
// WorldWith also takes server options (a layout, MatchAll). The world is
// built once per configuration and test binary: about a second for the
// default 10,000 papers (several under -race), so a test that does not
// need them all asks for fewer with WithBackground.
//
//	srv := arxivtest.World(t)
//	srv := arxivtest.World(t, arxivtest.WithBackground(2000), arxivtest.WithPapersFile(""))
func World(t testing.TB, opts ...WorldOption) *Server {
	return WorldWith(t, nil, opts...)
}

// WorldWith is World with server options (WithLayout…).
func WorldWith(t testing.TB, server []Option, opts ...WorldOption) *Server {
	t.Helper()
	c := DefaultWorld()
	for _, o := range opts {
		o(&c)
	}
	papers, ix, err := buildWorld(c)
	if err != nil {
		t.Fatal(err)
	}
	return New(t, papers, append([]Option{withIndex(ix)}, server...)...)
}

// NewWorldHandler is the world c describes as an http.Handler, for a
// server of one's own (cmd/arxivworld).
func NewWorldHandler(c WorldConfig, opts ...Option) (*Server, error) {
	papers, ix, err := buildWorld(c)
	if err != nil {
		return nil, err
	}
	return NewHandler(papers, append([]Option{withIndex(ix)}, opts...)...), nil
}

func buildWorld(c WorldConfig) ([]arxiv.Paper, *Index, error) {
	v, _ := worlds.LoadOrStore(c, &builtWorld{})
	w := v.(*builtWorld)
	w.once.Do(func() {
		w.papers, w.err = WorldPapers(c)
		if w.err == nil {
			w.index = NewIndex(w.papers)
		}
	})
	return w.papers, w.index, w.err
}

// moduleRoot is the nearest directory at or above the working directory
// that holds go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}
