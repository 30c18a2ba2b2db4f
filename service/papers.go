package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/vectordb"
)

// Paper is one paper of the knowledge base as `gtrag papers` shows it: the
// metadata its chunks share, how many chunks it has, and its abstract put
// back together from them.
type Paper struct {
	ID      string   `json:"id"`
	Title   string   `json:"title"`
	Authors []string `json:"authors,omitempty"`
	// Published and Updated are RFC 3339 times in UTC
	// ("2024-01-01T10:20:30Z", chunker.TimeLayout) as arXiv gave them.
	// A paper stored before gtrag kept the time has its published date
	// alone ("2024-01-01") and no Updated, DOI, JournalRef or Comment:
	// the store keeps what it was given, and is not migrated.
	Published  string   `json:"published,omitempty"`
	Updated    string   `json:"updated,omitempty"`
	Categories []string `json:"categories,omitempty"`
	DOI        string   `json:"doi,omitempty"`
	JournalRef string   `json:"journal_ref,omitempty"`
	Comment    string   `json:"comment,omitempty"`
	AbsURL     string   `json:"abs_url,omitempty"`
	PDFURL     string   `json:"pdf_url,omitempty"`
	Chunks     int      `json:"chunks"`
	// AddedAt is when the paper was first stored and AddedBy what stored
	// it (`ask: "…"`, "ingest --query cat:cs.GT", "primer"); both are
	// empty, and left out of the JSON, when the store does not know (see
	// vectordb.Provenance): papers stored before gtrag recorded it, store
	// copies, the Weaviate backend.
	AddedAt time.Time `json:"added_at,omitzero"`
	AddedBy string    `json:"added_by,omitempty"`
	// Summary is the abstract as stored: the chunks' text joined where they
	// overlap, without the "Title:" and "Abstract:" labels. It is cut as
	// the chunker cut it (chunker.MaxSummaryRunes).
	Summary string `json:"summary,omitempty"`
}

// ArxivPaper is p as the arxiv package spells a paper, the form `ingest
// --file` reads back.
func (p Paper) ArxivPaper() arxiv.Paper {
	out := arxiv.Paper{
		ID: p.ID, Title: p.Title, Summary: p.Summary, Authors: p.Authors,
		Published: chunker.ParseTime(p.Published), Updated: chunker.ParseTime(p.Updated),
		Categories: p.Categories, DOI: p.DOI, JournalRef: p.JournalRef, Comment: p.Comment,
		AbsURL: p.AbsURL, PDFURL: p.PDFURL,
	}
	if len(p.Categories) > 0 {
		out.PrimaryCategory = p.Categories[0]
	}
	return out
}

// DocumentLister is a store that can hand out every stored chunk:
// *vectordb.DB and the Weaviate store both can.
type DocumentLister interface {
	Documents(ctx context.Context, fn func(vectordb.Document) error) error
}

// PaperDeleter is a store that can remove a paper's chunks.
type PaperDeleter interface {
	DeletePaper(ctx context.Context, paperID string) error
}

// ProvenanceReader is a store that records when and why each paper was
// added: *vectordb.DB does, the Weaviate store does not.
type ProvenanceReader interface {
	PaperProvenance(ctx context.Context) (map[string]vectordb.Provenance, error)
}

// ErrCannotList says that a store does not offer the scan Papers needs.
var ErrCannotList = errors.New("this store cannot list its documents")

// PaperRecordReader is a store that describes its papers from per-paper
// records, without reading their chunks: *vectordb.DB (see
// vectordb.DB.EachPaper and LookupPaper). Weaviate keeps no such records.
type PaperRecordReader interface {
	EachPaper(ctx context.Context, fn func(vectordb.StoredPaper) error) error
	LookupPaper(ctx context.Context, base string) (vectordb.StoredPaper, bool, error)
}

// EachPaper calls fn with every paper of store, sorted by id, without its
// abstract (Summary is empty): what `gtrag papers list` shows. On a store
// with paper records (PaperRecordReader) it reads those and one chunk per
// paper, a page at a time, so memory stays flat whatever the store's size
// and fn runs with no lock held (the listing is then not one snapshot; see
// vectordb.DB.EachPaper). Another store is read whole with Papers first.
// An error from fn stops the listing and is returned as is.
func EachPaper(ctx context.Context, store Store, fn func(Paper) error) error {
	if r, ok := store.(PaperRecordReader); ok {
		var fnErr error // returned as is, not as the store's
		err := r.EachPaper(ctx, func(sp vectordb.StoredPaper) error {
			fnErr = fn(paperOfRecord(sp))
			return fnErr
		})
		if err != nil && err != fnErr { //nolint:errorlint // identity: fn's own error
			return fmt.Errorf("list the papers: %w", err)
		}
		return err
	}
	papers, err := Papers(ctx, store)
	if err != nil {
		return err
	}
	for _, p := range papers {
		if err := ctx.Err(); err != nil {
			return err
		}
		p.Summary = ""
		if err := fn(p); err != nil {
			return err
		}
	}
	return nil
}

// PaperDocumentsReader is a store that hands out its papers' chunks a page
// of papers at a time: *vectordb.DB (vectordb.DB.EachPaperDocuments).
type PaperDocumentsReader interface {
	EachPaperDocuments(ctx context.Context, fn func(vectordb.StoredPaper, []vectordb.Document) error) error
}

// EachPaperWithAbstract is EachPaper with each paper's abstract put back
// together from its chunks: what an export prints. On a store that hands
// out its papers' chunks by pages (PaperDocumentsReader) memory stays flat
// whatever the store's size and fn runs with no lock held, as for
// EachPaper. Another store is read whole with Papers.
func EachPaperWithAbstract(ctx context.Context, store Store, fn func(Paper) error) error {
	r, ok := store.(PaperDocumentsReader)
	if !ok {
		papers, err := Papers(ctx, store)
		if err != nil {
			return err
		}
		for _, p := range papers {
			if err := ctx.Err(); err != nil {
				return err // Ctrl-C during an export to a slow pipe
			}
			if err := fn(p); err != nil {
				return err
			}
		}
		return nil
	}
	var fnErr error // returned as is, not as the store's
	err := r.EachPaperDocuments(ctx, func(sp vectordb.StoredPaper, docs []vectordb.Document) error {
		if len(docs) == 0 {
			return nil // a record without chunks: nothing to export
		}
		p := paperOfChunks(docs)
		p.AddedAt, p.AddedBy = sp.Provenance.AddedAt, sp.Provenance.AddedBy
		fnErr = fn(p)
		return fnErr
	})
	if err != nil && err != fnErr { //nolint:errorlint // identity: fn's own error
		return fmt.Errorf("list the papers: %w", err)
	}
	return err
}

// PaperURIPrefix starts the URI of a paper resource of the MCP server
// (gtrag://paper/2301.01234v2, gtrag://paper/primer:core): PaperID takes
// such a URI for the paper it names.
const PaperURIPrefix = "gtrag://paper/"

// PaperID is the stored id that s names, in every form a front end takes:
// a stored id as it is ("2301.01234v2", "cs/0112004", "primer:core"), an
// arXiv id as arXiv and `ingest --ids` write it ("arXiv:2301.01234v2", an
// abs or pdf URL), made bare as ingestion stored it, or a paper resource's
// URI (PaperURIPrefix and the id, percent-encoded or not). White space
// around s is dropped. Any other id is kept as it is, for the store to say
// whether it holds it. FindPapers and DeletePapers read their ids with it,
// so that `gtrag papers show`, `papers rm` and the MCP server's get_paper
// and resources accept the same ids.
func PaperID(s string) string {
	id := unURI(s)
	bare, err := arxiv.ParseID(id)
	if err == nil {
		return bare
	}
	// An id whose date can never be ("arXiv:2413.01234") is still read as
	// its bare id: `ingest --file` stored such ids before arxiv.ParseID
	// refused them, and those papers must stay removable in every form.
	var imp *arxiv.ImpossibleIDError
	if errors.As(err, &imp) {
		return imp.ID
	}
	return id
}

// ImpossibleID is the *arxiv.ImpossibleIDError of s, read as PaperID reads
// it, when s is written as an arXiv id whose date can never be
// ("2413.01234": month 13), and nil for any other id. A front end that
// finds no paper for s says this rather than "not in the knowledge base":
// the id is a typo, and no ingest will ever add it.
func ImpossibleID(s string) error {
	_, err := arxiv.ParseID(unURI(s))
	var imp *arxiv.ImpossibleIDError
	if errors.As(err, &imp) {
		return imp
	}
	return nil
}

// unURI is s without white space around it and, when it is a paper
// resource's URI, the id it names.
func unURI(s string) string {
	id := strings.TrimSpace(s)
	// The URI the MCP server gives a paper (gtrag://paper/cs/0112004v1)
	// names it as well as the id does.
	if rest, ok := strings.CutPrefix(id, PaperURIPrefix); ok {
		if dec, err := url.PathUnescape(rest); err == nil {
			rest = dec
		}
		id = rest
	}
	return id
}

// SourceLine is source n (from 1) of an answer as every front end lists
// it, "  [1] Title — arXiv:2301.01234v2 http://arxiv.org/abs/2301.01234v2",
// and the width of its "  [1] " mark, under which a wrapped line goes on.
func SourceLine(n int, s nodes.Source) (line string, indent int) {
	mark := fmt.Sprintf("  [%d] ", n)
	return mark + s.Citation(), len(mark)
}

// FindPapers returns the stored paper each id names, in the order of ids:
// the paper stored with exactly that id ("2301.01234v2"), or the stored
// version of an id given without one ("2301.01234"). An id may be given in
// any form PaperID reads ("arXiv:2301.01234", an abs URL, a paper's
// gtrag://paper/ URI). missing lists, as they were given, the ids that name
// no stored paper. An id named twice, in one form or two, gives its paper
// twice. On a store with paper records it looks up one record per id;
// another store is read whole with Papers. The papers come without their
// abstracts: WithAbstract reads one.
func FindPapers(ctx context.Context, store Store, ids []string) (found []Paper, missing []string, err error) {
	r, ok := store.(PaperRecordReader)
	if !ok {
		papers, err := Papers(ctx, store)
		if err != nil {
			return nil, nil, err
		}
		found, missing = pickPapers(papers, ids)
		for i := range found {
			found[i].Summary = "" // as from the records: WithAbstract for it
		}
		return found, missing, nil
	}
	for _, id := range ids {
		p, ok, err := lookupPaper(ctx, r, PaperID(id))
		if err != nil {
			return nil, nil, fmt.Errorf("look up paper %s: %w", id, err)
		}
		if !ok {
			missing = append(missing, id)
			continue
		}
		found = append(found, p)
	}
	return found, missing, nil
}

// lookupPaper finds the paper id names among the records. Its record is
// keyed by the base id: that of id ("2301.01234v2" → 2301.01234), or id
// itself when it is a base that looks versioned ("foov1" for "foov1v2").
func lookupPaper(ctx context.Context, r PaperRecordReader, id string) (Paper, bool, error) {
	keys := []string{id}
	if base, _ := vectordb.SplitVersion(id); base != id {
		keys = []string{base, id}
	}
	for _, k := range keys {
		sp, ok, err := r.LookupPaper(ctx, k)
		if err != nil {
			return Paper{}, false, err
		}
		if ok && namesPaper(id, sp.ID) {
			return paperOfRecord(sp), true, nil
		}
	}
	return Paper{}, false, nil
}

// pickPapers finds each id among papers, as FindPapers does.
func pickPapers(papers []Paper, ids []string) (found []Paper, missing []string) {
	for _, id := range ids {
		want := PaperID(id)
		i := slices.IndexFunc(papers, func(p Paper) bool { return namesPaper(want, p.ID) })
		if i < 0 {
			missing = append(missing, id)
			continue
		}
		found = append(found, papers[i])
	}
	return found, missing
}

// namesPaper reports whether a user's id names the stored paper stored:
// exactly, or as its id without the version.
func namesPaper(id, stored string) bool {
	return stored == id || isVersionOf(stored, id)
}

// paperOfRecord is the Paper of a stored paper's records.
func paperOfRecord(sp vectordb.StoredPaper) Paper {
	p := paperOfMetadata(sp.ID, sp.Chunks, sp.Metadata)
	p.AddedAt, p.AddedBy = sp.Provenance.AddedAt, sp.Provenance.AddedBy
	return p
}

// Papers lists the papers of store, sorted by id, with their chunks put
// back together: what an export needs; EachPaper and FindPapers, which
// leave out the abstracts, read far less. It reads every chunk once (for
// the embedded store in one read transaction) and holds the chunks' text
// until the end, since a backend may return a paper's chunks apart
// (Weaviate scans in object-UUID order): a knowledge base of 100,000
// abstracts is some 200 MB for the moment of the command, and the
// synthetic store of a million 120-word chunks 3.4 GB.
func Papers(ctx context.Context, store Store) ([]Paper, error) {
	dl, ok := store.(DocumentLister)
	if !ok {
		return nil, ErrCannotList
	}
	byPaper := map[string][]vectordb.Document{}
	err := dl.Documents(ctx, func(d vectordb.Document) error {
		byPaper[d.PaperID()] = append(byPaper[d.PaperID()], d)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list the papers: %w", err)
	}
	papers := make([]Paper, 0, len(byPaper))
	for _, docs := range byPaper {
		papers = append(papers, paperOfChunks(docs))
	}
	if pr, ok := store.(ProvenanceReader); ok {
		prov, err := pr.PaperProvenance(ctx)
		if err != nil {
			return nil, fmt.Errorf("list the papers' provenance: %w", err)
		}
		for i := range papers {
			if p, ok := prov[papers[i].ID]; ok {
				papers[i].AddedAt, papers[i].AddedBy = p.AddedAt, p.AddedBy
			}
		}
	}
	slices.SortFunc(papers, func(a, b Paper) int { return strings.Compare(a.ID, b.ID) })
	return papers, nil
}

// paperOfChunks builds one paper from all its chunks.
func paperOfChunks(docs []vectordb.Document) Paper {
	slices.SortFunc(docs, func(a, b vectordb.Document) int {
		return chunkIndex(a) - chunkIndex(b)
	})
	p := paperOfMetadata(docs[0].PaperID(), len(docs), docs[0].Metadata)
	texts := make([]string, len(docs))
	for i, d := range docs {
		texts[i] = d.Content
	}
	p.Summary = abstractOf(joinChunks(texts))
	return p
}

// paperOfMetadata is a paper without its abstract, from the metadata of its
// first chunk.
func paperOfMetadata(id string, chunks int, m map[string]string) Paper {
	return Paper{
		ID:         id,
		Title:      m[chunker.KeyTitle],
		Authors:    authorsOf(m),
		Published:  m[chunker.KeyPublished],
		Updated:    m[chunker.KeyUpdated],
		Categories: splitList(m[chunker.KeyCategories], ","),
		DOI:        m[chunker.KeyDOI],
		JournalRef: m[chunker.KeyJournalRef],
		Comment:    m[chunker.KeyComment],
		AbsURL:     m[chunker.KeyAbsURL],
		PDFURL:     m[chunker.KeyPDFURL],
		Chunks:     chunks,
	}
}

func chunkIndex(d vectordb.Document) int {
	n, err := strconv.Atoi(d.Metadata[chunker.KeyChunkIndex])
	if err != nil {
		return 0
	}
	return n
}

// authorsOf is the authors of a chunk's metadata: its author list when it
// has one (a name holds a comma), else its comma-joined names.
func authorsOf(m map[string]string) []string {
	var list []string
	if json.Unmarshal([]byte(m[chunker.KeyAuthorList]), &list) == nil && len(list) > 0 {
		return list
	}
	return splitList(m[chunker.KeyAuthors], ", ")
}

func splitList(s, sep string) []string {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, sep)
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// abstractOf takes the abstract out of a paper's chunk text, "Title: T\n\n
// Abstract: S" (see chunker.Split).
func abstractOf(text string) string {
	if i := strings.Index(text, "\n\nAbstract: "); i >= 0 && strings.HasPrefix(text, "Title: ") {
		return text[i+len("\n\nAbstract: "):]
	}
	if s, ok := strings.CutPrefix(text, "Abstract: "); ok {
		return s
	}
	return "" // a paper with a title only
}

// DeletePapers removes each paper's chunks, one durable commit per paper
// (see vectordb.DB.DeletePaper). An id may be given in any form PaperID
// reads. The ids must name stored papers: find them with FindPapers first,
// since deleting an absent paper is no error to the store.
func DeletePapers(ctx context.Context, store Store, ids []string) error {
	del, ok := store.(PaperDeleter)
	if !ok {
		return errors.New("this store cannot delete papers")
	}
	for _, id := range ids {
		if err := del.DeletePaper(ctx, PaperID(id)); err != nil {
			return err
		}
	}
	return nil
}
