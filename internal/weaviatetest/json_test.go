package weaviatetest

import (
	"encoding/json"
	"net/http"
)

func decode(resp *http.Response, v any) error { return json.NewDecoder(resp.Body).Decode(v) }
