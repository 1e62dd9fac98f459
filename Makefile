# gestured: `make run` runs the daemon, `make test` runs every test. Both install what is missing.
SWIFT ?= swift
CONFIG ?=

.PHONY: all build run test deps test-deps clean

all: build

deps:
	@scripts/install-deps.sh build

test-deps:
	@scripts/install-deps.sh test

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run gestured run $(if $(CONFIG),--config $(CONFIG))

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build
