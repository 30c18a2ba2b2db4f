package reasoner_test

import (
	"context"
	"fmt"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"os"
	"strings"
	"testing"
)

func TestZZRetrieve(t *testing.T) {
	q := os.Getenv("DBG_Q")
	if q == "" {
		t.Skip()
	}
	db := primerStore(t)
	var ids []string
	pull := nodes.Puller{Store: db, K: service.DefaultK, Rerank: reasoner.NewOfflineReranker()}
	st, _ := pull.Pull(context.Background(), nodes.GraphState{UserQuery: q})
	for _, r := range st.ChromaResults {
		ids = append(ids, fmt.Sprintf("%s@%.2f", r.ID, r.Similarity))
	}
	fmt.Println("RETRIEVED", strings.Join(ids, " "))
}

func TestZZRetrieveAnswer(t *testing.T) {
	q := os.Getenv("DBG_Q")
	if q == "" {
		t.Skip()
	}
	db := primerStore(t)
	pull := nodes.Puller{Store: db, K: service.DefaultK, Rerank: reasoner.NewOfflineReranker()}
	st, _ := pull.Pull(context.Background(), nodes.GraphState{UserQuery: q})
	ps := make([]reasoner.Passage, len(st.ChromaResults))
	for i, r := range st.ChromaResults {
		ps[i] = reasoner.Passage{N: i + 1, ID: r.ID, PaperID: r.PaperID(), Title: r.Metadata["title"], Text: r.Content, Score: r.Similarity}
	}
	for _, p := range ps {
		fmt.Printf("--- %d %s %s %.2f\n%s\n", p.N, p.ID, p.Title, p.Score, p.Text)
	}
	a, _ := reasoner.NewOfflineAnswerer().Answer(context.Background(), q, ps)
	fmt.Println("ANSWER", a.Text)
}
