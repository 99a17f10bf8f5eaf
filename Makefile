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

.PHONY: run dev test lint format lock shell bench clean-data

# uv lives inside .venv, at the version requirements.lock pins: nothing outside the project is
# installed or changed.
$(VENV)/.synced: requirements.lock
	@test -n "$(PYTHON312)" || { echo "Python 3.12 not found: install it (e.g. pyenv install 3.12) or set PYTHON312=/path/to/python3.12" >&2; exit 1; }
	@test -x $(PY) || "$(PYTHON312)" -m venv $(VENV)
	@$(PY) -m uv --version >/dev/null 2>&1 || { $(PY) -m pip --version >/dev/null 2>&1 || $(PY) -m ensurepip --upgrade >/dev/null; $(PY) -m pip install --quiet --disable-pip-version-check "$$(grep '^uv==' requirements.lock)"; }
	$(PY) -m uv pip sync --quiet --python $(PY) requirements.lock
	@touch $@

run: $(VENV)/.synced  ## the app with the demo campaign on embedded PostgreSQL and Redis, served by gunicorn
	$(PY) -m campaign.devstack run

dev: $(VENV)/.synced  ## the same with Django's autoreloading runserver and debug on, for work on the code
	$(PY) -m campaign.devstack run --dev

test: $(VENV)/.synced  ## the whole suite on embedded PostgreSQL and Redis
	$(PY) -m campaign.devstack test $(ARGS)

lint: $(VENV)/.synced
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/ruff check .

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
