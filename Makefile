# deckgen: `make site` builds the sample site, `make test` runs every test. Both install what they need first.
SWIFT ?= swift
CONTENT ?= content
SITE ?= site

.PHONY: site test unit-test browser-test deps test-deps release real-model

site: deps
	$(SWIFT) build -c release --product deckgen
	.build/release/deckgen build $(CONTENT) -o $(SITE)

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest
	$(SWIFT) build -c release --product deckgen
	DECKGEN=.build/release/deckgen python3 -m pytest -q Tests/Browser Tests/EndToEnd

# Opt-in: a build with a real small model (SmolLM2-135M on llama.cpp); the first run compiles llama.cpp (7-15 min).
real-model: deps
	$(SWIFT) build -c release --product deckgen
	scripts/real-model-check.sh $(CONTENT)

deps:
	@scripts/install-deps.sh build

test-deps:
	@scripts/install-deps.sh test
