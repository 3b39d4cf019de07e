# Ludinum — two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test check lint typecheck bench clean browser-deps

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,fast]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/ludinum serve

test: check

check: $(STAMP) browser-deps
	$(BIN)/ruff check src tests
	$(BIN)/mypy
	$(BIN)/pytest

# Browser tests: Debian's Chromium (installed when missing and we are root) and axe-core
# (npm, into the venv). Playwright drives /usr/bin/chromium; it never downloads a browser.
browser-deps:
	@command -v chromium >/dev/null 2>&1 || [ "$$(id -u)" != 0 ] || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
	@[ -f $(VENV)/axe/node_modules/axe-core/axe.min.js ] || ! command -v npm >/dev/null 2>&1 || \
		npm install --silent --no-audit --no-fund --prefix $(VENV)/axe axe-core@4

lint: $(STAMP)
	$(BIN)/ruff check src tests

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/ludinum bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
