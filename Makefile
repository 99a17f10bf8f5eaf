# Ludus developer commands. `make run` and `make test` work on a fresh machine:
# they create .venv with uv (itself pinned in requirements.lock) and start embedded
# PostgreSQL and Redis.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
export UV_PYTHON_DOWNLOADS := never

# Django 6 needs Python 3.12: take python3.12 from PATH, else the newest 3.12 pyenv has.
PYTHON312 ?= $(shell for p in python3.12 $$(command -v pyenv >/dev/null 2>&1 && ls -d "$$(pyenv root)"/versions/3.12*/bin/python3.12 2>/dev/null | sort -V | tail -1); do \
	"$$p" -c 'import sys; assert sys.version_info[:2] == (3, 12)' >/dev/null 2>&1 && { command -v "$$p"; break; }; done)

.PHONY: run dev test fuzz lint format lock shell bench clean-data python-check

# Python before 3.12.5 writes a newline decoded from an RFC 2047 encoded word into an e-mail
# header (CVE-2024-6923). Ludus neutralises encoded words itself (campaign/mail.py), so an older
# 3.12 still runs, with this warning; deploy on 3.12.5 or later (`manage.py check --deploy`).
python-check: $(VENV)/.synced
	@$(PY) -c 'import sys; sys.exit(sys.version_info[:3] < (3, 12, 5))' || echo "Warning: Python $$($(PY) -c 'import platform; print(platform.python_version())') is older than 3.12.5, whose e-mail library writes a newline decoded from an encoded word (=?utf-8?q?...=0A...?=) into a header (CVE-2024-6923). Ludus cleans every header itself (campaign/mail.py), so it runs; install Python 3.12.5 or later (e.g. pyenv install 3.12) and set PYTHON312 to guard the headers twice." >&2

# uv lives inside .venv, at the version requirements.lock pins: nothing outside the project is
# installed or changed.
$(VENV)/.synced: requirements.lock
	@test -n "$(PYTHON312)" || { echo "Python 3.12 not found: install it (e.g. pyenv install 3.12) or set PYTHON312=/path/to/python3.12" >&2; exit 1; }
	@test -x $(PY) || "$(PYTHON312)" -m venv $(VENV)
	@$(PY) -m uv --version >/dev/null 2>&1 || { $(PY) -m pip --version >/dev/null 2>&1 || $(PY) -m ensurepip --upgrade >/dev/null; $(PY) -m pip install --quiet --disable-pip-version-check "$$(grep '^uv==' requirements.lock)"; }
	$(PY) -m uv pip sync --quiet --python $(PY) requirements.lock
	@touch $@

run: $(VENV)/.synced python-check  ## the app with the demo campaign on embedded PostgreSQL and Redis, served by gunicorn
	$(PY) -m campaign.devstack run

dev: $(VENV)/.synced python-check  ## the same with Django's autoreloading runserver and debug on, for work on the code
	$(PY) -m campaign.devstack run --dev

test: $(VENV)/.synced python-check  ## the whole suite on embedded PostgreSQL and Redis, one pytest-xdist worker per core (ARGS="-n 0": one process)
	$(PY) -m campaign.devstack test $(ARGS)

# The API fuzzer with many more examples than the test suite gives it (docs/security.md).
FUZZ_EXAMPLES ?= 200
fuzz: $(VENV)/.synced  ## schemathesis over the whole API, FUZZ_EXAMPLES per operation, persona and mode
	LUDUS_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(PY) -m campaign.devstack test -m fuzz -q -p no:cacheprovider $(ARGS)

lint: $(VENV)/.synced  ## ruff, and the layers' import contract (pyproject.toml)
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

format: $(VENV)/.synced
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

lock: $(VENV)/.synced  ## re-pin requirements.lock from pyproject.toml
	$(PY) -m uv pip compile --quiet pyproject.toml --group dev --python-version 3.12 --no-header --no-annotate -o requirements.lock

shell: $(VENV)/.synced  ## a Django shell on the embedded servers
	$(PY) -m campaign.devstack exec -- $(PY) manage.py shell

bench: $(VENV)/.synced
	$(PY) -m campaign.devstack exec -- $(PY) bench/run_all.py

clean-data:  ## forget the embedded databases (the demo is loaded again next run)
	rm -rf .devdata
