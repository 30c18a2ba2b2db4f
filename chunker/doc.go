// Package chunker cuts an arXiv paper into overlapping pieces that are small
// enough to embed, with ids and metadata that lead back to the paper.
//
// Call Split(paper, chunker.Options{}) and store the chunks as
// vectordb.Documents(chunks). The text
// that is cut is "Title: <title>\n\nAbstract: <summary>" with runs of white
// space collapsed; chunk ids are "<paper_id>_chunk_<i>" (old-style ids keep
// their slash, "cs/0112004v1_chunk_0"); every chunk carries the metadata keys
// paper_id, title, authors (", "-joined), published (an RFC 3339 time in
// UTC, or "" when unknown), categories (","-joined), abs_url (derived from
// an arXiv id when the paper has none; "" for primer entries), pdf_url (as
// given) and chunk_index; and, only when the paper has them, updated (RFC
// 3339, UTC), doi, journal_ref and comment; author_list (the names as a
// JSON array) when a name holds a comma, which authors cannot carry; and
// starts_mid_sentence ("true") on a chunk whose first words end a sentence
// begun in the one before. Stores written before these were kept hold
// published as a date (YYYY-MM-DD) and none of the others: ParseTime
// reads both forms of a time.
//
// Titles and abstracts longer than MaxTitleRunes and MaxSummaryRunes (far
// above arXiv's own limits) are cut at a word end and marked "…", so that a
// broken or hostile entry cannot turn into thousands of chunks.
//
// Sizes are counted in runes, not bytes, so CJK and accented text gets as
// much content per chunk as ASCII, and no cut ever falls inside a UTF-8
// sequence. The defaults are 1000 runes with a 200-rune overlap; Options
// explains the zero value and Options.Validate checks user input.
//
// A chunk ends at a sentence end when one keeps it at least half full, else
// at a word end, and only cuts a single token longer than a chunk. The next
// chunk repeats at most Overlap runes of the previous one, starting at a
// sentence or word boundary and sharing as much as that allows, so a fact
// that straddles a cut is still whole in one chunk. Sentence ends skip
// abbreviations ("e.g.", "et al.", "Fig."), initials ("J. Nash") and decimals;
// "。！？" end sentences in text written without spaces. Sentences splits a
// text where that same pass finds sentence ends, for the reasoners that
// weigh a passage's sentences.
//
// Why not langchaingo's textsplitter: its RecursiveCharacter splitter cuts on
// literal separators and has no notion of a sentence end, so "e.g. Nash" or
// "J. Nash" would be split points or, with only " " as separator, sentences
// would be ignored; it also trims and re-joins pieces, so chunks are no longer
// exact substrings of the text and overlap cannot be checked. The splitter
// here is one pass over the text plus two short scans per chunk (about 20 µs
// for a 1,500-character abstract on the 2-core build box), and its invariants
// (coverage, overlap bound, size bound, unique ids) are property- and
// fuzz-tested.
package chunker
