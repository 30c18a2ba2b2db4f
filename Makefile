# The README's two commands are `make run Q="..."` (or `go run ./cmd/gtrag ask "..."`)
# and `make test`. `.ci/run` calls `make test` and nothing else.
GO      ?= go
PKGS    ?= ./...
FUZZTIME ?= 10s
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X github.com/gtrag/gtrag/internal/version.Version=$(VERSION)
Q       ?= What is a Nash equilibrium?

.PHONY: all build run test vet browser bench bench-scale fuzz install clean weaviate-server

all: build

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/gtrag ./cmd/gtrag

run:
	$(GO) run ./cmd/gtrag ask "$(Q)"

# `go vet` first: it is cheap and catches what the race run would only trip over.
# The race detector makes the million-id store test too slow and big (88 s,
# 1.6 GB), so under -race it writes 200,000 ids and runs once more here,
# without it, at the full million.
test: vet browser weaviate-server
	$(WEAVIATE_ENV) $(GO) test -race -count=1 -timeout 12m $(PKGS)
	$(GO) test -count=1 -run '^TestMillionIDsSurviveReopen$$' ./vectordb/

vet:
	$(GO) vet $(PKGS)

# The HTML run viewer is tested in headless Chromium (trace/html_browser_test.go).
# Install it from Debian when no Chromium or Chrome is on PATH (needs root);
# if that fails the test skips, or fails under CI=true.
browser:
	@command -v chromium >/dev/null || command -v chromium-browser >/dev/null || \
	  command -v google-chrome >/dev/null || command -v google-chrome-stable >/dev/null || \
	  { echo "installing chromium for the HTML viewer test"; \
	    (apt-get update && apt-get install -y chromium) >/dev/null || \
	    echo "could not install chromium: the browser test will skip (or fail under CI=true)"; }

bench:
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)

# The store at scale (issue 14), never part of `make test`: the vector scan
# alone at 100k and 1M vectors, then whole gtrag commands on stores of 100k
# and 1M chunks generated on demand under SCALE_DIR: about 0.6 GB and 6 GB,
# built once (1M takes minutes) and kept for the next run; `make
# bench-scale-clean` deletes them. Each command runs once to warm the page
# cache, then 5 times under /usr/bin/time: the medians of wall and CPU
# (user+sys) time, the peak RSS, and the 1-minute load average, since on a
# shared machine the wall time depends on it and the CPU time much less.
SCALE_DIR ?= /tmp/gtrag-scale
SCALE_SIZES ?= 100000 1000000
bench-scale: build
	$(GO) test -run '^$$' -bench '^BenchmarkScan' -benchtime 10x ./vectordb/
	@set -e; for n in $(SCALE_SIZES); do \
	  d=$(SCALE_DIR)/$$n; \
	  [ -s $$d/store.db ] || GTRAG_GENERATE_STORE=$$d GTRAG_GENERATE_CHUNKS=$$n \
	    $(GO) test -count=1 -run '^TestGenerateStore$$' -timeout 2h ./vectordb/; \
	  for cmd in stats "search nash equilibrium auction"; do \
	    bin/gtrag --data-dir $$d --seed none $$cmd >/dev/null; \
	    for i in 1 2 3 4 5; do \
	      /usr/bin/time -f "%e %U %S %M" -o $(SCALE_DIR)/time.$$i bin/gtrag --data-dir $$d --seed none $$cmd >/dev/null; \
	    done; \
	    cat $(SCALE_DIR)/time.[1-5] | awk '{print $$1, $$2+$$3, $$4}' >$(SCALE_DIR)/times; \
	    printf "%8d chunks  %-32s wall %.3f s  CPU %.3f s  peak RSS %.0f MiB  load %s\n" $$n "$$cmd" \
	      $$(sort -n -k1 $(SCALE_DIR)/times | sed -n 3p | cut -d' ' -f1) \
	      $$(sort -n -k2 $(SCALE_DIR)/times | sed -n 3p | cut -d' ' -f2) \
	      $$(sort -n -k3 $(SCALE_DIR)/times | tail -1 | awk '{print $$3/1024}') \
	      $$(cut -d' ' -f1 /proc/loadavg); \
	  done; \
	done

bench-scale-clean:
	rm -rf $(SCALE_DIR)

# Each fuzz target runs briefly ($(FUZZTIME)); `make fuzz FUZZTIME=1m` for a real session.
# Minimising a new input is capped: by default it can eat the whole run.
fuzz:
	@set -e; for pkg in $$($(GO) list $(PKGS)); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "== $$pkg $$t"; \
	    $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 10s $$pkg; \
	  done; \
	done

# The Weaviate backend's tests start a real server: the pinned release, built
# once from the Go module proxy (about 2 minutes, 170 MB) into the user's
# cache and reused. Tests find it through GTRAG_WEAVIATE_BIN; without it they
# skip, except under CI=true, where they fail.
WEAVIATE_VERSION := v1.35.2
WEAVIATE_DIR     := $${XDG_CACHE_HOME:-$$HOME/.cache}/gtrag/weaviate-$(WEAVIATE_VERSION)
WEAVIATE_ENV     := GTRAG_WEAVIATE_BIN=$(WEAVIATE_DIR)/weaviate-server

weaviate-server:
	@d=$(WEAVIATE_DIR); if [ ! -x "$$d/weaviate-server" ]; then \
	  echo "building weaviate-server $(WEAVIATE_VERSION) into $$d (once; about 2 minutes)"; \
	  mkdir -p "$$d.tmp" && GOBIN="$$d.tmp" $(GO) install github.com/weaviate/weaviate/cmd/weaviate-server@$(WEAVIATE_VERSION) && \
	  mkdir -p "$$d" && mv "$$d.tmp/weaviate-server" "$$d/weaviate-server" && rmdir "$$d.tmp"; \
	fi

install:
	$(GO) install -ldflags "$(LDFLAGS)" ./cmd/gtrag

clean:
	rm -rf bin
