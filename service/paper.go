package service

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/gtrag/gtrag/vectordb"
)

// ErrPaperNotFound is returned by Service.Paper for a paper the store does
// not hold.
var ErrPaperNotFound = errors.New("the paper is not in the knowledge base")

// PaperIDs lists the stored papers with their versions, sorted, without
// reading their chunks: the embedded store keeps the list in memory; a
// Weaviate store reads every chunk's paper id, a request per thousand
// chunks. It is what a server lists on every call; Papers, which reads
// every chunk, is for commands that want them all.
func (s *Service) PaperIDs(ctx context.Context) ([]string, error) {
	switch st := s.store.(type) {
	case interface{ Papers() []string }:
		return st.Papers(), nil
	case interface {
		Papers(context.Context) ([]string, error)
	}:
		return st.Papers(ctx)
	}
	return nil, errors.New("this store cannot list its papers")
}

// Paper returns the stored paper id names, with its abstract: with a
// version ("2101.00001v2") that version, without one the version stored.
// It is FindPapers and WithAbstract for one id, so on the embedded store it
// reads one paper record and that paper's chunks, and a server answers at
// once during a long ingest; another store is read whole.
func (s *Service) Paper(ctx context.Context, id string) (Paper, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return Paper{}, errors.New("the paper id is empty")
	}
	found, _, err := FindPapers(ctx, s.store, []string{id})
	if err != nil {
		return Paper{}, err
	}
	if len(found) == 0 {
		if imp := ImpossibleID(id); imp != nil {
			// A typo ("2413.01234", month 13) no ingest could ever add:
			// say what is wrong with it, and still that no paper is found.
			return Paper{}, fmt.Errorf("%w, so %w", imp, ErrPaperNotFound)
		}
		return Paper{}, fmt.Errorf("%s: %w", id, ErrPaperNotFound)
	}
	return WithAbstract(ctx, s.store, found[0])
}

// isVersionOf reports whether versioned is base with a version: 2101.00001v2
// of 2101.00001.
func isVersionOf(versioned, base string) bool {
	v, ok := strings.CutPrefix(versioned, base+"v")
	return ok && v != "" && strings.Trim(v, "0123456789") == ""
}

// WithAbstract returns p with its abstract put back together from its
// chunks (Paper.Summary): that paper's chunks only on the embedded store. p is a paper EachPaper or FindPapers
// returned; its provenance is kept.
func WithAbstract(ctx context.Context, store Store, p Paper) (Paper, error) {
	docs, err := paperDocuments(ctx, store, p.ID)
	if err != nil {
		return Paper{}, fmt.Errorf("read paper %s: %w", p.ID, err)
	}
	if len(docs) == 0 { // removed since p was read
		return Paper{}, fmt.Errorf("%s: %w", p.ID, ErrPaperNotFound)
	}
	full := paperOfChunks(docs)
	full.AddedAt, full.AddedBy = p.AddedAt, p.AddedBy
	return full, nil
}

// PaperReader is a store that reads one paper's chunks without a scan:
// *vectordb.DB and the Weaviate store both can.
type PaperReader interface {
	PaperDocuments(ctx context.Context, paperID string) ([]vectordb.Document, error)
}

// paperDocuments returns the stored chunks of the paper with exactly id.
func paperDocuments(ctx context.Context, store Store, id string) ([]vectordb.Document, error) {
	if st, ok := store.(PaperReader); ok {
		return st.PaperDocuments(ctx, id)
	}
	dl, ok := store.(DocumentLister)
	if !ok {
		return nil, ErrCannotList
	}
	var out []vectordb.Document
	err := dl.Documents(ctx, func(d vectordb.Document) error {
		if d.PaperID() == id {
			out = append(out, d)
		}
		return nil
	})
	return out, err
}
