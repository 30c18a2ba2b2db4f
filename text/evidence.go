package text

import "regexp"

// evidenceCue matches the words of a question that asks what was found
// in the world (an experiment, data, practice) rather than what a
// concept says: "Has closing a road ever actually made traffic faster in
// a real city?", "Do large language models cooperate …?".
var evidenceCue = regexp.MustCompile(`(?i)\b(in practice|real[- ]world|real (?:city|cities|life|data|markets?|people)|actually|experiments?|experimental|lab|laboratory|field (?:study|studies|data|experiments?)|evidence|empirical(?:ly)?|data|observed|in the wild|large language models?|llms?|chatgpt|gpt|studies|survey|census)\b`)

// AsksForEvidence returns the words by which question asks what was found
// in the world, or "" when it asks none. A question about the field's own
// beginnings (FieldOrigin) asks none: "actually" in "Who actually invented
// game theory?" is emphasis, and its answer is the field's history.
func AsksForEvidence(question string) string {
	if FieldOrigin(question) != nil {
		return ""
	}
	return evidenceCue.FindString(question)
}
