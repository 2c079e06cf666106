#!/usr/bin/env bash
# Opens the desktop app on a private X server (Xvfb) with a turn report and checks
# that its window appears; prints how long that took (the cold start of the app).
#   bash packaging/smoke-gui.sh [BINARY] [SCREENSHOT.png]
# BINARY defaults to target/release/nebutil. Needs Xvfb and xwininfo (apt: xvfb
# x11-utils), and a GL driver (apt: libegl1 libgl1-mesa-dri). With SCREENSHOT, also
# saves the screen (ImageMagick's import) once the window is drawn.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
binary=${1:-$here/../target/release/nebutil}
shot=${2:-}
report="$here/../tests/fixtures/cli/start.cr"
limit=60 # seconds: a window later than this (or never) fails the check

for tool in Xvfb xwininfo; do
    command -v "$tool" >/dev/null || { echo "missing $tool"; exit 1; }
done

scratch=$(mktemp -d) || { echo "FAILED: cannot create a scratch directory (disk full?)"; exit 1; }
xvfb_pid=
app_pid=
cleanup() {
    local status=$?
    if [ -n "$app_pid" ]; then
        kill "$app_pid" 2>/dev/null || true
        wait "$app_pid" 2>/dev/null || true
    fi
    if [ -n "$xvfb_pid" ]; then
        kill "$xvfb_pid" 2>/dev/null || true
        wait "$xvfb_pid" 2>/dev/null || true
    fi
    rm -rf "$scratch"
    exit "$status"
}
trap cleanup EXIT

# Xvfb picks a free display number itself and writes it to the given descriptor.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$scratch/display" >"$scratch/xvfb.log" 2>&1 &
xvfb_pid=$!
display=
for _ in $(seq 100); do
    if [ -s "$scratch/display" ]; then
        display=":$(head -n 1 "$scratch/display")"
        DISPLAY=$display xwininfo -root >/dev/null 2>&1 && break
    fi
    sleep 0.1
done
if [ -z "$display" ] || ! DISPLAY=$display xwininfo -root >/dev/null 2>&1; then
    echo "Xvfb did not start"
    cat "$scratch/xvfb.log"
    exit 1
fi

mkdir -p "$scratch/runtime" "$scratch/data" "$scratch/config"
chmod 700 "$scratch/runtime"
start=$(date +%s.%N)
env -u WAYLAND_DISPLAY DISPLAY="$display" XDG_RUNTIME_DIR="$scratch/runtime" \
    XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config" \
    "$binary" -- "$report" >"$scratch/app.log" 2>&1 &
app_pid=$!

found=
while :; do
    if DISPLAY=$display xwininfo -root -tree 2>/dev/null | grep -q 'Nébutil'; then
        found=yes
        break
    fi
    if ! kill -0 "$app_pid" 2>/dev/null; then
        wait "$app_pid" && status=0 || status=$?
        app_pid=
        echo "the app exited (status $status) before opening its window:"
        cat "$scratch/app.log"
        exit 1
    fi
    now=$(date +%s.%N)
    if awk -v a="$start" -v b="$now" -v l="$limit" 'BEGIN { exit !(b - a > l) }'; then
        break
    fi
    sleep 0.05
done
took=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
if [ -z "$found" ]; then
    echo "no window after ${limit} s"
    cat "$scratch/app.log"
    exit 1
fi
echo "window open after ${took} s"
DISPLAY=$display xwininfo -root -tree | grep 'Nébutil' | head -n 3

if [ -n "$shot" ]; then
    sleep 3 # let it draw its first frames
    kill -0 "$app_pid" 2>/dev/null || { echo "the app exited after opening its window"; cat "$scratch/app.log"; exit 1; }
    DISPLAY=$display import -window root "$shot"
    echo "screenshot: $shot"
fi
kill -0 "$app_pid" 2>/dev/null || { echo "the app exited after opening its window"; cat "$scratch/app.log"; exit 1; }
echo "the app is running: ok"
