# gestured: `make run` runs the daemon, `make check` runs the tests that need no X server (the quick
# loop: a debug build, well under a minute once built), `make test` runs every test (the whole gate:
# the live tests on a real Xorg, the release build, the package), `make bench` measures it.
# All install what is missing.
SWIFT ?= swift
CONFIG ?=
PREFIX ?= $(HOME)/.local
CONFIGURATION ?= release
AUTOSTART_DIR ?= $(or $(XDG_CONFIG_HOME),$(HOME)/.config)/autostart
# Release builds link the Swift runtime in: about 10 MiB less resident memory for the daemon
# than the shared libraries, and a binary that runs without a Swift toolchain
# (docs/performance.md). Debug builds keep the shared ones (they link only with dead stripping).
# The runtime's C++ library, libstdc++, is linked in too, through the folder
# scripts/static-libstdcxx.sh makes: 0.7 MiB less again.
STATIC_CXX := $(CURDIR)/.build/static-libstdc++
LINK_release ?= --static-swift-stdlib -Xlinker -L$(STATIC_CXX)

.PHONY: all build run format lint check test bench bench-chromium bench-replay fuzz deps check-deps test-deps static-cxx clean install deb

all: build

deps:
	@scripts/install-deps.sh build

check-deps:
	@scripts/install-deps.sh check

test-deps:
	@scripts/install-deps.sh test

static-cxx:
	@scripts/static-libstdcxx.sh $(STATIC_CXX)

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run gestured run $(if $(CONFIG),--config $(CONFIG))

# The formatter (swift-format, in the toolchain), with .swift-format's rules: `make format`
# rewrites the sources, `make lint` fails on any line it would change (make check and make test
# run it first).
FORMATTED := Sources Tests Package.swift
format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMATTED)

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)

# Every test target but X11Tests, the live tests: no X server, no release build, no package
# (the settings window's model, GestureSettingsTests, runs here: it needs no display).
# A test that starts an X server anywhere else fails here (XServer.start refuses under
# GESTURED_NO_X_SERVER=1), and no test here sees the desktop's own display. The engine's
# property test and the fuzz target run on fewer inputs than in make test (20,000 streams
# against 200,000, 1,000 inputs against 3,000).
check: check-deps lint
	$(SWIFT) build --build-tests
	env -u DISPLAY GESTURED_NO_X_SERVER=1 GESTURED_PROPERTY_STREAMS=20000 GESTURED_FUZZ_INPUTS=1000 \
		$(SWIFT) test --skip-build --skip X11Tests

test: test-deps static-cxx lint
	$(SWIFT) build --build-tests
	scripts/test-install.sh
	$(SWIFT) build -c release $(LINK_release) --product gestured
	scripts/test-deb.sh
	$(SWIFT) build -c release $(LINK_release) --product gestured-settings
	scripts/test-settings-deb.sh
	$(SWIFT) test --skip-build

# The fuzz target over mutated configs and traces, for as many inputs as asked (make test runs 3,000).
INPUTS ?= 100000
fuzz: test-deps
	$(SWIFT) build --build-tests
	GESTURED_FUZZ_INPUTS=$(INPUTS) $(SWIFT) test --skip-build --filter FuzzTests

# One markdown table of figures measured on this machine, on the test X server (docs/performance.md).
bench: test-deps static-cxx
	$(SWIFT) build -c release $(LINK_release) --product gestured
	$(SWIFT) build -c release $(LINK_release) --product gestured-settings
	$(SWIFT) build -c release $(LINK_release) --product gestured-bench
	.build/release/gestured-bench

# What Chromium, full screen on a page that logs its events, saw of the same input without gestured
# and under it (docs/engine.md, "What an application receives"); installs Debian's chromium.
bench-chromium: test-deps static-cxx
	@scripts/install-deps.sh chromium
	$(SWIFT) build -c release $(LINK_release) --product gestured
	$(SWIFT) build -c release $(LINK_release) --product gestured-bench
	.build/release/gestured-bench chromium

# Only the rows without an X server: the engine, replay, json.loads and libinput-gestures (a minute or two).
bench-replay: test-deps static-cxx
	$(SWIFT) build -c release $(LINK_release) --product gestured
	$(SWIFT) build -c release $(LINK_release) --product gestured-bench
	.build/release/gestured-bench replay

# The binary, the systemd user unit, the autostart entry, completions and man pages.
install: deps static-cxx
	$(SWIFT) build -c $(CONFIGURATION) $(LINK_$(CONFIGURATION)) --product gestured
	scripts/install.sh "$(PREFIX)" "$(CONFIGURATION)" "$(AUTOSTART_DIR)"

# The Debian packages, .build/deb/gestured_<version>_<arch>.deb (scripts/make-deb.sh) and the
# settings window's, gestured-settings_<version>_<arch>.deb (scripts/make-settings-deb.sh).
deb: test-deps static-cxx
	$(SWIFT) build -c release $(LINK_release) --product gestured
	$(SWIFT) build -c release $(LINK_release) --product gestured-settings
	scripts/make-deb.sh release
	scripts/make-settings-deb.sh release

clean:
	rm -rf .build
