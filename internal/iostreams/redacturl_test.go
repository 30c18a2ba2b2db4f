package iostreams

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/redact"
)

// Everything a command writes hides a URL's credentials, not only its error
// line: a note, a help text's defaults and an answer quoting a setting.
func TestWriterHidesURLCredentials(t *testing.T) {
	var b strings.Builder
	w := NewWriter(&b, nil)
	_, err := w.Write([]byte("note: no Ollama at http://me:s3cret@host:1 or https://TOKENxyz@h/X; http://h:8080/a:b@c\n"))
	require.NoError(t, err)
	require.Equal(t, "note: no Ollama at http://me:xxxxx@host:1 or https://xxxxx@h/X; http://h:8080/a:b@c\n", b.String())
	require.Equal(t, "at weaviate://u:xxxxx@h:1/G and http://v:xxxxx@[::1", redact.URLs("at weaviate://u:p@h:1/G and http://v:w%2Fx@[::1"))
}
