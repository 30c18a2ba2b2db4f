package chunker_test

import (
	"fmt"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
)

// Split turns a paper into overlapping chunks of "Title: …\n\nAbstract: …",
// each with the paper's metadata and its own index.
func ExampleSplit() {
	p := arxiv.Paper{
		ID:      "2301.01234v2",
		Title:   "Tit-for-Tat in Repeated Games",
		Summary: "We study why tit-for-tat does well in the iterated prisoner's dilemma. It is nice, retaliatory, forgiving and clear.",
		Authors: []string{"A. Author", "B. Author"},
	}
	for _, c := range chunker.Split(p, chunker.Options{Size: 80, Overlap: 20}) {
		fmt.Printf("%s %q\n", c.ID, c.Text)
	}
	fmt.Println(chunker.Split(p, chunker.Options{})[0].Metadata[chunker.KeyAuthors])
	// Output:
	// 2301.01234v2_chunk_0 "Title: Tit-for-Tat in Repeated Games\n\nAbstract: We study why tit-for-tat does"
	// 2301.01234v2_chunk_1 "why tit-for-tat does well in the iterated prisoner's dilemma."
	// 2301.01234v2_chunk_2 "prisoner's dilemma. It is nice, retaliatory, forgiving and clear."
	// A. Author, B. Author
}
