# jdkmatrix: every target brings up what it needs (JDK 21+, Docker engine, base image).
#   make matrix            run matrix.yaml (MATRIX=other.yaml, OUT=dir to change)
#   make quick             a small matrix, under 3 minutes on 2 CPUs
#   make plan              list the cells and the estimated duration; runs nothing
#   make test              unit and integration tests (real containers)
#   make base-image        create debian:trixie-slim locally when no registry answers
#   make bench-harness     harness vs a plain docker-run loop: writes docs/performance.md
SHELL := /bin/bash
.DEFAULT_GOAL := help

MATRIX ?= matrix.yaml
QUICK_MATRIX := harness/matrices/quick.yaml
OUT ?=
RUN_ARGS ?=
SCRIPTS := harness/scripts

JAVA_HOME := $(shell $(SCRIPTS)/find-jdk.sh)
ifeq ($(JAVA_HOME),)
$(error no JDK 21+ found: install one or set JAVA_HOME (see harness/scripts/find-jdk.sh))
endif
export JAVA_HOME
export PATH := $(JAVA_HOME)/bin:$(PATH)
# Testcontainers reads these from the environment only; jdkmatrix removes its own containers.
export TESTCONTAINERS_RYUK_DISABLED := true
export TESTCONTAINERS_CHECKS_DISABLE := true
export TESTCONTAINERS_TINYIMAGE_CONTAINER_IMAGE := debian:trixie-slim

MVN := ./mvnw -B -q -Dstyle.color=never
JAR := harness/target/jdkmatrix.jar
WORKLOADS_JAR := workloads/target/workloads.jar
SOURCES := $(shell find harness/src workloads/src -type f 2>/dev/null) pom.xml harness/pom.xml workloads/pom.xml
JDKMATRIX := $(JAVA_HOME)/bin/java -jar $(JAR)

.PHONY: help build docker base-image setup plan matrix quick test bench-harness clean

help:
	@sed -n 's/^#   //p' Makefile

build: $(JAR) $(WORKLOADS_JAR)

$(JAR) $(WORKLOADS_JAR) &: $(SOURCES)
	$(MVN) -DskipTests package
	@touch $(JAR) $(WORKLOADS_JAR)

docker:
	@$(SCRIPTS)/ensure-docker.sh

base-image: docker
	@$(SCRIPTS)/base-image.sh

setup: base-image

plan: build
	$(JDKMATRIX) plan --matrix $(MATRIX)

matrix: setup build
	$(JDKMATRIX) run --matrix $(MATRIX) $(if $(OUT),--out $(OUT)) $(RUN_ARGS)

quick: setup build
	$(JDKMATRIX) run --matrix $(QUICK_MATRIX) $(if $(OUT),--out $(OUT)) $(RUN_ARGS)

test: setup
	./mvnw -B -Dstyle.color=never verify

bench-harness: setup build
	$(SCRIPTS)/bench-harness.sh

clean:
	$(MVN) clean
