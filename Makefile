# The README's two commands are `make run Q="..."` (or `go run ./cmd/gtrag ask "..."`)
# and `make test`. `.ci/run` calls `make test` and nothing else.
GO      ?= go
PKGS    ?= ./...
FUZZTIME ?= 10s
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X github.com/gtrag/gtrag/internal/version.Version=$(VERSION)
Q       ?= What is a Nash equilibrium?

.PHONY: all build run test vet bench fuzz install clean

all: build

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/gtrag ./cmd/gtrag

run:
	$(GO) run ./cmd/gtrag ask "$(Q)"

# `go vet` first: it is cheap and catches what the race run would only trip over.
# The race detector makes the million-id store test too slow and big (88 s,
# 1.6 GB), so under -race it writes 200,000 ids and runs once more here,
# without it, at the full million.
test: vet
	$(GO) test -race -count=1 -timeout 12m $(PKGS)
	$(GO) test -count=1 -run '^TestMillionIDsSurviveReopen$$' ./vectordb/

vet:
	$(GO) vet $(PKGS)

bench:
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)

# Each fuzz target runs briefly ($(FUZZTIME)); `make fuzz FUZZTIME=1m` for a real session.
# Minimising a new input is capped: by default it can eat the whole run.
fuzz:
	@set -e; for pkg in $$($(GO) list $(PKGS)); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "== $$pkg $$t"; \
	    $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 10s $$pkg; \
	  done; \
	done

install:
	$(GO) install -ldflags "$(LDFLAGS)" ./cmd/gtrag

clean:
	rm -rf bin
