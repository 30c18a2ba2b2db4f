package service_test

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
)

// anyRouter stands for an LLM's decision agent: CheckRouter asks only
// whether there is one.
type anyRouter struct{}

func (anyRouter) ChooseRoute(context.Context, reasoner.TreeData) (reasoner.Choice, error) {
	return reasoner.Choice{}, errors.New("not asked")
}

// CheckRouter takes the rules anywhere and the decision agent only from
// reasoners that have one; what it refuses is a setting to change.
func TestCheckRouter(t *testing.T) {
	offline := reasoner.Set{Name: "offline"}
	withLLM := reasoner.Set{Name: "ollama:llama3.2", Router: anyRouter{}}
	for _, router := range []string{"", nodes.RouterRules} {
		require.NoError(t, service.CheckRouter(router, offline), router)
		require.NoError(t, service.CheckRouter(router, withLLM), router)
	}
	require.NoError(t, service.CheckRouter(nodes.RouterLLM, withLLM))

	err := service.CheckRouter(nodes.RouterLLM, offline)
	var ce *service.ConfigError
	require.ErrorAs(t, err, &ce)
	require.Equal(t, "router", ce.Setting)
	var needs *service.RouterNeedsLLMError
	require.ErrorAs(t, err, &needs)
	require.Equal(t, "offline", needs.LLM, "the reasoners named, for the front end's words")
	require.EqualError(t, err, "llm needs an LLM, and the run is offline (offline); set --llm")

	err = service.CheckRouter("oracle", withLLM)
	require.ErrorAs(t, err, &ce)
	require.Equal(t, "router", ce.Setting)
	require.False(t, errors.As(err, &needs))
	require.EqualError(t, err, `"oracle": want rules or llm`)
}

// Open checks Config.Router between the reasoners and the store: a router
// the reasoners cannot serve is refused with no knowledge base created.
// One they can serve opens as usual, and Ask refuses the same router.
func TestOpenRefusesTheRouterBeforeTheStore(t *testing.T) {
	for _, router := range []string{nodes.RouterLLM, "oracle"} {
		cfg := offline(t, "http://127.0.0.1:1/api/query")
		cfg.Seed = service.SeedPrimer // a store that opened would be written
		cfg.Router = router
		svc, err := service.Open(context.Background(), cfg)
		require.Nil(t, svc)
		var ce *service.ConfigError
		require.ErrorAs(t, err, &ce, router)
		require.Equal(t, "router", ce.Setting)
		_, err = os.Stat(cfg.DataDir)
		require.True(t, os.IsNotExist(err), "%s: Open created %s", router, cfg.DataDir)
	}

	cfg := offline(t, "http://127.0.0.1:1/api/query")
	cfg.Router = nodes.RouterRules
	svc := openService(t, cfg)
	require.DirExists(t, cfg.DataDir)
	_, err := svc.Ask(context.Background(), "What is a Nash equilibrium?", service.AskOptions{Router: nodes.RouterLLM})
	var needs *service.RouterNeedsLLMError
	require.ErrorAs(t, err, &needs, "Ask checks its own options as Open does")
}
