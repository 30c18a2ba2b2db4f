package reasoner

import "context"

// Queries are keyword searches proposed for a question, best first.
type Queries struct {
	Queries []string
	Notices []string
}

// QueryWriter proposes arXiv keyword searches for a question, as PaperQA2
// has its model do: a model knows that a question on "truthful bidding"
// wants "Vickrey auction". An empty list with no error means "use the
// offline formulation"; Notices say why.
type QueryWriter interface {
	WriteQueries(ctx context.Context, question string) (Queries, error)
}
