#!/usr/bin/env bash
# make release: tags this commit's release as vVERSION (the pom's version, never a -SNAPSHOT): a commit beside your
# branch, not on it, in which the reusable workflows and the setup action name each other at vVERSION instead of @main,
# so a caller who pins .github/workflows/jdkmatrix.yml@vVERSION (or the tag's SHA) runs the harness of that release and
# nothing that lands on main later. The tarball (make dist) and its SHA-256 go beside it; docs/release.md says how to
# publish both. Refused with uncommitted changes, or where the tag exists.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=$(sed -n 's:^  <version>\(.*\)</version>:\1:p' pom.xml | head -n1)
case $version in
  ''|*-SNAPSHOT) echo "release: the pom's version is '$version'; fix: set a release version (no -SNAPSHOT) in every pom.xml first" >&2; exit 2 ;;
esac
tag=v$version
git diff --quiet HEAD -- . || { echo "release: uncommitted changes; fix: commit them (a release is made from a commit)" >&2; exit 2; }
if git rev-parse -q --verify "refs/tags/$tag" > /dev/null; then
  echo "release: tag $tag exists already (at $(git rev-parse --short "$tag^{commit}")); fix: raise the version in every pom.xml" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'git worktree remove --force "$work" 2> /dev/null || rm -rf "$work"' EXIT
git worktree add -q --detach "$work" HEAD
# the reusable workflows, the setup action and the docs' callers name jdkmatrix at the release, not at @main
files=$(cd "$work" && grep -rl 'jdkmatrix/jdkmatrix/\.github/[A-Za-z0-9_./-]*@main' .github docs README.md 2> /dev/null || true)
[ -n "$files" ] || { echo "release: no jdkmatrix/jdkmatrix/.github/...@main reference found to pin" >&2; exit 1; }
for f in $files; do sed -i "s|\(jdkmatrix/jdkmatrix/\.github/[A-Za-z0-9_./-]*\)@main|\1@$tag|g" "$work/$f"; done
git -C "$work" -c user.name="${GIT_AUTHOR_NAME:-jdkmatrix release}" -c user.email="${GIT_AUTHOR_EMAIL:-release@jdkmatrix.invalid}" \
  commit -q -am "release $tag: the reusable workflows and the setup action name each other at $tag"
git -C "$work" tag "$tag"
echo "release: tagged $tag at $(git rev-parse --short "$tag") (beside $(git rev-parse --short HEAD)): its workflows take jdkmatrix at $tag in $(echo "$files" | wc -w) file(s)"
echo "  next: make dist (target/dist/jdkmatrix-$version.tar.gz and its .sha256), then git push origin $tag and publish both with the tag"
