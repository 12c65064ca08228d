# Two commands do all the set-up on a fresh machine: `make run` and `make test`; `make camp` serves a real camp.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1:8000
PORT ?= 8000
export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: run camp test bench check lint imports typecheck messages compiled clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'
	touch $@ $(VENV)/.installed-run $(VENV)/.installed-compiled

$(VENV)/.installed-compiled: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[compiled]'
	touch $@ $(VENV)/.installed-run

## run: install, migrate, load the demo camp (once, in var/demo/: apart from the camp's data), print the staff login and serve on $(HOST)
run: $(VENV)/.installed-run
	DJANGO_DEBUG=1 $(BIN)/python manage.py migrate --noinput
	DJANGO_DEBUG=1 $(BIN)/python manage.py demo_setup --base-url http://$(HOST)
	DJANGO_DEBUG=1 $(BIN)/python manage.py runserver $(HOST)

## camp: the camp server for real (DEBUG off, data in var/ or $$ZO_DATA_DIR, every interface, port $(PORT))
camp: $(VENV)/.installed-run
	-@$(MAKE) --no-print-directory compiled
	$(BIN)/python -m config.server --port $(PORT)

## test: install the test tools and run the whole suite (on every core; PYTEST_ARGS adds options)
test: $(VENV)/.installed-dev node_modules/.package-lock.json
	-@$(MAKE) --no-print-directory compiled
	$(BIN)/python -m pytest -n auto --dist loadgroup $(PYTEST_ARGS)

# The page checks' tools from npm (package.json: vnu-jar, axe-core); without npm their tests skip.
# --ignore-scripts: vnu-jar's install script would download a Java runtime (Debian's is used).
node_modules/.package-lock.json: package.json package-lock.json
	@if command -v npm >/dev/null 2>&1; then npm ci --ignore-scripts --no-audit --no-fund; \
	else echo "npm not found: the HTML and accessibility checks of the pages will be skipped"; fi

## bench: the performance benchmarks (not part of the test suite; what they measure and the last figures: docs/performance.md)
bench: $(VENV)/.installed-dev
	-@$(MAKE) --no-print-directory compiled
	$(BIN)/python -m bench

## check: lint, import floors (import-linter) and strict type checks (the engines; with django-stubs the services, selectors, forms and pages)
check: lint imports typecheck
lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
imports: $(VENV)/.installed-dev
	$(BIN)/lint-imports
typecheck: $(VENV)/.installed-dev
	ZO_COMMAND_LINE=1 $(BIN)/mypy  # django-stubs loads the settings: a throwaway key

## compiled: compile the simulated camp's engine with mypyc into build/ (rehearsals, fair deals ~1.6x faster; needs gcc)
compiled: | $(BIN)/python
	-@$(MAKE) --no-print-directory $(VENV)/.installed-compiled
	-$(BIN)/python tools/compile_engine.py

## messages: compile the Czech translations (.po -> .mo) without GNU gettext
messages: $(VENV)/.installed-dev
	$(BIN)/python tools/compile_messages.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache build
