#!/bin/sh
# Shows that a new kind of view landed in three files: the commit that added KIND's model
# (Sources/Flow/Views/KIND.swift) may touch only that model, its presentation
# (Sources/TUI/Rendering/Views/KIND+Presentation.swift) and the kinds table
# (Sources/Flow/Storyboard/Loading/ViewElementKinds.swift). Its tests and docs come in
# commits of their own.
#
# Usage: Scripts/kind-files.sh [KIND]    (KIND defaults to ColorWell)
set -eu
kind=${1:-ColorWell}
model="Sources/Flow/Views/$kind.swift"
commit=$(git log --format=%H --diff-filter=A -- "$model" | tail -n 1)
if [ -z "$commit" ]; then
    echo "kind-files: no commit adds $model" >&2
    exit 2
fi
expected=$(printf '%s\n' "$model" "Sources/TUI/Rendering/Views/$kind+Presentation.swift" \
    "Sources/Flow/Storyboard/Loading/ViewElementKinds.swift" | sort)
touched=$(git show --format= --name-only "$commit" | sort)
git show --stat --format='%h %s' "$commit"
if [ "$touched" != "$expected" ]; then
    echo "kind-files: $kind's commit touches other files than its model, its presentation and the kinds table:" >&2
    printf '%s\n' "$touched" >&2
    exit 1
fi
table=$(git show --format= --numstat "$commit" -- Sources/Flow/Storyboard/Loading/ViewElementKinds.swift | cut -f1,2)
if [ "$table" != "$(printf '1\t0')" ]; then
    echo "kind-files: $kind's commit changes the kinds table by more than the one line it adds ($table)" >&2
    exit 1
fi
echo "kind-files: $kind is its model, its presentation and one line of the kinds table"
