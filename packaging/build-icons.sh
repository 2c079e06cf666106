#!/usr/bin/env bash
# Regenerates every raster icon of Nébutil NG from its SVG source:
#   packaging/icons/nebutil.svg  →  packaging/icons/nebutil-{16..512}.png (Linux, window, packager)
#                                   packaging/icons/nebutil.ico            (Windows: 16…256)
#                                   packaging/icons/nebutil.icns           (macOS: 16…1024)
# The generated files are committed: building a package needs none of these tools.
# Needs: rsvg-convert (apt: librsvg2-bin), ImageMagick's convert (apt: imagemagick),
# python3 (the ICNS container is written by packaging/tools/icns.py, standard library only).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
icons="$here/icons"
svg="$icons/nebutil.svg"

# The sizes every platform needs; tests/cli/packaging.rs checks each file and its pixel size.
png_sizes=(16 24 32 48 64 128 256 512)
ico_sizes=(16 24 32 48 64 128 256)

for tool in rsvg-convert python3; do
    command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 1; }
done
# Some images ship a stand-in `convert` earlier in PATH: prefer ImageMagick's own.
convert=/usr/bin/convert
[ -x "$convert" ] || convert=$(command -v convert) || { echo "missing ImageMagick convert" >&2; exit 1; }
"$convert" -version | grep -q ImageMagick || { echo "$convert is not ImageMagick" >&2; exit 1; }

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

render() { # render SIZE OUT
    rsvg-convert --width "$1" --height "$1" --keep-aspect-ratio "$svg" --output "$2"
}

for size in "${png_sizes[@]}"; do
    render "$size" "$icons/nebutil-$size.png"
    echo "nebutil-$size.png"
done

ico_inputs=()
for size in "${ico_sizes[@]}"; do
    ico_inputs+=("$icons/nebutil-$size.png")
done
# ImageMagick stores the small sizes as 32-bit BMP (what every Windows tool reads,
# NSIS included) and 256 px as PNG.
"$convert" "${ico_inputs[@]}" "$icons/nebutil.ico"
echo "nebutil.ico"

render 1024 "$tmp/nebutil-1024.png"
python3 "$here/tools/icns.py" "$icons/nebutil.icns" \
    16="$icons/nebutil-16.png" 32="$icons/nebutil-32.png" 64="$icons/nebutil-64.png" \
    128="$icons/nebutil-128.png" 256="$icons/nebutil-256.png" 512="$icons/nebutil-512.png" \
    1024="$tmp/nebutil-1024.png"
echo "nebutil.icns"
