package service_test

import (
	"context"
	"errors"
	"testing"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

// scanOnly is a store that lists its papers and scans its documents, as the
// Weaviate store does, without the embedded store's read of one paper.
type scanOnly struct{ db *vectordb.DB }

func (s scanOnly) Query(ctx context.Context, q string, k int) ([]vectordb.Result, error) {
	return s.db.Query(ctx, q, k)
}
func (s scanOnly) Add(ctx context.Context, d []vectordb.Document) (int, error) {
	return s.db.Add(ctx, d)
}
func (s scanOnly) HasPaper(id string) bool                  { return s.db.HasPaper(id) }
func (s scanOnly) Count() int                               { return s.db.Count() }
func (s scanOnly) Info() vectordb.Info                      { return s.db.Info() }
func (s scanOnly) Close() error                             { return s.db.Close() }
func (s scanOnly) Papers(context.Context) ([]string, error) { return s.db.Papers(), nil }
func (s scanOnly) Documents(ctx context.Context, fn func(vectordb.Document) error) error {
	return s.db.Documents(ctx, fn)
}

// Service.Paper finds a paper by id with or without its version, and
// gives the same paper whether the store reads one paper's chunks or scans
// them all.
func TestServicePaper(t *testing.T) {
	ctx := context.Background()
	cfg := offline(t, "http://127.0.0.1:1/api/query")
	svc := openService(t, cfg)
	papers := arxivtest.Papers(0, 4) // 2401.00000v1 … and cs/0101003v1
	if err := addPapers(ctx, svc.Store(), papers); err != nil {
		t.Fatal(err)
	}
	ids, err := svc.PaperIDs(ctx)
	if err != nil || len(ids) != 4 {
		t.Fatalf("PaperIDs = %v, %v; want the 4 papers", ids, err)
	}

	db, ok := svc.Store().(*vectordb.DB)
	if !ok {
		t.Fatalf("the embedded store is a %T", svc.Store())
	}
	scan := service.New(scanOnly{db}, reasoner.Set{}, &arxiv.Client{})
	for _, p := range papers {
		want, err := svc.Paper(ctx, p.ID)
		if err != nil {
			t.Fatalf("Paper(%s): %v", p.ID, err)
		}
		if want.ID != p.ID || want.Title != p.Title || want.Summary == "" {
			t.Errorf("Paper(%s) = %+v", p.ID, want)
		}
		bare := p.ID[:len(p.ID)-2] // without "v1"
		if got, err := svc.Paper(ctx, bare); err != nil || got.ID != p.ID {
			t.Errorf("Paper(%s) = %s, %v; want %s", bare, got.ID, err, p.ID)
		}
		got, err := scan.Paper(ctx, p.ID)
		if err != nil || got.Summary != want.Summary || got.Chunks != want.Chunks || got.Title != want.Title {
			t.Errorf("by scan, Paper(%s) = %+v, %v; by one read %+v", p.ID, got, err, want)
		}
	}
	for _, absent := range []string{"2401.0000", "2401.00000v2", "2999.99999"} {
		if _, err := svc.Paper(ctx, absent); !errors.Is(err, service.ErrPaperNotFound) {
			t.Errorf("Paper(%s): %v, want ErrPaperNotFound", absent, err)
		}
	}
}

// addPapers stores papers as `ingest --no-filter` would.
func addPapers(ctx context.Context, store service.Store, papers []arxiv.Paper) error {
	in := &ingest.Ingester{Store: store}
	_, err := in.Papers(ctx, ingest.PaperList(papers))
	return err
}
