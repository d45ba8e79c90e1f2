#!/usr/bin/env bash
# Maven's arguments that stamp the jars with the commit they are built at and whether the tree was
# dirty (harness/src/main/resources-filtered/dev/jdkmatrix/version.properties: jdkmatrix --version,
# and a release's run.json). Nothing outside a git checkout.
commit=$(git rev-parse HEAD 2>/dev/null) || exit 0
dirty=false
[ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] && dirty=true
echo "-Djdkmatrix.commit=$commit -Djdkmatrix.dirty=$dirty"
