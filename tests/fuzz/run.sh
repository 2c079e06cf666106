#!/usr/bin/env bash
# Runs the fuzz targets of tests/fuzz (cargo fuzz, libFuzzer, overflow checks on).
#
#   bash tests/fuzz/run.sh [SECONDS] [TARGET...]
#
# Each target runs SECONDS (default 600) or RUNS executions (environment, default
# 10 million), whichever comes first; all targets when none is named. Needs
# `cargo install cargo-fuzz` (RUSTC_BOOTSTRAP=1 lets the stable toolchain build
# with libFuzzer's coverage flags). Each target starts from a corpus seeded with
# the fixtures of its kind (and two generated games for the saves), kept in
# target/fuzz/corpus/<target> (with the dictionary tests/fuzz/<target>.dict when there
# is one); findings land in tests/fuzz/artifacts/<target>/:
# minimise them (`cargo fuzz tmin`) and commit the result under
# tests/fuzz/regressions/<target>/, which `cargo test --test core fuzz_regressions::`
# replays. The executions of each run are summed in target/fuzz/runs.log.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-600}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(report_read orders_parse orders_validate orders_mail nbt_read save_load
           ruleset_load combat_setup mail_incoming resolve_save)
fi
export RUSTC_BOOTSTRAP=1
out=target/fuzz
fuzz=(cargo fuzz)
flags=(--fuzz-dir tests/fuzz -s none -a --target-dir "$out")
"${fuzz[@]}" build "${flags[@]}"

seed() { # seed TARGET FILE...: copies the files into the target's corpus
  local dir="$out/corpus/$1"; shift
  mkdir -p "$dir"
  local f
  for f in "$@"; do
    [ -f "$f" ] && cp "$f" "$dir/$(sha1sum "$f" | cut -c1-16)"
  done
  return 0
}
games="$out/games"
if [ ! -d "$games/a" ]; then
  cargo run --quiet --no-default-features -- game new --players 2 --seed 7 --worlds 20 --out "$games/a" >/dev/null
  cargo run --quiet --no-default-features -- game new --players 3 --seed 9 --rules 1999 --out "$games/b" >/dev/null
fi
mapfile -t crs < <(find tests/fixtures tests/core/report_read -name '*.cr' -o -name '*.CR' | sort)
mapfile -t nbts < <(find tests/fixtures -iname '*.nbt' | sort)
mapfile -t orders < <(find tests/fixtures/orders -type f | sort)
mapfile -t rons < <(find tests/fixtures/combat tests/fixtures/rules -type f | sort)
mapfile -t saves < <(find "$games" -name '*.ron' | sort)
mapfile -t mails < <(find tests/fixtures/orders/mail tests/fixtures/mail -type f | sort)
for t in "${targets[@]}"; do
  case "$t" in
    report_read) seed "$t" "${crs[@]}" ;;
    orders_parse|orders_validate|orders_mail) seed "$t" "${orders[@]}" ;;
    nbt_read) seed "$t" "${nbts[@]}" ;;
    save_load|resolve_save) seed "$t" "${saves[@]}" ;;
    ruleset_load|combat_setup) seed "$t" "${rons[@]}" ;;
    mail_incoming) seed "$t" "${mails[@]}" ;;
  esac
  largest=$(find "$out/corpus/$t" -type f -printf '%s\n' | sort -n | tail -1)
  max_len=$(( ${largest:-0} > 65536 ? ${largest:-0} : 65536 ))
  log="$out/$t.log"
  # The binary built above, run directly: `cargo fuzz run` would rebuild it
  # whenever a source file changed meanwhile.
  mkdir -p "tests/fuzz/artifacts/$t"
  started=$SECONDS
  dict=()
  [ -f "tests/fuzz/$t.dict" ] && dict=(-dict="tests/fuzz/$t.dict")
  "$out/x86_64-unknown-linux-gnu/release/$t" -artifact_prefix="tests/fuzz/artifacts/$t/" "${dict[@]}" \
    "$out/corpus/$t" -max_total_time="$seconds" -runs="${RUNS:-10000000}" \
    -max_len="$max_len" -timeout=20 \
    -rss_limit_mb=4096 -print_final_stats=1 >"$log" 2>&1 \
    || echo "$t: finding, see $log and tests/fuzz/artifacts/$t" >&2
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
  took=$(( SECONDS - started ))
  echo "$(date -u +%FT%TZ) $t ${took}s runs=$runs" | tee -a "$out/runs.log"
done
