package reasoner

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCheckSpecAgreesWithOpen: CheckSpec rejects exactly the specs Open
// rejects for their form, with the same error.
func TestCheckSpecAgreesWithOpen(t *testing.T) {
	env := map[string]string{
		"OPENAI_API_KEY": "sk-test", "ANTHROPIC_API_KEY": "k-test", "GOOGLE_API_KEY": "g-test",
		"OLLAMA_HOST": "http://127.0.0.1:1",
	}
	getenv := func(k string) string { return env[k] }
	for _, spec := range []string{
		"", "auto", "AUTO", " offline ", "ollama:llama3.2", "OpenAI:gpt-4o-mini", "anthropic:claude", "googleai:gemini",
		"gpt", "ollama:", "ollama: ", "llama:3", "openai:gpt 4", "ollama:\xff", ":", "auto:x", "offline:x",
		"ollama:a\x1b[2J", "ollama:" + strings.Repeat("m", 201),
	} {
		t.Run(spec, func(t *testing.T) {
			checkErr := CheckSpec(spec)
			set, openErr := Open(context.Background(), spec, getenv, WithProbeTimeout(1))
			defer set.Close()
			var se *SpecError
			if checkErr != nil {
				require.ErrorAs(t, checkErr, &se)
				require.EqualError(t, openErr, checkErr.Error())
				return
			}
			require.False(t, errors.As(openErr, &se), "Open rejects a spec CheckSpec accepts: %v", openErr)
		})
	}
}
