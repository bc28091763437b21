#!/bin/bash
# merge_same.sh OLD NEW FOLDER: whether two builds of `storyboard merge` give the same
# document, messages and exit status on every merge of FOLDER (each a folder of base.*,
# ours.* and theirs.*, as merge_corpus.py reads them). Lists the merges that differ; exits 1
# when one does. A change meant to make the merge faster must leave every output as it was.
set -u
[ $# -eq 3 ] || { echo "usage: $0 OLD NEW FOLDER" >&2; exit 2; }
old=$1 new=$2 folder=$3
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
differ=0 count=0
for merge in "$folder"/*/; do
    base=$(ls "$merge"base.* | head -1) ours=$(ls "$merge"ours.* | head -1) theirs=$(ls "$merge"theirs.* | head -1)
    for build in old new; do
        binary=$old; [ $build = new ] && binary=$new
        "$binary" merge "$base" "$ours" "$theirs" > "$scratch/$build.out" 2> "$scratch/$build.err"
        echo $? > "$scratch/$build.status"
    done
    count=$((count + 1))
    for part in out err status; do
        if ! cmp -s "$scratch/old.$part" "$scratch/new.$part"; then
            echo "differs ($part): $(basename "$merge")"
            differ=$((differ + 1))
            break
        fi
    done
done
echo "$count merges, $differ differ"
[ $differ -eq 0 ]
