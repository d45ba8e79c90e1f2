# jdkmatrix: every target brings up what it needs (JDK 21+, Docker engine, base image).
#   make jmh JMH_JAR=path/benchmarks.jar JDK=21,25   your JMH jar on two JDKs, no matrix file; ends with the answer (JMH_ARGS, BENCHMARKS, CPUS, MEMORY, REPETITIONS, OUT)
#   make matrix            run matrix.yaml (MATRIX=other.yaml, OUT=dir to change; a relative path is read from the folder you called make in)
#   make quick             a small matrix: 25 to 57 s on 2 CPUs once set up, 81.1 to 109 s from nothing (docs/testing.md)
#   make plan              list the cells and the estimated duration; runs nothing (PLAN_ARGS="--from dir": the rounds its comparisons need)
#   make workloads         the built-in workloads with their params (and the kinds jmh, jar)
#   make matrix MATRIX=examples/jmh.yaml   your own JMH benchmarks across JDKs and CPU limits (examples/jar.yaml: any jar;
#                                          examples/jdks.yaml: Debian 17, 21, 25, 27 and a JDK folder of this machine)
#   make report RESULTS=dir   charts and gallery of a results folder (make matrix ends with it; REPORT_ARGS=--svg for SVG too)
#   make claims RESULTS=dir   the write-ups' claims (claims.yaml) checked on a results folder; fails (make's exit 2) if one fails
#   make reference-docs    docs/reference-run.md's and README's quotes of results/reference written again from it (RESULTS=dir for another)
#   make test              unit and integration tests (real containers; KubernetesIT on make k8s-up's cluster, brought down after)
#   make test-times        after make test: the seconds of each test class into docs/testing.md (TEST_ROOT=clone for a .ci/run clone)
#   make build             the jars (harness, workloads, examples) when a source changed; make clean removes them
#   make ready             the base image and the jars side by side: what every target that runs starts with
#   make base-image        create debian:trixie-slim locally when no registry answers
#   make docker            start Debian's dockerd in the background when no engine answers (every target that needs one does)
#   make bench-jar         the bench module's jar (bench/: the programs behind the bench-* targets, each of which builds it first)
#   make bench-harness     harness vs a plain docker-run loop: writes docs/performance.md
#   make bench-report      time 'report' on a synthetic 500-cell folder: writes docs/report-benchmark.md
#   make bench-cpu-modes   the CPU-bound cells under a CFS quota and pinned (examples/trust.yaml, ~1 h): writes docs/cpu-modes.md
#   make bench-internals   what reading the JVM's internals costs (docs/matrices/internals-cost.yaml, ~25 min): writes docs/internals-cost.md
#   make bench-site        what one make publish adds to a site, and the site after 365 nights: writes docs/site-growth.md
#   make from-nothing      make quick as a new machine meets it, each line stamped (DESTRUCTIVE: stops dockerd, removes images and ~/.m2 first)
#   make bench-index       index's seconds over sites of 1,000 to 10,000 small nights (~3 min): docs/site-growth.md's bench-index block
#   make bench-verdicts    how often comparisons are right on known differences, paired and unpaired (~40 min): writes docs/verdicts.md
#   make bench-warmup      warm-up until steady against fixed warm-up on examples/jmh at 6 rounds (~1 h): writes docs/warmup.md
#   make bench-warmup-public  the same on a public JMH suite as it comes, HdrHistogram's (~45 min; SUITE_GIT=a clone offline): writes docs/warmup-public.md
#   make bench-duet        duet against blocked order: 8 short nights of A/A and +5 % pairs in both orders (~19 min): writes docs/duet.md
#   make bench-resolution  comparisons.csv's resolvable_pct and rounds_for_5pct held to real runs' rounds (~1 min): writes docs/statistics.md's block
#   make bench-steady      the steady-state classifier called right per class at 7 to 50 iterations and 1 to 5 % noise (~1 min): docs/statistics.md's block
#   make bench-history     the history's change finder on histories made from the real nights, on one machine and on fleets (~10-14 min): writes docs/history.md's blocks
#   make bench-history-nights  the fleet calibration's false alerts on docs/runs/nights' real nights alone, also at other --max-p (~5 min), and the
#                          calibration on the reference nightly's real nights (docs/runs/reference-nights): docs/history.md's bench-nights blocks
#   make bench-reference-nights  that calibration alone: a 5 % step in a benchmark's ratio to its baseline, false alarms, a young site (~1 min)
#   make keep-night        this machine's quick night kept as a real night in docs/runs/nights (what bench-history-nights draws on); prints its README row
#   make reference-night   the reference nightly: examples/jmh (and HdrHistogram's suite, SUITE_GIT=its repository) against its baseline in the
#                          same rounds, JDK 25 at 1 pinned CPU (~20 min): target/reference-night/run
#   make keep-reference-night  this machine's reference night kept as a real night in docs/runs/reference-nights; prints its README row
#   make otava-fixtures    the change points Apache Otava 0.8.0 finds on EDivisiveTest's series (pip installs it under target/)
#   make history-real      24 nights of a small matrix in a row, a jar 5 % slower on JDK 25 from night 10: what history finds (~25 min)
#   make dist              a release: target/dist/jdkmatrix-VERSION.tar.gz (bin/jdkmatrix, the jars, Dockerfiles, engine scripts) and its .sha256, the same bytes each time
#   make release           tag vVERSION beside this commit, its reusable workflows and setup action naming each other at vVERSION, not @main
#   make check-workflows   the reusable workflow run by nektos/act: a sample library's two nights into a local gh-pages (.ci/run runs it)
#   make nightly-local     the nightly pipeline on a small matrix: 2 shards -> merge -> compare -> publish -> history (.ci/run runs it)
#   make shards N=3        the shard list for CI, as JSON: [1,2,3]
#   make merge OUT=dir DIRS="a b"         one results folder from shard folders
#   make compare BASELINE=dir NEW=dir     per-cell changes as Markdown (COMPARE_ARGS=--fail-on-regression ...)
#   make publish SITE=dir NEW=dir         add a run to a gallery site: compare, render, index and history; galleries of the newest KEEP_GALLERIES=14 kept;
#                                         EXPORT=1 also writes the night for Bencher and github-action-benchmark; RUNNER_CLASS=name names its testbed
#                                         HISTORY_OPTIONS="--max-p 0.000001" sets the site's history method (the options history and index take)
#   make history SITE=dir                what changed over a site's nights, and when (HISTORY_ARGS=--fail-on-regression ...)
#   make readme-jmh        run the README's first example (make jmh on examples/jmh) and write its output into README.md
#   make readme-quick      run make quick and write its output into README.md, with the commit and date
#   make remote-demo       make quick through a forwarded engine socket (socat), its output into docs/nightly.md
#   make prune             remove from the engine what no jdkmatrix session uses (PRUNE_ARGS=--dry-run, --all for JDK images too)
#   make lint-workflows    actionlint and zizmor on .github (installed once if missing: go install, a venv from PyPI)
#   make k8s-up            a single-node Kubernetes v1.34.2 on this machine, all on loopback (binaries built once, ~10 min; K8S_NODES=2: a second node): docs/kubernetes.md
#   make k8s-down          stop it: nothing of it left running, the kernel's settings as they were (K8S_WIPE=1: its state too)
SHELL := /bin/bash
.DEFAULT_GOAL := help

MATRIX ?= matrix.yaml
QUICK_MATRIX := harness/matrices/quick.yaml
OUT ?=
RUN_ARGS ?=
SCRIPTS := harness/scripts

# A JDK 21+ for Maven and the harness; `make help` works without one, every target that needs one
# says how to get one (the jdk target).
JAVA_HOME := $(shell $(SCRIPTS)/find-jdk.sh 2>/dev/null)
ifneq ($(JAVA_HOME),)
export JAVA_HOME
export PATH := $(JAVA_HOME)/bin:$(PATH)
endif
# Testcontainers reads these from the environment only; jdkmatrix removes its own containers.
export TESTCONTAINERS_RYUK_DISABLED := true
export TESTCONTAINERS_CHECKS_DISABLE := true
export TESTCONTAINERS_TINYIMAGE_CONTAINER_IMAGE := debian:trixie-slim

MVN := ./mvnw -B -q -Dstyle.color=never
JAR := harness/target/jdkmatrix.jar
WORKLOADS_JAR := workloads/target/workloads.jar
# The examples' jars (examples/jmh.yaml, examples/jar.yaml run them), built by the same Maven build.
EXAMPLE_JARS := examples/jmh/target/benchmarks.jar examples/jar/target/app.jar
SOURCES := $(shell find harness/src workloads/src examples/jmh/src examples/jar/src -type f 2>/dev/null) pom.xml harness/pom.xml workloads/pom.xml \
	examples/jmh/pom.xml examples/jar/pom.xml
# The harness, started with a class-data archive per subcommand and JDK (see the script).
JDKMATRIX := $(SCRIPTS)/jdkmatrix.sh
# The measurement programs behind the bench-* targets (the bench module, docs/architecture.md): classes of their own
# with their tests, run with the harness jar; make build leaves them out, the bench targets build them here.
BENCH_JAR := bench/target/jdkmatrix-bench.jar
BENCH_CP := $(JAR):$(BENCH_JAR)
BENCH_SOURCES := $(shell find bench/src/main -type f 2>/dev/null) bench/pom.xml

.PHONY: test-times bench-jar help jdk check-no-jdk check-resume check-explorer check-dist check-workflows dist release build docker base-image setup ready plan workloads matrix jmh quick report claims chromium test bench-harness bench-report bench-cpu-modes bench-internals bench-site bench-index from-nothing bench-warmup bench-warmup-public bench-verdicts bench-duet bench-resolution bench-steady reference-docs bench-history bench-history-nights bench-reference-nights keep-night reference-night keep-reference-night otava-fixtures history-real nightly-local shards merge compare history publish prune readme-jmh readme-quick remote-demo lint-workflows k8s-up k8s-down clean

help:
	@sed -n 's/^#   //p' Makefile

jdk:
	@if [ -z "$(JAVA_HOME)" ]; then \
	  echo "make: no JDK 21 or newer found (JAVA_HOME, /usr/lib/jvm, /opt/java, PATH)." >&2; \
	  echo "  fix: install one (Debian/Ubuntu: sudo apt-get install openjdk-21-jdk-headless; or Eclipse Temurin 21/25 from adoptium.net)," >&2; \
	  echo "       or set JAVA_HOME to a JDK 21+; then run make again" >&2; \
	  exit 2; fi

build: jdk $(JAR) $(WORKLOADS_JAR) $(EXAMPLE_JARS)

# one make at a time builds them (target/build.lock): a second make that waited builds nothing
$(JAR) $(WORKLOADS_JAR) $(EXAMPLE_JARS) &: $(SOURCES)
	@$(SCRIPTS)/build-jars.sh "$(MVN)" $(JAR) $(WORKLOADS_JAR) $(EXAMPLE_JARS) -- $(SOURCES)

# The bench module's jar, compiled against the harness jar (make test's Maven build compiles and tests the module as well).
bench-jar: jdk $(BENCH_JAR)
$(BENCH_JAR): $(JAR) $(BENCH_SOURCES)
	@rm -rf bench/target/make-classes && mkdir -p bench/target/make-classes \
	  && "$$JAVA_HOME/bin/javac" -J-XX:TieredStopAtLevel=1 -nowarn -d bench/target/make-classes -cp $(JAR) $(filter %.java,$(BENCH_SOURCES)) \
	  && "$$JAVA_HOME/bin/jar" cf $@ -C bench/target/make-classes . \
	  || { echo "make: the bench module (bench/src/main/java) does not compile against $(JAR)" >&2; exit 1; }

docker:
	@$(SCRIPTS)/ensure-docker.sh

base-image: docker
	@$(SCRIPTS)/base-image.sh

setup: base-image

# The base image (mmdebstrap, about 15 s the first time) and the jars (Maven) side by side: neither
# needs the other, so a fresh machine's first run waits for the longer of the two, not their sum
# (two makes: one make -j2 of both was seen to start the base image only once Maven had ended).
ready:
	@$(MAKE) --no-print-directory setup & setup=$$!; \
	 $(MAKE) --no-print-directory build; built=$$?; \
	 wait $$setup; ready=$$?; [ $$built = 0 ] && [ $$ready = 0 ]

# The folder make was called from (make -C <jdkmatrix> keeps it in PWD): a relative MATRIX, OUT, RESULTS or JMH_JAR given
# on the command line is read against it (harness/scripts/caller-path.sh); a default stays jdkmatrix's own.
CALLER := $(PWD)
caller = $(if $(filter command environment,$(firstword $(origin $(1)))),$(CALLER))
CALLER_PATH := $(SCRIPTS)/caller-path.sh

plan: build
	@m=$$($(CALLER_PATH) MATRIX "$(MATRIX)" "$(call caller,MATRIX)") && set -x && $(JDKMATRIX) plan --matrix "$$m" $(PLAN_ARGS)

workloads: build
	@$(JDKMATRIX) workloads

# A resume (RUN_ARGS="--resume DIR") takes its matrix from the run's run.json; MATRIX given as well is checked against it.
MATRIX_ARG = $(if $(and $(findstring --resume,$(RUN_ARGS)),$(filter file,$(origin MATRIX))),,--matrix $(MATRIX))
matrix: ready
	@m=$$($(CALLER_PATH) MATRIX "$(MATRIX)" "$(call caller,MATRIX)") && o=$$($(CALLER_PATH) OUT "$(OUT)" "$(call caller,OUT)" new) && set -x && \
	 $(JDKMATRIX) run $(if $(MATRIX_ARG),--matrix "$$m") $${o:+--out "$$o"} $(RUN_ARGS)

# your JMH jar on JDKs with no matrix file (jdkmatrix jmh): JMH_JAR=path JDK=21,25, and JMH_ARGS, BENCHMARKS, CPUS, MEMORY, REPETITIONS, OUT where wanted
JDK ?= 21,25
jmh: ready
	@test -n "$(JMH_JAR)" || { echo "make jmh: name your JMH benchmarks jar, e.g. make jmh JMH_JAR=target/benchmarks.jar JDK=21,25" >&2; exit 2; }
	@j=$$($(CALLER_PATH) JMH_JAR "$(JMH_JAR)" "$(call caller,JMH_JAR)") && o=$$($(CALLER_PATH) OUT "$(OUT)" "$(call caller,OUT)" new) && set -x && \
	 $(JDKMATRIX) jmh "$$j" --jdk "$(JDK)" $(if $(CPUS),--cpus $(CPUS)) $(if $(MEMORY),--memory $(MEMORY)) $(if $(REPETITIONS),--repetitions $(REPETITIONS)) \
	   $(if $(BENCHMARKS),--benchmarks '$(BENCHMARKS)') \
	   $(if $(JMH_ARGS),--jmh-args '$(JMH_ARGS)') $${o:+--out "$$o"} $(RUN_ARGS)

quick: ready
	$(JDKMATRIX) run --matrix $(QUICK_MATRIX) $(if $(OUT),--out $(OUT)) $(RUN_ARGS)

RESULTS ?=
report: build
	@test -n "$(RESULTS)" || { echo "make report: name the results folder, e.g. make report RESULTS=results/reference" >&2; exit 2; }
	@r=$$($(CALLER_PATH) RESULTS "$(RESULTS)" "$(call caller,RESULTS)") && set -x && $(JDKMATRIX) report --results "$$r" $(REPORT_ARGS)

# the README's first example: make jmh on examples/jmh's string benchmarks, JDK 21 against 25, its output and answer into README.md
readme-jmh: build
	@$(SCRIPTS)/quote-run.sh README.md jmh readme-jmh "$(README_JMH)" -- $(MAKE) --no-print-directory -s jmh $(README_JMH_VARS) RUN_ARGS="--progress lines"
README_JMH_VARS := JMH_JAR=examples/jmh/target/benchmarks.jar JDK=21,25 BENCHMARKS=StringJoinBench JMH_ARGS="-f 1 -wi 2 -i 3 -w 500ms -r 500ms"
README_JMH := make jmh JMH_JAR=examples/jmh/target/benchmarks.jar JDK=21,25 BENCHMARKS=StringJoinBench JMH_ARGS='-f 1 -wi 2 -i 3 -w 500ms -r 500ms'

readme-quick: build
	@$(SCRIPTS)/quote-run.sh README.md quick readme-quick "make quick" -- $(MAKE) --no-print-directory -s quick RUN_ARGS="--progress lines"

# docs/nightly.md's remote-engine demo: the engine's socket forwarded to tcp://127.0.0.1:2375 by socat, as an SSH tunnel would.
remote-demo: build docker
	@command -v socat >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq socat >/dev/null; }
	@rm -rf /tmp/remote-demo; socat TCP-LISTEN:2375,bind=127.0.0.1,reuseaddr,fork UNIX-CONNECT:/var/run/docker.sock & pid=$$!; trap "kill $$pid" EXIT; sleep 1; \
	  $(SCRIPTS)/quote-run.sh docs/nightly.md remote-demo remote-demo \
	    'DOCKER_HOST=tcp://127.0.0.1:2375 make quick OUT=/tmp/remote-demo RUN_ARGS="--run-id remote-demo --progress lines --no-report"' \
	    -- env DOCKER_HOST=tcp://127.0.0.1:2375 $(MAKE) --no-print-directory -s quick OUT=/tmp/remote-demo RUN_ARGS="--run-id remote-demo --progress lines --no-report"

prune: build docker
	$(JDKMATRIX) prune $(PRUNE_ARGS)

claims: build
	@test -n "$(RESULTS)" || { echo "make claims: name the results folder, e.g. make claims RESULTS=results/reference" >&2; exit 2; }
	$(JDKMATRIX) claims --results $(RESULTS)

# The gallery's browser test opens it in Debian's headless Chromium.
chromium:
	@command -v chromium >/dev/null || { echo "[chromium] installing Debian's chromium for the gallery's browser test"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# check-resume and check-scripts beside check-dist and check-explorer after verify, whose jars they use
# (Maven runs once), beside k8s-down (shell jobs: a make -j4 of them was seen to hang, its nested make waiting
# for a job token no one held). The cluster with its second node (KubernetesNodesIT spreads groups over both).
# nightly-local, like check-workflows, is .ci/run's, after make test, which keeps it nearer 8 minutes on a noisy machine.
test: K8S_NODES = 2
test: jdk setup lint-workflows chromium check-no-jdk k8s-up
	@mkdir -p target && git status --porcelain > target/tracked-before.txt 2>/dev/null || true
	./mvnw -B -Dstyle.color=never $$($(SCRIPTS)/commit-args.sh) verify || { $(MAKE) --no-print-directory k8s-down; exit 1; }
	@$(MAKE) --no-print-directory k8s-down & down=$$!; \
	 $(MAKE) --no-print-directory check-resume check-scripts & resumed=$$!; \
	 $(MAKE) --no-print-directory check-dist check-explorer; checked=$$?; \
	 wait $$resumed; resumed=$$?; wait $$down; stopped=$$?; [ $$checked = 0 ] && [ $$resumed = 0 ] && [ $$stopped = 0 ]
	@git status --porcelain 2>/dev/null | diff target/tracked-before.txt - \
	  || { echo "make test: FAILED, the tests changed files git tracks (or left new ones outside target/): a run must write only its own folder" >&2; exit 1; }

# The explorer page's own code (its pure parts) under Node's test runner; ExplorerBrowserIT drives the page in Chromium.
check-explorer:
	@command -v node >/dev/null || { echo "check-explorer: no node on PATH: install Node.js 18 or newer (Debian: apt-get install nodejs)" >&2; exit 1; }
	@node --test harness/src/test/js/ > target/check-explorer.log 2>&1 || { cat target/check-explorer.log >&2; echo "check-explorer: FAILED (node --test harness/src/test/js/)" >&2; exit 1; }
	@echo "check-explorer: $$(grep -c '^ok ' target/check-explorer.log) tests of the explorer page's code pass (node --test harness/src/test/js/)"

# A resume through make of a run of another matrix than matrix.yaml, as the README documents it:
# two of four runs kept, the resume makes the other two and counts all four.
RESUME_DIR := target/check-resume
check-resume: ready
	@rm -rf $(RESUME_DIR)
	@$(MAKE) --no-print-directory -s matrix MATRIX=harness/matrices/resume.yaml OUT=$(RESUME_DIR) RUN_ARGS="--run-id check-resume --progress lines --no-report" > /dev/null
	@head -n 3 $(RESUME_DIR)/raw.csv > $(RESUME_DIR)/raw.kept && mv $(RESUME_DIR)/raw.kept $(RESUME_DIR)/raw.csv
	@out=$$($(MAKE) --no-print-directory -s matrix RUN_ARGS="--resume $(RESUME_DIR) --progress lines --no-report" 2>&1) \
	  && grep -q "4 runs stored in $(RESUME_DIR)/raw.csv (2 in this session" <<<"$$out" \
	  || { echo "check-resume: make matrix RUN_ARGS=\"--resume $(RESUME_DIR)\" did not finish the run: $$out" >&2; exit 1; }
	@echo "check-resume: a run of harness/matrices/resume.yaml, cut to 2 of 4 runs, resumed through make to 4"

# A release (make dist: target/dist/jdkmatrix-VERSION.tar.gz): bin/jdkmatrix, the jars in lib/, jdkmatrix's own
# Dockerfile.jdkNN in share/ (a matrix naming a JDK without a Dockerfile of its own is built from them), the
# scripts that bring up an engine and the base image in libexec/ (bin/jdkmatrix setup). It runs a matrix of any
# folder, paths relative to that file, with nothing of this repository; the Makefile's targets run the same script.
VERSION = $(shell sed -n 's:^  <version>\(.*\)</version>:\1:p' pom.xml | head -n1)
DIST = target/dist/jdkmatrix-$(VERSION)
dist: build
	@rm -rf $(DIST) && mkdir -p $(DIST)/bin $(DIST)/lib $(DIST)/libexec $(DIST)/share
	@cp $(SCRIPTS)/jdkmatrix.sh $(DIST)/bin/jdkmatrix && cp $(JAR) $(WORKLOADS_JAR) $(DIST)/lib/
	@cp $(SCRIPTS)/find-jdk.sh $(SCRIPTS)/ensure-docker.sh $(SCRIPTS)/base-image.sh $(SCRIPTS)/publish.sh $(DIST)/libexec/ && cp Dockerfile.jdk* $(DIST)/share/
	@cp LICENSE $(DIST)/ && printf '%s\n' "jdkmatrix $(VERSION): bin/jdkmatrix --help; bin/jdkmatrix setup brings up a Docker engine and the base image;" \
	  "bin/jdkmatrix run --matrix your/bench.yaml runs a matrix of any folder (its JDKs from share/Dockerfile.jdkNN where it names no other)." > $(DIST)/README
	@# reproducible: the same commit makes the same bytes (files in name order, the commit's time, no owner, gzip without a time stamp)
	@tar --sort=name --mtime=@$$(git log -1 --format=%ct 2>/dev/null || echo 0) --owner=0 --group=0 --numeric-owner --mode=go-w \
	  -C target/dist -cf - jdkmatrix-$(VERSION) | gzip -9 -n > $(DIST).tar.gz
	@(cd target/dist && sha256sum jdkmatrix-$(VERSION).tar.gz > jdkmatrix-$(VERSION).tar.gz.sha256)
	@echo "dist: $(DIST).tar.gz ($$(du -h $(DIST).tar.gz | cut -f1), sha256 $$(cut -c1-16 $(DIST).tar.gz.sha256)...): $$($(DIST)/bin/jdkmatrix --version)"

# A release's tag: vVERSION beside this commit, the reusable workflows and the setup action naming each other at it (harness/scripts/release.sh)
release:
	@$(SCRIPTS)/release.sh

# The release run from a folder outside this repository: a team's git repository with a matrix that names
# JDK 25 only; its run.json names the release's commit and the team's.
check-dist: dist
	@$(SCRIPTS)/check-dist.sh $(DIST).tar.gz
	@first=$$(cat $(DIST).tar.gz.sha256); sleep 1; $(MAKE) --no-print-directory -s dist > /dev/null; again=$$(cat $(DIST).tar.gz.sha256); \
	  [ "$$first" = "$$again" ] || { echo "check-dist: make dist twice from one commit made two tarballs ($$first, then $$again): the release is not reproducible" >&2; exit 1; }; \
	  echo "check-dist: make dist again made the same tarball, byte for byte (sha256 $${first%% *})"

# The reusable workflow and the setup action under a real Actions runner (nektos/act), as a library's repository calls
# them: a sample library's two nights published into a local origin's gh-pages (harness/scripts/check-workflows.sh).
# .ci/run runs it after make test (docs/testing.md has its time).
check-workflows: ready
	@$(SCRIPTS)/check-workflows.sh

# The benchmarks' Java scripts run from source against the jar: compile them all, so that a change
# of the harness's API cannot leave one broken until someone runs its benchmark.
check-scripts: build bench-jar
	@echo "check-scripts: the bench module's $$(ls bench/src/main/java/dev/jdkmatrix/bench/*.java | wc -l) programs compile against the jar ($(BENCH_JAR))"
	@$(SCRIPTS)/check-keep-night.sh

# make help on a machine without a JDK: the help, and a message saying how to get one for the rest.
check-no-jdk:
	@env -u JAVA_HOME JDKMATRIX_FIND_JDK=none $(MAKE) --no-print-directory -s help | grep -q 'make matrix' \
	  || { echo "check-no-jdk: make help failed without a JDK" >&2; exit 1; }
	@out=$$(env -u JAVA_HOME JDKMATRIX_FIND_JDK=none $(MAKE) --no-print-directory -s build 2>&1); code=$$?; \
	  [ $$code -ne 0 ] && grep -q 'fix: install one' <<<"$$out" \
	  || { echo "check-no-jdk: make build without a JDK did not fail with the fix (exit $$code): $$out" >&2; exit 1; }
	@echo "check-no-jdk: make help works without a JDK, make build says how to get one"

bench-harness: ready bench-jar
	$(SCRIPTS)/bench-harness.sh

bench-report: build bench-jar
	$(SCRIPTS)/bench-report.sh

# RESULTS=dir reuses a stored run of examples/trust.yaml instead of running it again.
CPU_MODES_DIR := $(if $(RESULTS),$(RESULTS),target/bench-cpu-modes)
bench-cpu-modes: ready bench-jar
	$(if $(RESULTS),,rm -rf $(CPU_MODES_DIR) && $(JDKMATRIX) run --matrix examples/trust.yaml --out $(CPU_MODES_DIR) --run-id cpu-modes --progress lines --yes --no-report)
	"$$JAVA_HOME/bin/java" -cp $(BENCH_CP) dev.jdkmatrix.bench.CpuModesReport $(CPU_MODES_DIR) "make bench-cpu-modes" > docs/cpu-modes.md
	"$$JAVA_HOME/bin/java" -cp $(BENCH_CP) dev.jdkmatrix.bench.TrustTable $(CPU_MODES_DIR) > target/trust-table.md
	$(SCRIPTS)/write-block.sh docs/trust.md trust-pairs "make bench-cpu-modes RESULTS=$(CPU_MODES_DIR)" < target/trust-table.md
	@echo "bench-cpu-modes: wrote docs/cpu-modes.md and docs/trust.md's table of paired against unpaired intervals"

INTERNALS_DIR := $(if $(RESULTS),$(RESULTS),target/bench-internals)
bench-internals: ready bench-jar
	$(if $(RESULTS),,rm -rf $(INTERNALS_DIR) && $(JDKMATRIX) run --matrix docs/matrices/internals-cost.yaml --out $(INTERNALS_DIR) --run-id internals-cost --progress lines --yes --no-report)
	"$$JAVA_HOME/bin/java" -cp $(BENCH_CP) dev.jdkmatrix.bench.InternalsCostReport $(INTERNALS_DIR) "make bench-internals" > docs/internals-cost.md
	@echo "bench-internals: wrote docs/internals-cost.md"

bench-site: build bench-jar
	$(SCRIPTS)/bench-site.sh

bench-index: build bench-jar
	$(SCRIPTS)/bench-index.sh

# make quick from nothing, each line stamped (docs/testing.md): DESTRUCTIVE, it stops dockerd and removes the images, the
# build cache, ~/.m2 (kept aside and put back) and mmdebstrap first
from-nothing:
	$(SCRIPTS)/from-nothing.sh

bench-warmup: build
	$(SCRIPTS)/bench-warmup.sh

bench-warmup-public: build
	$(SCRIPTS)/bench-warmup-public.sh

# The history's change finder calibrated on the nights of docs/runs/history-real (make history-real made them; CHANGE_NIGHT
# is the first night of its step): writes its blocks of docs/history.md. HISTORIES=n changes the histories per figure (1000), FLEET_HISTORIES=n
# the fleet calibration's histories per fleet and step (500): enough that each false-alert rate's 95 % interval is narrower than a quarter of its goal.
CHANGE_NIGHT ?= night-10
# where make test's time goes, from the test reports of the last make test (or of TEST_ROOT, a clone .ci/run tested): a table per test class into docs/testing.md
test-times: jdk bench-jar
	@test -d "$(or $(TEST_ROOT),.)/harness/target/failsafe-reports" || { echo "make test-times: no test reports under $(or $(TEST_ROOT),.): run make test first (or name TEST_ROOT=clone)" >&2; exit 2; }
	"$$JAVA_HOME/bin/java" -cp $(BENCH_JAR) dev.jdkmatrix.bench.TestTimes $(or $(TEST_ROOT),.) > target/test-times.md
	$(SCRIPTS)/write-block.sh docs/testing.md test-times "make test-times$(if $(TEST_ROOT), TEST_ROOT=$(TEST_ROOT))" < target/test-times.md

# The steady-state classifier on synthetic forks of a known class (SteadyCalibration, a test class): docs/statistics.md's block
bench-steady: build
	"$$JAVA_HOME/bin/java" -cp $(JAR):harness/target/test-classes dev.jdkmatrix.stats.SteadyBench "make bench-steady" > target/bench-steady.md
	$(SCRIPTS)/write-block.sh docs/statistics.md bench-steady "make bench-steady" < target/bench-steady.md

bench-history: build bench-jar
	"$$JAVA_HOME/bin/java" -Dhistories=$(or $(HISTORIES),1000) -cp $(BENCH_CP) dev.jdkmatrix.bench.HistoryBench docs/runs/history-real $(CHANGE_NIGHT) \
	  "make bench-history" target/bench-history > target/bench-history.md
	$(SCRIPTS)/write-block.sh docs/history.md bench-history "make bench-history" < target/bench-history.md
	"$$JAVA_HOME/bin/java" -Dhistories=$(or $(FLEET_HISTORIES),500) -cp $(BENCH_CP) dev.jdkmatrix.bench.FleetBench docs/runs/history-real \
	  "make bench-history" > target/bench-fleet.md
	$(SCRIPTS)/write-block.sh docs/history.md bench-fleet "make bench-history" < target/bench-fleet.md
	"$$JAVA_HOME/bin/java" -cp $(BENCH_CP) dev.jdkmatrix.bench.SizeCoverage docs/runs/history-real $(CHANGE_NIGHT) "make bench-history" > target/size-coverage.md
	$(SCRIPTS)/write-block.sh docs/history.md size-coverage "make bench-history" < target/size-coverage.md

# The fleet calibration's false alerts with noise drawn from the real nights alone (docs/runs/nights: one a session, on the
# machines and days the sessions had), in blocks of 3 of them: docs/history.md's bench-nights block.
bench-history-nights: build bench-jar
	"$$JAVA_HOME/bin/java" -Dhistories=$(or $(HISTORIES),900) -Dblock=3 -Dpart=false-alarms -cp $(BENCH_CP) dev.jdkmatrix.bench.FleetBench \
	  docs/runs/nights "make bench-history-nights" > target/bench-nights.md
	$(SCRIPTS)/write-block.sh docs/history.md bench-nights "make bench-history-nights" < target/bench-nights.md
	$(MAKE) --no-print-directory bench-reference-nights

# The calibration of a nightly against its baseline on the reference nightly's real nights (docs/runs/reference-nights)
bench-reference-nights: build bench-jar
	"$$JAVA_HOME/bin/java" -cp $(BENCH_CP) dev.jdkmatrix.bench.BaselineNightsBench \
	  docs/runs/reference-nights "make bench-reference-nights" > target/bench-reference-nights.md
	$(SCRIPTS)/write-block.sh docs/history.md bench-reference-nights "make bench-reference-nights" < target/bench-reference-nights.md

# This machine's night kept as a real night (docs/runs/nights: the calibration on nights that were really apart): make quick
# into target/night-q, its raw.csv gzipped and run.json into docs/runs/nights/<its start, UTC>; prints the README row to fill in
# (what ran beside it) with the load average before it, the machine (a night kept before on the same engine) and the cells' moves.
keep-night:
	@load="$$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"; rm -rf target/night-q && \
	  $(MAKE) --no-print-directory quick OUT=target/night-q && python3 $(SCRIPTS)/keep-night.py target/night-q docs/runs/nights "$$load"

# The reference nightly (issue 77): a real JMH suite against its baseline in the same rounds; SUITE_GIT adds HdrHistogram's suite.
reference-night: ready
	$(SCRIPTS)/reference-night.sh

# This machine's reference night kept as a real night (docs/runs/reference-nights), as keep-night keeps the quick matrix's.
keep-reference-night:
	@load="$$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"; mkdir -p docs/runs/reference-nights && \
	  $(MAKE) --no-print-directory reference-night && \
	  KEEP_MATRIX=reference-nightly python3 $(SCRIPTS)/keep-night.py target/reference-night/run docs/runs/reference-nights "$$load"

# The fixtures EDivisiveTest holds the history's E-Divisive to: series analysed by Apache Otava 0.8.0 itself (from PyPI,
# into a virtual environment under target/).
otava-fixtures:
	@test -x target/otava/bin/python || { python3 -m venv target/otava && target/otava/bin/pip install -q apache-otava==0.8.0; }
	target/otava/bin/python harness/scripts/otava-fixtures.py harness/src/test/resources/history/otava-fixtures.json

# NIGHTS nights of harness/matrices/history-real.yaml one after the other (the work jar 5 % slower on JDK 25 from night
# CHANGE_AT on), their site's history printed; their data kept in docs/runs/history-real for make bench-history.
history-real: ready
	NIGHTS=$(or $(NIGHTS),24) CHANGE_AT=$(or $(CHANGE_AT),10) $(SCRIPTS)/history-real.sh

# RESULTS=dir[,dir...] reuses stored runs of harness/matrices/verdicts.yaml (pooled) instead of running it again; VERDICTS_NOTE="..." adds a line
# to the report (what else ran on the machine).
VERDICTS_DIR := $(if $(RESULTS),$(RESULTS),target/bench-verdicts)
bench-verdicts: ready bench-jar
	$(if $(RESULTS),,rm -rf $(VERDICTS_DIR) && $(JDKMATRIX) run --matrix harness/matrices/verdicts.yaml --out $(VERDICTS_DIR) --run-id verdicts --progress lines --yes --no-report)
	"$$JAVA_HOME/bin/java" -cp $(BENCH_CP) dev.jdkmatrix.bench.VerdictsReport $(VERDICTS_DIR) "make bench-verdicts" "$(VERDICTS_NOTE)" > docs/verdicts.md
	@echo "bench-verdicts: wrote docs/verdicts.md"

# Duet against blocked order (docs/duet.md): NIGHTS=n short nights (8) of harness/matrices/duet-aa.yaml and duet-ab.yaml in both
# orders, interleaved, kept in docs/runs/duet; RESULTS=dir reuses stored nights (RESULTS=docs/runs/duet) instead of measuring again.
DUET_DIR := $(if $(RESULTS),$(RESULTS),docs/runs/duet)
bench-duet: ready bench-jar
	$(if $(RESULTS),,NIGHTS=$(or $(NIGHTS),8) OUT=target/bench-duet KEEP=$(DUET_DIR) $(SCRIPTS)/bench-duet.sh)
	"$$JAVA_HOME/bin/java" -cp $(BENCH_CP) dev.jdkmatrix.bench.DuetReport $(DUET_DIR) "make bench-duet" > target/duet.md
	mv target/duet.md docs/duet.md
	@echo "bench-duet: wrote docs/duet.md"

bench-resolution: build bench-jar
	"$$JAVA_HOME/bin/java" -cp $(BENCH_CP) dev.jdkmatrix.bench.ResolutionBench docs/runs/verdicts-1,docs/runs/verdicts-2 \
	  "make bench-resolution" > target/bench-resolution.md
	$(SCRIPTS)/write-block.sh docs/statistics.md bench-resolution "make bench-resolution" < target/bench-resolution.md

REFERENCE_DOCS := target/reference-docs
reference-docs: build bench-jar
	"$$JAVA_HOME/bin/java" -cp $(BENCH_CP) dev.jdkmatrix.bench.ReferenceDocs $(or $(RESULTS),results/reference) claims.yaml $(REFERENCE_DOCS) "make reference-docs"
	for b in run figures cells claims; do $(SCRIPTS)/write-block.sh docs/reference-run.md reference-$$b "make reference-docs" < $(REFERENCE_DOCS)/$$b.md || exit 1; done
	$(SCRIPTS)/write-block.sh README.md reference-summary "make reference-docs" < $(REFERENCE_DOCS)/summary.md

N ?= 2
shards:
	@seq -s, 1 $(N) | sed 's/^/[/; s/$$/]/'

merge: build
	$(JDKMATRIX) merge --out $(OUT) $(DIRS)

compare: build
	$(JDKMATRIX) compare $(BASELINE) $(NEW) $(COMPARE_ARGS)

# What changed over a site's nights (docs/history.md): HISTORY_ARGS="--fail-on-regression --csv f.csv ..."
history: build
	@test -n "$(SITE)" || { echo "make history: name the site, e.g. make history SITE=target/nightly-local/site" >&2; exit 2; }
	$(JDKMATRIX) history $(SITE) $(HISTORY_ARGS)

KEEP_GALLERIES ?= 14
# make k8s-up's nodes: 1, or 2 (a second node on this machine, to test placement on: make test's)
K8S_NODES ?= 1
# The caller's values reach publish.sh through the environment, never through the shell's text (a value holding
# quotes or $(...) stays a value); publish.sh checks each before it touches the site.
publish: export KEEP_GALLERIES := $(KEEP_GALLERIES)
publish: export EXPORT := $(or $(EXPORT),0)
publish: export RUNNER_CLASS := $(RUNNER_CLASS)
publish: export HISTORY_OPTIONS := $(HISTORY_OPTIONS)
publish: export PUBLISH_SITE := $(SITE)
publish: export PUBLISH_NEW := $(NEW)
publish: build
	$(SCRIPTS)/publish.sh "$$PUBLISH_SITE" "$$PUBLISH_NEW"

# The nightly workflow's steps, on one machine and a small matrix (the quick one at 2 rounds):
# shards, merge, compare with a serial run of the same matrix at one round (the three runs side by side, --no-lease, as three runners would:
# it checks the pipeline, not the figures). Checks that the merged folder holds exactly the plan's runs.
NIGHTLY_DIR := target/nightly-local
# the quick matrix at 2 rounds, written beside it under target/ (its Dockerfiles' relative paths hold there)
NIGHTLY_MATRIX := $(NIGHTLY_DIR)/quick.yaml
# the night before, as the site sees it: the same matrix serially at one round (the compare and the publish need no more)
NIGHTLY_SERIAL := $(NIGHTLY_DIR)/serial.yaml
nightly-local: ready
	rm -rf $(NIGHTLY_DIR)
	@mkdir -p $(NIGHTLY_DIR); sed 's/^repetitions: 3$$/repetitions: 2/' $(QUICK_MATRIX) > $(NIGHTLY_MATRIX); pids=""; \
	 sed 's/^repetitions: 3$$/repetitions: 1/' $(QUICK_MATRIX) > $(NIGHTLY_SERIAL); \
	 grep -q '^repetitions: 2$$' $(NIGHTLY_MATRIX) || { echo "nightly-local: $(QUICK_MATRIX) no longer says repetitions: 3" >&2; exit 1; }; \
	 for k in 1 2; do $(JDKMATRIX) run --matrix $(NIGHTLY_MATRIX) --shard $$k/2 --out $(NIGHTLY_DIR)/shard-$$k --no-report --no-lease --progress lines \
	   > $(NIGHTLY_DIR)/shard-$$k.log 2>&1 & pids="$$pids $$!"; done; \
	 $(JDKMATRIX) run --matrix $(NIGHTLY_SERIAL) --out $(NIGHTLY_DIR)/serial --no-lease --progress lines > $(NIGHTLY_DIR)/serial.log 2>&1 & pids="$$pids $$!"; \
	 failed=0; for p in $$pids; do wait $$p || failed=1; done; grep -h '^jdkmatrix: [0-9]' $(NIGHTLY_DIR)/shard-*.log $(NIGHTLY_DIR)/serial.log; \
	 [ $$failed = 0 ] || { echo "nightly-local: FAILED, a session failed (their logs: $(NIGHTLY_DIR)/shard-1.log, shard-2.log, serial.log); what failed:" >&2; \
	   $(SCRIPTS)/failed-runs.sh $(NIGHTLY_DIR)/shard-1.log:$(NIGHTLY_DIR)/shard-1 $(NIGHTLY_DIR)/shard-2.log:$(NIGHTLY_DIR)/shard-2 $(NIGHTLY_DIR)/serial.log:$(NIGHTLY_DIR)/serial; exit 1; }
	$(JDKMATRIX) merge --out $(NIGHTLY_DIR)/merged $(NIGHTLY_DIR)/shard-1 $(NIGHTLY_DIR)/shard-2
	$(JDKMATRIX) compare $(NIGHTLY_DIR)/serial $(NIGHTLY_DIR)/merged --csv $(NIGHTLY_DIR)/compare.csv --markdown $(NIGHTLY_DIR)/compare.md > /dev/null
	$(JDKMATRIX) report --results $(NIGHTLY_DIR)/merged
	@test -s $(NIGHTLY_DIR)/merged/index.html && ls $(NIGHTLY_DIR)/merged/charts/pinning-*.png >/dev/null
	@test ! -e $(NIGHTLY_DIR)/index.html && test ! -e $(NIGHTLY_DIR)/trends \
	  || { echo "nightly-local: FAILED, report wrote outside its results folder ($(NIGHTLY_DIR)/index.html or trends/)"; exit 1; }
	$(MAKE) --no-print-directory publish SITE=$(NIGHTLY_DIR)/site NEW=$(NIGHTLY_DIR)/serial
	$(MAKE) --no-print-directory publish SITE=$(NIGHTLY_DIR)/site NEW=$(NIGHTLY_DIR)/merged EXPORT=1
	@test -s $(NIGHTLY_DIR)/site/merged/bencher.json && test -s $(NIGHTLY_DIR)/site/merged/benchmark-smaller-is-better.json && test ! -e $(NIGHTLY_DIR)/site/serial/bencher.json \
	  || { echo "nightly-local: FAILED, make publish EXPORT=1 did not export the night (or the night without it did)"; exit 1; }
	@test "$$(grep -c '^## jdkmatrix: ' $(NIGHTLY_DIR)/site/merged/compare.md)" = 1 \
	  || { echo "nightly-local: FAILED, the published night's compare.md does not hold its comparison once"; exit 1; }
	@test -s $(NIGHTLY_DIR)/site/merged/compare.csv && grep -q 'href="serial/index.html"' $(NIGHTLY_DIR)/site/index.html \
	  && grep -q 'href="merged/index.html"' $(NIGHTLY_DIR)/site/index.html && ls $(NIGHTLY_DIR)/site/trends/history-*.png >/dev/null \
	  && test -s $(NIGHTLY_DIR)/site/changes.csv && test -s $(NIGHTLY_DIR)/site/figures.csv.gz && test -s $(NIGHTLY_DIR)/site/merged/history.md \
	  || { echo "nightly-local: FAILED, the site does not list both published runs with their comparison, history and trends"; exit 1; }
	$(JDKMATRIX) history $(NIGHTLY_DIR)/site --fail-on-regression
	@planned=$$($(JDKMATRIX) plan --matrix $(NIGHTLY_MATRIX) | tail -1 | cut -d' ' -f1); \
	 merged=$$(($$(wc -l < $(NIGHTLY_DIR)/merged/raw.csv) - 1)); \
	 cells=$$(($$(wc -l < $(NIGHTLY_DIR)/compare.csv) - 1)); \
	 if [ "$$merged" = "$$planned" ] && [ "$$cells" = "12" ]; then echo "nightly-local: ok, $$merged of $$planned planned runs merged, $$cells cells compared"; \
	 else echo "nightly-local: FAILED, $$merged of $$planned planned runs merged, $$cells of 12 cells compared"; exit 1; fi
	@ls harness/target/jdkmatrix-run-*.jsa 2>/dev/null | grep -q . \
	  || { echo "nightly-local: FAILED, $(JDKMATRIX) left no class-data archive for 'run' next to the jar"; exit 1; }

ACTIONLINT_VERSION := v1.7.7
# zizmor (GitHub Actions' security audits) from PyPI, once, into its own virtual environment
ZIZMOR_VERSION := 1.32.0
ZIZMOR := $(or $(shell command -v zizmor 2>/dev/null),$(HOME)/.cache/jdkmatrix/zizmor-$(ZIZMOR_VERSION)/bin/zizmor)
ACTIONLINT := $(or $(shell command -v actionlint 2>/dev/null),$(HOME)/go/bin/actionlint)
lint-workflows:
	@test -x $(ACTIONLINT) || command -v go >/dev/null || { echo "lint-workflows: actionlint is missing and there is no Go to build it: install Go (or actionlint $(ACTIONLINT_VERSION)) and retry" >&2; exit 1; }
	@test -x $(ACTIONLINT) || GOFLAGS=-mod=mod go install github.com/rhysd/actionlint/cmd/actionlint@$(ACTIONLINT_VERSION)
	$(ACTIONLINT) -color=false .github/workflows/*.yml && echo "actionlint: $$(ls .github/workflows/*.yml | wc -l) workflows clean"
	@test -x $(ZIZMOR) || { python3 -m venv $(dir $(ZIZMOR)).. && $(dir $(ZIZMOR))pip install -q zizmor==$(ZIZMOR_VERSION); } \
	  || { echo "lint-workflows: could not install zizmor $(ZIZMOR_VERSION) from PyPI into $(dir $(ZIZMOR)).. (python3 -m venv, pip): install python3-venv, or zizmor, and retry" >&2; exit 1; }
	$(ZIZMOR) --offline --config .github/zizmor.yml --format plain -q .github/workflows/ .github/actions/ \
	  && echo "zizmor $(ZIZMOR_VERSION): $$(ls .github/workflows/*.yml .github/actions/*/action.yml | wc -l) workflows and actions clean (settings: .github/zizmor.yml)"

clean:
	$(MVN) clean

# A Kubernetes cluster on this machine (docs/kubernetes.md): its binaries built once from the pinned
# module k8s.io/kubernetes, its processes in the background, all on loopback; one node, or with
# K8S_NODES=2 a second one (127.0.0.2, tainted dev.jdkmatrix/pool=second) to test placement on.
k8s-up:
	K8S_NODES=$(K8S_NODES) $(SCRIPTS)/k8s/up.sh

k8s-down:
	$(SCRIPTS)/k8s/down.sh
