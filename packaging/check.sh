#!/usr/bin/env bash
# Validates the package definitions with every tool this machine offers:
#   bash packaging/check.sh [--install] [PACKAGE.deb]
#  - desktop-file-validate     the .desktop entry            (apt: desktop-file-utils)
#  - appstreamcli validate     the AppStream metainfo        (apt: appstream)
#  - update-mime-database      the MIME types, then file type detection of the fixtures
#                              (apt: shared-mime-info; gio from libglib2.0-bin)
#  - makensis -WX              compiles the Windows installer with a stand-in program
#                              (apt: nsis)
#  - python3 plistlib          the macOS Info.plist additions
#  - cargo packager            builds Nébutil NG.app from [package.metadata.packager] and
#                              checks its Info.plist (cargo install cargo-packager --locked)
#  - dpkg-deb, lintian         the .deb, when one is given or built (apt: lintian)
# A missing tool is reported and skipped; --install (or CI=true, as root or with
# passwordless sudo) installs the apt ones first. Any failing check fails the script.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
ID=io.github.nebutil_ng.Nebutil

install=
deb=
for arg in "$@"; do
    case "$arg" in
        --install) install=yes ;;
        *) deb=$arg ;;
    esac
done
[ "${CI:-}" = "true" ] && install=yes

failed=0
skipped=()
ok() { echo "ok: $*"; }
fail() {
    echo "FAILED: $*"
    failed=1
}
skip() {
    echo "skipped: $*"
    skipped+=("$*")
}

if [ -n "$install" ] && command -v apt-get >/dev/null 2>&1; then
    sudo=()
    [ "$(id -u)" -ne 0 ] && sudo -n true 2>/dev/null && sudo=(sudo -n)
    if [ "$(id -u)" -eq 0 ] || [ ${#sudo[@]} -gt 0 ]; then
        missing=()
        for pair in desktop-file-validate:desktop-file-utils appstreamcli:appstream \
            update-mime-database:shared-mime-info gio:libglib2.0-bin makensis:nsis lintian:lintian; do
            command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
        done
        if [ ${#missing[@]} -gt 0 ]; then
            echo "installing ${missing[*]}"
            export DEBIAN_FRONTEND=noninteractive
            "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1 \
                || { "${sudo[@]}" apt-get update -qq >/dev/null 2>&1
                    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1; } \
                || echo "could not install ${missing[*]}"
        fi
    fi
fi

scratch=$(mktemp -d) || { echo "FAILED: cannot create a scratch directory (disk full?)"; exit 1; }
trap 'rm -rf "$scratch"' EXIT

# .desktop
if command -v desktop-file-validate >/dev/null; then
    out=$(desktop-file-validate "packaging/linux/$ID.desktop" 2>&1)
    if [ $? -eq 0 ] && [ -z "$out" ]; then ok "desktop-file-validate"; else fail "desktop-file-validate: $out"; fi
else
    skip "desktop-file-validate (apt: desktop-file-utils)"
fi

# AppStream
if command -v appstreamcli >/dev/null; then
    if appstreamcli validate --no-net "packaging/linux/$ID.metainfo.xml"; then
        ok "appstreamcli validate"
    else
        fail "appstreamcli validate"
    fi
else
    skip "appstreamcli (apt: appstream)"
fi

# MIME types: the database builds, and the fixtures get our types.
if command -v update-mime-database >/dev/null; then
    mime="$scratch/share/mime"
    mkdir -p "$mime/packages"
    cp "packaging/linux/$ID.mime.xml" "$mime/packages/$ID.xml"
    [ -f /usr/share/mime/packages/freedesktop.org.xml ] \
        && cp /usr/share/mime/packages/freedesktop.org.xml "$mime/packages/"
    if out=$(update-mime-database "$mime" 2>&1) && grep -q "application/x-nebula-report" "$mime/types"; then
        ok "update-mime-database"
    else
        fail "update-mime-database: $out"
    fi
    if command -v gio >/dev/null; then
        mkdir -p "$scratch/files/save"
        cp tests/fixtures/cli/start.cr "$scratch/files/turn.cr"
        cp tests/fixtures/cli/karnaj.nbt "$scratch/files/TURN.NBT"
        printf '%s\n' '// Nébutil NG game save — edit with care' > "$scratch/files/save/game.ron"
        printf 'puts "not a report"\n' > "$scratch/files/crystal.cr"
        for pair in turn.cr:application/x-nebula-report TURN.NBT:application/x-nebula-nbt \
            save/game.ron:application/x-nebutil-save crystal.cr:-application/x-nebula-report; do
            file=${pair%%:*}
            want=${pair#*:}
            got=$(XDG_DATA_HOME="$scratch/none" XDG_DATA_DIRS="$scratch/share" \
                gio info -a standard::content-type "$scratch/files/$file" 2>/dev/null \
                | sed -n 's/.*standard::content-type: //p')
            if [ "${want#-}" != "$want" ]; then
                if [ "$got" != "${want#-}" ]; then ok "$file is not a report ($got)"; else fail "$file detected as $got"; fi
            elif [ "$got" = "$want" ]; then
                ok "$file is $got"
            else
                fail "$file detected as '$got', expected $want"
            fi
        done
    else
        skip "file type detection (gio, apt: libglib2.0-bin)"
    fi
else
    skip "update-mime-database (apt: shared-mime-info)"
fi

# Windows installer: makensis compiles the whole script (warnings are errors).
if command -v makensis >/dev/null; then
    version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
    printf 'stand-in for nebutil.exe\n' > "$scratch/nebutil.exe"
    if (cd packaging/windows && makensis -V2 -WX "-DVERSION=$version" "-DBINARY=$scratch/nebutil.exe" \
        "-DOUTDIR=$scratch" nebutil.nsi) && [ -s "$scratch/nebutil-$version-setup.exe" ]; then
        ok "makensis: nebutil-$version-setup.exe ($(du -k "$scratch/nebutil-$version-setup.exe" | cut -f1) KiB with a stand-in program)"
    else
        fail "makensis"
    fi
else
    skip "makensis (apt: nsis)"
fi

# macOS Info.plist additions.
if command -v python3 >/dev/null; then
    if python3 -c 'import plistlib, sys; d = plistlib.load(open(sys.argv[1], "rb")); assert d["UTExportedTypeDeclarations"]' \
        packaging/macos/Info.plist; then
        ok "Info.plist (plistlib)"
    else
        fail "Info.plist"
    fi
else
    skip "Info.plist (python3)"
fi

# cargo-packager: a real run on the Cargo.toml configuration (release build, icons,
# binaries, file associations). The macOS bundle directory can be made on Linux
# (with the Linux program inside): its Info.plist is checked. The .dmg needs macOS;
# the NSIS and AppImage formats download tools, which fails offline.
if [ -n "${CARGO_TARGET_DIR:-}" ] && [ "${CARGO_TARGET_DIR%/}" != "target" ]; then
    # The configuration names target/release (binaries-dir): with another target
    # folder cargo-packager would not find the program.
    skip "cargo packager configuration (CARGO_TARGET_DIR is set: the configuration expects target/)"
elif cargo packager --version >/dev/null 2>&1; then
    if out=$(cargo packager --release --formats app --out-dir "$scratch/packager" \
        --binaries-dir "${CARGO_TARGET_DIR:-target}/release" 2>&1) \
        && python3 - "$scratch/packager/Nébutil NG.app" <<'PY'
import os, plistlib, sys
app = sys.argv[1]
info = plistlib.load(open(os.path.join(app, "Contents", "Info.plist"), "rb"))
assert info["CFBundleIdentifier"] == "io.github.nebutil-ng.Nebutil", info["CFBundleIdentifier"]
assert os.path.isfile(os.path.join(app, "Contents", "Resources", info["CFBundleIconFile"]))
assert os.path.isfile(os.path.join(app, "Contents", "MacOS", info["CFBundleExecutable"]))
extensions = sorted(e for t in info["CFBundleDocumentTypes"] for e in t["CFBundleTypeExtensions"])
assert extensions == ["cr", "nbt"], extensions
assert len(info["UTExportedTypeDeclarations"]) == 2
print("Info.plist:", info["CFBundleShortVersionString"], extensions)
PY
    then
        ok "cargo packager: Nébutil NG.app from the configuration"
    else
        fail "cargo packager: $out"
    fi
else
    skip "cargo packager configuration (cargo install cargo-packager --locked)"
fi

# The .deb, when given or already built.
if [ -z "$deb" ]; then
    deb=$(find "${CARGO_TARGET_DIR:-target}/debian" -name 'nebutil_*.deb' 2>/dev/null | sort | tail -n 1)
fi
if [ -n "$deb" ] && [ -f "$deb" ]; then
    if dpkg-deb --info "$deb" >/dev/null && dpkg-deb --contents "$deb" >/dev/null; then
        ok "dpkg-deb reads $deb"
    else
        fail "dpkg-deb $deb"
    fi
    if command -v lintian >/dev/null; then
        # Errors fail; warnings are printed.
        if lintian --fail-on error "$deb"; then
            ok "lintian $deb"
        else
            fail "lintian $deb"
        fi
    else
        skip "lintian (apt: lintian)"
    fi
else
    skip "the .deb checks (no target/debian/nebutil_*.deb: bash packaging/build-deb.sh)"
fi

echo
if [ ${#skipped[@]} -gt 0 ]; then
    echo "skipped (${#skipped[@]}):"
    printf '  %s\n' "${skipped[@]}"
fi
if [ "$failed" -ne 0 ]; then
    echo "packaging checks FAILED"
    exit 1
fi
echo "packaging checks passed"
