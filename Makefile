# deckgen: `make site` builds the sample site, `make test` runs every test. Both install what they need first.
SWIFT ?= swift
CONTENT ?= content
SITE ?= site

.PHONY: site test unit-test browser-test deps test-deps release

site: deps
	$(SWIFT) build -c release --product deckgen
	.build/release/deckgen build $(CONTENT) -o $(SITE)

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest
	$(SWIFT) build -c release --product deckgen
	DECKGEN=.build/release/deckgen python3 -m pytest -q Tests/Browser Tests/EndToEnd

deps:
	@scripts/install-deps.sh build

test-deps:
	@scripts/install-deps.sh test
