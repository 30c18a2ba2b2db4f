package vectordb_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"

	"github.com/gtrag/gtrag/vectordb"
)

func TestPaperDocuments(t *testing.T) {
	ctx := context.Background()
	db, err := vectordb.Open(ctx, t.TempDir(), vectordb.NewOfflineEmbedder())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var docs []vectordb.Document
	add := func(paper string, chunks int) {
		for i := range chunks {
			docs = append(docs, vectordb.Document{
				ID:      fmt.Sprintf("%s_chunk_%d", paper, i),
				Content: fmt.Sprintf("%s part %d about auctions", paper, i),
				Metadata: map[string]string{
					"paper_id": paper, "title": "Title of " + paper, "chunk_index": strconv.Itoa(i),
				},
			})
		}
	}
	add("2401.00001v1", 12) // chunk_10 sorts before chunk_2 as a key
	add("2401.00002v1", 2)
	if _, err := db.Add(ctx, docs); err != nil {
		t.Fatal(err)
	}

	got, err := db.PaperDocuments(ctx, "2401.00001v1")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 12 {
		t.Fatalf("%d chunks, want 12", len(got))
	}
	for i, d := range got {
		if want := fmt.Sprintf("2401.00001v1_chunk_%d", i); d.ID != want {
			t.Errorf("chunk %d is %s, want %s", i, d.ID, want)
		}
		if d.Metadata["title"] != "Title of 2401.00001v1" || d.PaperID() != "2401.00001v1" {
			t.Errorf("%s: metadata %v", d.ID, d.Metadata)
		}
	}
	if got, _ := db.PaperDocuments(ctx, "2401.00002v1"); len(got) != 2 {
		t.Errorf("the other paper has %d chunks, want 2", len(got))
	}
	// The id must carry the stored version.
	for _, absent := range []string{"2401.00001", "2401.00001v2", "2401.00003v1", ""} {
		if got, err := db.PaperDocuments(ctx, absent); err != nil || len(got) != 0 {
			t.Errorf("PaperDocuments(%q) = %d documents, %v; want none", absent, len(got), err)
		}
	}
}
