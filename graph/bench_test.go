package graph

import (
	"context"
	"runtime"
	"testing"
)

// The benchmarks run the loop-shaped graph (six nodes, one trip round the
// loop, eight steps) with nodes that do almost nothing, so the figures are
// the engine's own cost. Targets, with no observer: under 1 µs and at most
// one allocation per step.
//
//	go test -run '^$' -bench . -benchmem ./graph/

type nopObserver struct{}

func (nopObserver) StepStarted(context.Context, int, string, flow)                    {}
func (nopObserver) StepCompleted(context.Context, int, string, flow, flow)            {}
func (nopObserver) StepFailed(context.Context, int, string, error)                    {}
func (nopObserver) RouteDecided(context.Context, int, string, string, string, string) {}

func BenchmarkRun(b *testing.B) {
	benchmark(b, func(g *Graph[flow], ctx context.Context) (flow, error) {
		return g.Run(ctx, flow{})
	})
}

func BenchmarkRunObserved(b *testing.B) {
	obs := WithObserver[flow](nopObserver{})
	benchmark(b, func(g *Graph[flow], ctx context.Context) (flow, error) {
		return g.Run(ctx, flow{}, obs)
	})
}

func BenchmarkSteps(b *testing.B) {
	benchmark(b, func(g *Graph[flow], ctx context.Context) (out flow, err error) {
		for step, err := range g.Steps(ctx, flow{}) {
			if err != nil {
				return out, err
			}
			out = step.After
		}
		return out, nil
	})
}

// benchmark times run and reports per-step figures besides the per-run ones.
func benchmark(b *testing.B, run func(*Graph[flow], context.Context) (flow, error)) {
	g := compiled(b, loopShaped())
	ctx := context.Background()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.Mallocs
	runs := 0
	for b.Loop() {
		out, err := run(g, ctx)
		if err != nil || out.Answer != 2 {
			b.Fatalf("run: %+v, %v", out, err)
		}
		runs++
	}
	runtime.ReadMemStats(&ms)
	steps := float64(runs * len(loopPath))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/steps, "ns/step")
	b.ReportMetric(float64(ms.Mallocs-before)/steps, "allocs/step")
}
