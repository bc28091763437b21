#!/usr/bin/env bash
# Builds the seven libFuzzer targets (storyboard loader, key decoder, text sanitizer, an app
# folder's translations and property lists, storyboard diff and merge, the web page's protocol) with
# -sanitize=fuzzer,address and runs each for a while against its seed corpus.
#
# Usage: Fuzz/run.sh [SECONDS] [TARGET...]
#   SECONDS  time per target (default 60); 0 runs until a finding or Ctrl-C (a long run)
#   TARGET   loader, keys, text, translations, diff, merge or web (default: all seven)
# Environment: FUZZ_JOBS=N runs N workers per target (default 1).
#
# A finding stops the run and leaves .build-fuzz/crash-<hash>; the exit status is non-zero.
# Working corpora grow in .build-fuzz/corpus-<target> and are kept between runs.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_EACH=${1:-60}
shift || true
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then TARGETS=(loader keys text translations diff merge web); fi
JOBS=${FUZZ_JOBS:-1}
OUT=.build-fuzz
mkdir -p "$OUT/sanitizer-src"

build() {
    case "$1" in
        loader)
            # Flow parses with libxml2 through the CLibXML2 module map (its headers from pkg-config).
            swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name storyboard -module-name LoaderFuzz \
                -I Sources/CLibXML2 $(pkg-config --cflags-only-I libxml-2.0 | sed 's/-I/-Xcc -I/g') \
                $(find Sources/Flow -name '*.swift') Fuzz/LoaderFuzz/main.swift -o "$OUT/loader-fuzz" 2>&1 \
                | grep -v "Cannot export local symbol" || true ;;
        keys)
            swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name storyboard -module-name KeyDecoderFuzz \
                Sources/TUI/Input/KeyDecoder.swift Sources/TUI/Input/Key.swift Sources/TUI/Input/Key+Names.swift \
                Sources/TUI/Text/Sanitizer.swift Sources/TUI/Text/DisplayWidth.swift Sources/TUI/Text/WidthTables.swift \
                Sources/TUI/Buffer/Point.swift Fuzz/KeyDecoderFuzz/main.swift -o "$OUT/keys-fuzz" 2>&1 \
                | grep -v "Cannot export local symbol" || true ;;
        text)
            # The cell buffer files import Flow for one colour type: compile them with it.
            for f in Sources/TUI/Buffer/*.swift; do sed '/^import Flow$/d' "$f" >"$OUT/sanitizer-src/$(basename "$f")"; done
            swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name storyboard -module-name SanitizerFuzz \
                Sources/Flow/Storyboard/StoryboardDocument.swift Sources/TUI/Text/*.swift \
                "$OUT"/sanitizer-src/*.swift Fuzz/SanitizerFuzz/main.swift -o "$OUT/text-fuzz" 2>&1 \
                | grep -v "Cannot export local symbol" || true ;;
        translations)
            swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name storyboard -module-name TranslationFuzz \
                -I Sources/CLibXML2 $(pkg-config --cflags-only-I libxml-2.0 | sed 's/-I/-Xcc -I/g') \
                $(find Sources/Flow -name '*.swift') Fuzz/TranslationFuzz/main.swift -o "$OUT/translations-fuzz" 2>&1 \
                | grep -v "Cannot export local symbol" || true ;;
        diff)
            swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name storyboard -module-name DiffFuzz \
                -I Sources/CLibXML2 $(pkg-config --cflags-only-I libxml-2.0 | sed 's/-I/-Xcc -I/g') \
                $(find Sources/Flow -name '*.swift') Fuzz/DiffFuzz/main.swift -o "$OUT/diff-fuzz" 2>&1 \
                | grep -v "Cannot export local symbol" || true ;;
        merge)
            swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name storyboard -module-name MergeFuzz \
                -I Sources/CLibXML2 $(pkg-config --cflags-only-I libxml-2.0 | sed 's/-I/-Xcc -I/g') \
                $(find Sources/Flow -name '*.swift') Fuzz/MergeFuzz/main.swift -o "$OUT/merge-fuzz" 2>&1 \
                | grep -v "Cannot export local symbol" || true ;;
        web)
            swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name storyboard -module-name WebProtocolFuzz \
                Sources/Serve/Web/WebProtocol.swift Fuzz/WebProtocolFuzz/main.swift -o "$OUT/web-fuzz" 2>&1 \
                | grep -v "Cannot export local symbol" || true ;;
        *) echo "Fuzz/run.sh: unknown target $1 (loader, keys, text, translations, diff, merge, web)" >&2; exit 2 ;;
    esac
    [ -x "$OUT/$1-fuzz" ] || { echo "Fuzz/run.sh: building $1 failed" >&2; exit 2; }
}

status=0
for target in "${TARGETS[@]}"; do
    echo "== building $target" >&2
    rm -f "$OUT/$target-fuzz"
    build "$target"
    options=(-max_len=512)
    # The loader leaks nothing (LeakSanitizer checks it); the other two are run without it.
    leaks=0
    case "$target" in
        loader) corpus=Fuzz/corpus/loader options=(-dict=Fuzz/loader.dict -max_len=8192) leaks=1 ;;
        keys) corpus=Fuzz/corpus/keys ;;
        text) corpus=Fuzz/corpus/text ;;
        translations) corpus=Fuzz/corpus/translations options=(-max_len=4096) leaks=1 ;;
        web) corpus=Fuzz/corpus/web options=(-max_len=1024) ;;
        diff) corpus=Fuzz/corpus/diff options=(-dict=Fuzz/loader.dict -max_len=32768) leaks=1 ;;
        merge) corpus=Fuzz/corpus/merge options=(-dict=Fuzz/loader.dict -max_len=32768) leaks=1 ;;
    esac
    if [ "$SECONDS_EACH" != 0 ]; then options+=(-max_total_time="$SECONDS_EACH"); fi
    if [ "$JOBS" -gt 1 ]; then options+=(-jobs="$JOBS" -workers="$JOBS"); fi
    mkdir -p "$OUT/corpus-$target"
    echo "== fuzzing $target (${SECONDS_EACH}s)" >&2
    if ! SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=$leaks "$OUT/$target-fuzz" \
        "$OUT/corpus-$target" "$corpus" "${options[@]}" -artifact_prefix="$OUT/" -print_final_stats=1 2>"$OUT/$target.log"; then
        echo "Fuzz/run.sh: $target found a failure; see $OUT/$target.log and $OUT/crash-*" >&2
        status=1
    fi
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|Done [0-9]+ runs" "$OUT/$target.log" >&2 || true
done
exit $status
