package service

import (
	"fmt"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
)

// RouterNeedsLLMError is CheckRouter's refusal of nodes.RouterLLM by
// reasoners with no LLM to decide with. LLM names them ("offline"). It is
// the Err of a *ConfigError of Setting "router", so that each front end can
// say it in its own words.
type RouterNeedsLLMError struct {
	LLM string
}

func (e *RouterNeedsLLMError) Error() string {
	return fmt.Sprintf("llm needs an LLM, and the run is offline (%s); set --llm", e.LLM)
}

// CheckRouter refuses a router (AskOptions.Router, Config.Router) that set
// cannot serve: nodes.RouterLLM when set has no decision agent (offline),
// with a *RouterNeedsLLMError, or a name that is neither nodes.RouterRules
// nor nodes.RouterLLM. "" is the rules. Its error is a *ConfigError of
// Setting "router".
func CheckRouter(router string, set reasoner.Set) error {
	switch router {
	case "", nodes.RouterRules:
		return nil
	case nodes.RouterLLM:
		if set.Router == nil {
			return &ConfigError{Setting: "router", Err: &RouterNeedsLLMError{LLM: set.Name}}
		}
		return nil
	}
	return configErrorf("router", "%q: want %s or %s", router, nodes.RouterRules, nodes.RouterLLM)
}
