package reasoner

import (
	"context"
	"strings"
)

type toldKey struct{}

// WithTold returns ctx carrying the sentences the reader has already been
// told on the question (a chat's "tell me more", nodes.GraphState.Told),
// for an LLMAnswerer to ask the model for what the passages add.
//
// Why a context value. The offline answerer needs no word of it: the
// passages it is given have those sentences taken out already. Only the
// model, which writes in its own words, must be told what not to say again,
// and the answerers that wrap it (the offline fallback, a replay's
// recorded answerer) pass the context through as they are; a parameter of
// Answer would have every Answerer take what one of them reads.
func WithTold(ctx context.Context, told []string) context.Context {
	if len(told) == 0 {
		return ctx
	}
	return context.WithValue(ctx, toldKey{}, told)
}

// toldFrom is what WithTold put in ctx, or nil.
func toldFrom(ctx context.Context) []string {
	told, _ := ctx.Value(toldKey{}).([]string)
	return told
}

// toldPrompt is the part of an answer prompt that lists what the reader
// was told: fenced, as it came from papers; "" when nothing was.
func toldPrompt(told []string) string {
	if len(told) == 0 {
		return ""
	}
	return "\n\nThe reader has already been told the sentences below. Do not repeat them: answer with what the passages add to them, and if they add nothing, reply with exactly \"" + CannotAnswer + ".\"\n" +
		fence(strings.Join(told, "\n"))
}
