# The two commands of the README, plus the steps they share.
# `make serve` and `make test` each create .venv when it is missing and install what they need.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
# The floor pyproject.toml states: pymdown-extensions, through Material, needs 3.11.5.
PYTHON_FLOOR := 3.11.5
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
export NO_MKDOCS_2_WARNING := 1
# Bytecode is cached under .venv, never beside the sources: the tests copy the project, and compare
# each copy before and after a command. Without a cache (this machine sets PYTHONDONTWRITEBYTECODE)
# each of the tests' Python processes compiled the toolkit and the tests again (5 s of each worker's
# start). A game's scorer is content and is compiled from its source each time (rulebook/files/scorers.py).
unexport PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX := $(abspath $(VENV))/pycache
# What the last run compiled in its temporary copies of the project (3 MB after `make test-fast`).
FORGET_TEMPORARY_BYTECODE = rm -rf "$(PYTHONPYCACHEPREFIX)$${TMPDIR:-/tmp}"

.PHONY: install lock serve build build-zensical check test test-fast test-content test-engines bench-engines lint pytest system-deps node-deps messages bench fuzz print mutate icons clean

install: $(INSTALLED)

$(BIN)/python:
	@$(PYTHON) -c 'import sys; floor = tuple(map(int, "$(PYTHON_FLOOR)".split("."))); \
	  sys.exit(0 if sys.version_info[:3] >= floor else f"$(PYTHON) is Python {sys.version.split()[0]}; this project needs $(PYTHON_FLOOR) or newer (make PYTHON=/path/to/python3.11)")'
	$(PYTHON) -m venv $(VENV)

# Every dependency comes from requirements.lock, each file checked against its sha256 (`make lock`
# writes it from pyproject.toml and constraints.txt). uv installs it in about a sixth of pip's time
# (dev/setup.md): the uv on PATH, or else uv itself installed first from its own hashed lock; pip
# installs the same lock where neither works. The package itself is editable, so only a change of
# the dependencies reinstalls.
$(INSTALLED): $(BIN)/python pyproject.toml requirements.lock requirements-uv.lock
	@uv=$$(command -v uv || true); \
	if [ -z "$$uv" ] && $(BIN)/python -m pip install --quiet --require-hashes -r requirements-uv.lock; then uv=$(BIN)/uv; fi; \
	if [ -n "$$uv" ]; then \
	  $$uv pip install --quiet --python $(BIN)/python --require-hashes -r requirements.lock \
	  && $$uv pip install --quiet --python $(BIN)/python --no-deps -e . ; \
	else \
	  $(BIN)/python -m pip install --quiet --require-hashes --no-deps -r requirements.lock \
	  && $(BIN)/python -m pip install --quiet --no-deps -e . ; \
	fi
	touch $@

# requirements.lock from the direct dependencies (pyproject.toml) and the tested versions
# (constraints.txt), with the hashes of every file the registry holds for each version, for every
# platform. Run it after changing either; tests/test_lock.py fails until you do.
lock: install
	@uv=$$(command -v uv || echo $(BIN)/uv); \
	$$uv pip compile --quiet pyproject.toml --extra test -c constraints.txt --generate-hashes --universal \
	  --python-version $(PYTHON_FLOOR) -o requirements.lock; \
	$$uv pip compile --quiet requirements-uv.in --generate-hashes --universal \
	  --python-version $(PYTHON_FLOOR) -o requirements-uv.lock

# Debian packages the tests need: Chromium's headless shell for the browser tests and `make print`
# (Playwright cannot download its own browser here; it is Chromium's engine without the browser's
# windows, 40 % less CPU in the browser tests), gettext, whose msgfmt --check validates the
# exported PO files, and Node.js, which runs each game's calculator.js against the Python scorer in
# the fast tier (tests/test_calculator_node.py; node-deps installs it alone for `make test-fast`).
APT_INSTALL = SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq
system-deps:
	@missing=""; \
	command -v chromium-headless-shell >/dev/null 2>&1 || missing="$$missing chromium-headless-shell"; \
	command -v msgfmt >/dev/null 2>&1 || missing="$$missing gettext"; \
	command -v node >/dev/null 2>&1 || missing="$$missing nodejs"; \
	if [ -n "$$missing" ]; then $(APT_INSTALL) $$missing; fi

node-deps:
	@command -v node >/dev/null 2>&1 || { $(APT_INSTALL) nodejs; }

# `rulebook serve`: one full build, then after each edit only the pages it changes (dev/performance.md).
serve: install
	$(BIN)/rulebook serve --strict --dev-addr 127.0.0.1:8000

# The UI catalogs are compiled to .mo (git-ignored) so that a broken catalog fails here; the site
# itself reads the PO files through Babel. `rulebook build` is `mkdocs build --strict` on every core:
# the languages in parallel processes, merged into the same site (tests/test_split_build.py).
build: install
	$(BIN)/pybabel -q compile -d locales
	$(BIN)/rulebook build --strict

check: install
	$(BIN)/rulebook check

lint: install
	$(BIN)/ruff check tools tests rules
	$(BIN)/ruff format --check --quiet tools tests rules

# The whole suite, browser tests included, on one worker more than the cores (pytest-xdist; a site
# that several tests read is built once for all the workers: tests/conftest.py). A browser test
# waits for its pages much of the time, and the extra worker uses it; an idle worker takes tests
# from a busy one's queue (worksteal): xdist's first split had given one worker every browser test,
# and the other sat idle for the last 317 s of 752. Measured on 2 cores (dev/testing.md).
WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
pytest: install system-deps
	$(FORGET_TEMPORARY_BYTECODE)
	$(BIN)/pytest -n $(WORKERS) --dist worksteal

test: lint check build pytest

# Issue 27: the site outlives its engine. ProperDocs builds the same site as MkDocs (tests/test_engines.py),
# the Zensical probe measures what Zensical alone does (tests/test_zensical_probe.py), and the same site tests
# run on all three engines' sites (tests/browser/test_engine_sites.py, issue 51; docs: dev/engines.md).
# Zensical lives in its own venv, .venv-engines, so that it never changes the versions the site is built with;
# nh3 is there for our Markdown extension (render/markdown_extension.py), which Zensical runs from tools/.
ENGINES_VENV := .venv-engines
ZENSICAL := $(ENGINES_VENV)/bin/zensical

$(ZENSICAL): constraints-engines.txt
	$(PYTHON) -m venv $(ENGINES_VENV)
	$(ENGINES_VENV)/bin/python -m pip install --quiet -c constraints-engines.txt zensical-i18n nh3
	touch $@

# The same site built by Zensical between our two steps (dev/engines.md), into site/ as `make build`:
# render checks and writes the pages and mkdocs.rendered.yml, zensical-i18n builds every language,
# finish does the after step with the policy's hashes from Zensical's and zensical-i18n's templates.
ZENSICAL_TEMPLATES = $(BIN)/python -c 'import sys; from pathlib import Path; \
	from rulebook.website.theme_folders import zensical_templates; \
	print(*(f"--theme-dir={folder}" for folder in zensical_templates(Path(sys.argv[1]))))' $(abspath $(ZENSICAL))

build-zensical: install $(ZENSICAL)
	$(BIN)/pybabel -q compile -d locales
	$(BIN)/rulebook render
	PYTHONPATH=tools $(ENGINES_VENV)/bin/zensical-i18n build --clean --strict -f mkdocs.rendered.yml
	$(BIN)/rulebook finish site $$($(ZENSICAL_TEMPLATES))

# ProperDocs in a venv of its own too, from the same hashed lock (it runs on Material, which needs
# mkdocs 1.6.1, so the pins are the project's). A .pth file imports properdocs.replacement in every
# interpreter of that venv, as the `properdocs` command does itself: each `mkdocs.*` import is then
# ProperDocs', and so are `rulebook build` and `rulebook serve` there (dev/engines.md).
PROPERDOCS_VENV := .venv-properdocs
PROPERDOCS := $(PROPERDOCS_VENV)/bin/properdocs

$(PROPERDOCS): $(INSTALLED) requirements.lock
	$(PYTHON) -m venv $(PROPERDOCS_VENV)
	@uv=$$(command -v uv || ls $(BIN)/uv 2>/dev/null || true); \
	if [ -n "$$uv" ]; then \
	  $$uv pip install --quiet --python $(PROPERDOCS_VENV)/bin/python --require-hashes -r requirements.lock \
	  && $$uv pip install --quiet --python $(PROPERDOCS_VENV)/bin/python --no-deps -e . ; \
	else \
	  $(PROPERDOCS_VENV)/bin/python -m pip install --quiet --require-hashes --no-deps -r requirements.lock \
	  && $(PROPERDOCS_VENV)/bin/python -m pip install --quiet --no-deps -e . ; \
	fi
	echo "import properdocs.replacement" > \
	  "$$($(PROPERDOCS_VENV)/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/properdocs_everywhere.pth"
	touch $@

test-engines: install system-deps $(ZENSICAL) $(PROPERDOCS)
	RULEBOOK_ZENSICAL=$(abspath $(ZENSICAL)) RULEBOOK_PROPERDOCS=$(abspath $(PROPERDOCS)) \
	  $(BIN)/pytest -q -m engines tests/test_engines.py tests/test_zensical_probe.py tests/browser/test_engine_sites.py

# While editing: no browser, no site build, no generated runs (the tests marked browser, slow or fuzz).
# Node runs every calculator.js on the scoring cases and worked examples here.
test-fast: lint check node-deps
	$(FORGET_TEMPORARY_BYTECODE)
	$(BIN)/pytest -n auto -q -m "not browser and not slow and not fuzz and not engines"

# Issue 50: the content tier, the tests marked `content`: the project's own games and languages,
# whatever rules/project.yaml lists (tests/test_content.py, the scorers' doctests, each calculator.js
# under Node). A game or language that `rulebook new` writes passes it with no test edited.
test-content: install node-deps
	$(BIN)/pytest -n auto -q -m content

# Issue 11: the property-based tests on 100,000+ generated inputs (a few hundred in `make test`),
# the calculator's differential run in Chromium among them (10,000 situations a game; 50 in `make test`).
# Prints the runs per command: inputs, exit 0/1/2, internal errors (which must stay at 0). Issue 48:
# check, status, i18n import, i18n sync and edition new get 10,000+ inputs each, as score does; the
# tests are split so that every core takes the next one when it is free (worksteal).
fuzz: install system-deps
	RULEBOOK_FUZZ=1 $(BIN)/pytest -n $$(nproc) --dist worksteal -m fuzz -q -o addopts="--strict-markers" tests

# Issue 17: mutation testing (mutmut) of scoring, validate, i18n and the escaping in render, on their
# fast tests only; prints the score per package and lists the survivors. Not part of `make test`:
# it takes minutes per package. `make mutate PACKAGES="scoring i18n"` runs some of them.
PACKAGES ?=
mutate: install
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[mutate]'
	$(BIN)/python tests/mutation/run.py $(PACKAGES)

# The print edition: print/<language>/<game>.pdf, printed by the tests' Chromium from the built site.
print: build system-deps
	$(BIN)/python -m rulebook.artifacts.print_edition --site site --out print

# Issue 28: the web app's PNG icons (192, 512, and Apple's 180), drawn from docs/assets/favicon.svg by
# CairoSVG and committed; run it after changing the SVG (tests/browser/test_app_icons.py compares them).
icons: install
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[icons]'
	$(BIN)/python -m rulebook.artifacts.app_icons --svg docs/assets/favicon.svg

# How the toolkit's cost grows with content, against bare MkDocs (not part of `make test`; a smoke
# run of it is). Writes bench/results.json.
bench: install
	$(BIN)/python -m rulebook.bench --out bench

# Issue 51: the same 100×5 site built by MkDocs, ProperDocs and render + Zensical + finish (dev/engines.md).
bench-engines: install $(ZENSICAL) $(PROPERDOCS)
	$(BIN)/python -m rulebook.bench.engines --zensical $(ZENSICAL) --properdocs $(PROPERDOCS) --out bench

# UI strings: extract them from the code and merge them into every catalog (guide/translating.md, "UI strings").
messages: install
	$(BIN)/pybabel -q extract -F babel.cfg -k Nn_:1,2 -k form_word --no-location --sort-output --add-comments=TRANSLATORS: \
	  --width=100 --project=rulebook --copyright-holder="rulebook authors" --msgid-bugs-address="" \
	  --header-comment="$$(printf '# Translations template for rulebook.\n# Copyright (C) 2026 rulebook authors\n# This file is distributed under the same license as the rulebook project.\n#')" \
	  -o locales/messages.pot .
	# Babel writes EMAIL@ADDRESS when the address is empty; the project has no such address.
	sed -i 's/^"Report-Msgid-Bugs-To: EMAIL@ADDRESS\\n"$$/"Report-Msgid-Bugs-To: \\n"/' locales/messages.pot
	for catalog in locales/*/LC_MESSAGES/messages.po; do \
	  language=$$(basename $$(dirname $$(dirname $$catalog))); \
	  $(BIN)/pybabel -q update -i locales/messages.pot -d locales -l $$language --no-fuzzy-matching --ignore-obsolete --width=100; \
	done

clean:
	rm -rf site print .venv .venv-engines .venv-properdocs .pytest_cache .mutate .cache
	find docs -mindepth 1 -maxdepth 1 -type d ! -name assets -exec rm -rf {} +
