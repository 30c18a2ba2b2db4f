package reasoner

import (
	"context"
	"fmt"
	"os"
	"testing"
)

func TestZZTopic(t *testing.T) {
	q := os.Getenv("DBG_Q")
	if q == "" {
		t.Skip()
	}
	v, _ := NewOfflineFilter().IsGameTheory(context.Background(), q, "")
	fmt.Println(v.Yes, v.Reason)
}
