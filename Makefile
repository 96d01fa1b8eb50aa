# Run `make` for the list of targets.
CARGO ?= cargo
BUNDLER = $(CARGO) run --release -p bundler --bin grundy --

.DEFAULT_GOAL := help
.PHONY: help bundle judge test corpus-2025 fuzz stress readme lint doc bench sizes

help: ## Show this help
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-8s %s\n", $$1, $$2}'
	@echo "  Example: make bundle P=poj2311"

bundle: ## Print the submission-ready file for problem P (make bundle P=poj2311)
	@test -n "$(P)" || { echo "usage: make bundle P=<problem id>" >&2; exit 2; }
	@test -f problems/$(P)/main.rs || { echo "make bundle: no problem '$(P)' (no problems/$(P)/main.rs); problems:" $$(ls problems | grep -v -e src -e Cargo.toml) >&2; exit 2; }
	@$(BUNDLER) bundle problems/$(P)/main.rs

# The 2025 corpus (regex, ndarray, bitvec, ...: bundles of megabytes, pruned) takes about
# seven minutes on 2 cores: it has a target of its own, which `make sizes` runs too; only
# its small package (petgraph 0.8 for Codeforces) is part of `make test`.
test: ## Run every test: templates, bundler, the judge suite, the corpus and the 2025 set's small package (all of it: make corpus-2025)
	$(CARGO) test --workspace --exclude corpus-atcoder2025
	$(CARGO) test -p corpus-atcoder2025 tiny_

corpus-2025: ## The corpus at AtCoder's 2025 crate versions (regex, ndarray, petgraph 0.8, ...)
	$(CARGO) test -p corpus-atcoder2025

# Optimized: ten times the inputs of the debug build, which `make test` runs with overflow checks.
fuzz: ## Fuzz the bundler with mutated inputs for FUZZ_SECONDS (600); FUZZ_SEED=<n> picks the seed
	FUZZ_SECONDS=$(or $(FUZZ_SECONDS),600) $(CARGO) test --release -p bundler --test fuzz -- --nocapture

sizes: ## Record the size of every bundle the tests make in bundle-sizes.tsv (the budgets they are held to)
	rm -rf target/bundle-sizes
	GRUNDY_UPDATE_SIZES=1 $(CARGO) test --workspace --no-fail-fast
	{ grep '^#' bundle-sizes.tsv; cat target/bundle-sizes/* | LC_ALL=C sort; } > bundle-sizes.tsv.new
	mv bundle-sizes.tsv.new bundle-sizes.tsv

# Optimized, as fuzz: the runs' own programs are compiled -O either way, the tool around them is not.
stress: ## Stress every problem's solution for STRESS_RUNS runs each (5000; make test runs 200); STRESS_SEED=<n> picks the first seed
	STRESS_RUNS=$(or $(STRESS_RUNS),5000) STRESS_SEED=$(or $(STRESS_SEED),1) $(CARGO) test --release -p suite --test stress -- --nocapture

readme: ## Rewrite README.md's problems table from the problem folders
	GRUNDY_UPDATE_README=1 $(CARGO) test -p suite --test readme

judge: ## Judge every problem (or P=<id>) as a judge would and print the verdict table
	@$(BUNDLER) test $(P)

lint: ## Clippy with -D warnings, rustfmt --check, and docs without warnings
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) fmt --all -- --check
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --workspace --no-deps

bench: ## Templates side by side with C++ (I/O, SG tables, nimbers, octal games); bundling beside cargo-equip; grundy stress beside a shell loop
	$(CARGO) bench -p templates --bench io
	$(CARGO) bench -p templates --bench sg
	$(CARGO) bench -p bundler --bench octal
	$(CARGO) bench -p bundler --bench stress
	$(CARGO) bench -p bundler --bench bundle
	$(CARGO) bench -p bundler --bench corpus

doc: ## Build the API documentation
	$(CARGO) doc --workspace --no-deps

# By absolute path, so the rustup toolchain stays first in PATH; OLD_RUSTC names others.
.PHONY: old-rustc
old-rustc: ## Check templates and every problem's bundle with Debian's rustc (1.63) or rustc-web (1.85)
	$(CARGO) build --release -p bundler --bin grundy
	sh tools/old-rustc.sh target/release/grundy $(OLD_RUSTC)
