// Command arxivworld serves the test world — the written papers among
// thousands of generated ones, ranked like arXiv — on a fixed address, for
// a person running gtrag against it:
//
//	go run ./internal/arxivtest/cmd/arxivworld -addr 127.0.0.1:8089 &
//	gtrag eval --fresh --arxiv-url http://127.0.0.1:8089/api/query testdata/world/questions.jsonl
//
// It prints the query URL on stdout once it is listening and runs until
// interrupted (SIGINT or SIGTERM). -v logs every request on stderr; -stats
// prints what the generated background holds and exits.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/gtrag/gtrag/internal/arxivtest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run serves until ctx ends and returns the exit code: 2 for bad usage, 1
// when the world cannot be built or served.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	def := arxivtest.DefaultWorld()
	fs := flag.NewFlagSet("arxivworld", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8089", "address to listen on")
	papers := fs.String("papers", def.PapersFile, `written papers (JSON Lines or Atom; several files joined by "`+string(filepath.ListSeparator)+`"); "" for none`)
	background := fs.Int("background", arxivtest.DefaultBackground, fmt.Sprintf("generated papers (at most %d)", arxivtest.MaxBackground))
	seed := fs.Uint64("seed", 1, "seed of the generated papers")
	layout := fs.String("layout", "classic", "response layout: classic or modern")
	verbose := fs.Bool("v", false, "log every request on stderr")
	stats := fs.Bool("stats", false, "print what the generated background holds, then exit")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: arxivworld [-addr HOST:PORT] [-papers FILE] [-background N] [-seed N] [-layout classic|modern] [-v] [-stats]\n\n")
		fmt.Fprintf(stderr, "Serves a fake arXiv API over the test world until interrupted.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "arxivworld: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *background < 0 || *background > arxivtest.MaxBackground {
		fmt.Fprintf(stderr, "arxivworld: -background must be between 0 and %d\n", arxivtest.MaxBackground)
		return 2
	}
	var opts []arxivtest.Option
	switch *layout {
	case "classic":
	case "modern":
		opts = append(opts, arxivtest.WithLayout(arxivtest.Modern))
	default:
		fmt.Fprintf(stderr, "arxivworld: -layout must be classic or modern, not %q\n", *layout)
		return 2
	}
	if *stats {
		printStats(stdout, arxivtest.Background(*background, *seed))
		return 0
	}

	start := time.Now()
	srv, err := arxivtest.NewWorldHandler(arxivtest.WorldConfig{PapersFile: *papers, Background: *background, Seed: *seed}, opts...)
	if err != nil {
		fmt.Fprintf(stderr, "arxivworld: %v\n", err)
		return 1
	}
	if *verbose {
		srv.OnRequest(func(r arxivtest.Request) {
			if r.IDs != nil {
				fmt.Fprintf(stderr, "#%d id_list=%v\n", r.N, r.IDs)
				return
			}
			fmt.Fprintf(stderr, "#%d search_query=%s start=%d max_results=%d sortBy=%s sortOrder=%s\n", r.N, r.Query, r.Start, r.Max, r.SortBy, r.SortOrder)
		})
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "arxivworld: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "arxivworld: %d papers (written from %q, %d generated, seed %d), ready in %s\n",
		srv.Len(), *papers, *background, *seed, time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(stdout, "http://%s/api/query\n", ln.Addr())

	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		fmt.Fprintf(stderr, "arxivworld: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	srv.Close() // end stalled requests (none unless a fault was set)
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdown); err != nil {
		fmt.Fprintf(stderr, "arxivworld: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "arxivworld: answered %d requests\n", len(srv.Requests()))
	return 0
}

func printStats(w io.Writer, gs []arxivtest.Generated) {
	st := arxivtest.Stats(gs)
	pct := func(n, of int) float64 { return 100 * float64(n) / float64(max(of, 1)) }
	gt, d := st.ByKind[arxivtest.GameTheory], st.ByKind[arxivtest.Distractor]
	fmt.Fprintf(w, "papers\t%d\n", st.Papers)
	for _, k := range []arxivtest.Kind{arxivtest.Crowd, arxivtest.Distractor, arxivtest.GameTheory} {
		fmt.Fprintf(w, "%s\t%d\t%.1f%%\n", k, st.ByKind[k], pct(st.ByKind[k], st.Papers))
	}
	fmt.Fprintf(w, "game-theory abstracts saying \"game theory\"\t%d\t%.1f%%\n", st.GameTheorySayingIt, pct(st.GameTheorySayingIt, gt))
	fmt.Fprintf(w, "distractors with game/strategy/equilibrium/player\t%d\t%.1f%%\n", st.DistractorsWithGameWords, pct(st.DistractorsWithGameWords, d))
	fmt.Fprintf(w, "distractors with any game word (also Nash, auction, bargaining, bid, payoff, cooperation)\t%d\t%.1f%%\n", st.DistractorsWithAnyGameWord, pct(st.DistractorsWithAnyGameWord, d))
	fmt.Fprintf(w, "papers with an author named like a game word\t%d\t%.1f%%\n", st.ByWordSurname, pct(st.ByWordSurname, st.Papers))
}
