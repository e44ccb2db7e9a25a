# The README's two commands. Each bootstraps .venv on its own.
PY ?= python3
# the port make play serves on: make play PORT=8080
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# the learned baselines' extra (torch, sb3-contrib): make test installs it so their tests run; serving the browser app does not
BASELINES := $(VENV)/.baselines

.PHONY: play terminal test typecheck bench clean

# setup: the venv, every extra, and the games' numba kernels compiled once (not in the first simulation,
# search or bot move: python -m realms.kernels: 35-140 CPU seconds a game when nothing is cached, the games in parallel)
$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[web,dev,ray,plot,rl,fast]'
	$(BIN)/python -m realms.kernels
	touch $(STAMP)

$(BASELINES): $(STAMP) pyproject.toml
	$(BIN)/pip install --quiet -e '.[web,dev,ray,plot,rl,fast,baselines]'
	touch $(BASELINES)

play: $(STAMP)
	$(BIN)/realms serve --port $(PORT)

terminal: $(STAMP)
	$(BIN)/realms play kingdomino --bots full-greedy,greedy,random

# mypy checks all of src/realms, core/ strictly (pyproject.toml's [tool.mypy]); pytest's two workers take
# tests from each other's queue once their own is done (worksteal), so both finish together; the 25 slowest tests
# are listed at the end, to keep the suite's time in view
test: $(STAMP) $(BASELINES)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/mypy
	$(BIN)/pytest -n 2 --dist worksteal --durations=25

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/kingdomino_random.py 10
	$(BIN)/python benchmarks/dominion_bm.py
	$(BIN)/python benchmarks/burgundy_random.py
	$(BIN)/python benchmarks/rl_steps.py 3

clean:
	rm -rf $(VENV)
