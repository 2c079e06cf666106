#!/usr/bin/env bash
# CI step "Debian package": builds the .deb, installs it on this machine, runs the
# INSTALLED program, then removes it. A package that does not install and run fails.
#   bash packaging/ci-deb.sh
# Root, or passwordless sudo, is needed to install; otherwise the step fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)

sudo=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo=(sudo -n)
    else
        echo "the .deb check needs root or passwordless sudo to install the package"
        exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive

# apt_ensure COMMAND PACKAGE...: installs the packages when COMMAND is missing.
apt_updated=
apt_ensure() {
    local command=$1
    shift
    command -v "$command" >/dev/null 2>&1 && return 0
    echo "installing $* (for $command)"
    if [ -z "$apt_updated" ]; then
        "${sudo[@]}" apt-get update -qq || echo "apt-get update failed: trying the cached lists"
        apt_updated=yes
    fi
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null || true
    command -v "$command" >/dev/null 2>&1
}

# dpkg-shlibdeps fills Depends ($auto); without it the package would lack libc6.
apt_ensure dpkg-shlibdeps dpkg-dev || { echo "dpkg-shlibdeps (dpkg-dev) is needed"; exit 1; }

version=$(cargo metadata --no-deps --format-version 1 --locked \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["packages"][0]["version"])')
echo "Cargo version: $version"

# 1. Build (release profile: thin LTO, stripped).
deb=$(bash packaging/build-deb.sh | tail -n 1)
[ -f "$deb" ] || { echo "cargo deb printed no package path (got: $deb)"; exit 1; }
echo "package: $deb ($(du -k "$deb" | cut -f1) KiB)"
dpkg-deb --info "$deb"
dpkg-deb --contents "$deb"
deb_version=$(dpkg-deb --field "$deb" Version)
[ "${deb_version%-*}" = "$version" ] || { echo "package version $deb_version is not Cargo's $version"; exit 1; }
depends=$(dpkg-deb --field "$deb" Depends)
for lib in libc6 libegl1 libxkbcommon0 libwayland-client0 libx11-6; do
    case ", $depends," in
        *", $lib"[\ ,]*) ;;
        *) echo "Depends lacks $lib: $depends"; exit 1 ;;
    esac
done

# 2. Install; pull missing dependencies with apt if dpkg stops on them.
if ! "${sudo[@]}" dpkg -i "$deb"; then
    echo "dpkg -i stopped (missing dependencies?): apt-get install -f"
    "${sudo[@]}" apt-get update -qq || echo "apt-get update failed: trying the cached lists"
    "${sudo[@]}" apt-get install -f -y -qq
fi
status=$(dpkg-query -W -f='${Status} ${Version}' nebutil)
echo "dpkg: $status"
[ "$status" = "install ok installed $deb_version" ] || { echo "nebutil is not installed"; exit 1; }

# 3. Run the installed program, from outside the work tree.
installed=/usr/bin/nebutil
[ -x "$installed" ] || { echo "$installed missing"; exit 1; }
for file in /usr/share/applications/io.github.nebutil_ng.Nebutil.desktop \
    /usr/share/metainfo/io.github.nebutil_ng.Nebutil.metainfo.xml \
    /usr/share/mime/packages/io.github.nebutil_ng.Nebutil.xml \
    /usr/share/icons/hicolor/256x256/apps/io.github.nebutil_ng.Nebutil.png \
    /usr/share/icons/hicolor/scalable/apps/io.github.nebutil_ng.Nebutil.svg; do
    [ -f "$file" ] || { echo "$file missing"; exit 1; }
done
cd /
printed=$("$installed" --version)
echo "$installed --version: $printed"
[ "$printed" = "nebutil $version" ] || { echo "expected 'nebutil $version'"; exit 1; }
"$installed" report "$ROOT/tests/fixtures/cli/start.cr" >"${TMPDIR:-/tmp}/nebutil-deb-report.txt"
head -n 5 "${TMPDIR:-/tmp}/nebutil-deb-report.txt"
grep -q "Maxtor" "${TMPDIR:-/tmp}/nebutil-deb-report.txt" || { echo "the report summary does not name the player"; exit 1; }
"$installed" report --json "$ROOT/tests/fixtures/cli/start.cr" | python3 -c 'import json, sys; json.load(sys.stdin)' \
    || { echo "nebutil report --json printed no JSON"; exit 1; }

# 4. The desktop app: a window opens and stays up (when an X server can be started).
if apt_ensure Xvfb xvfb && apt_ensure xwininfo x11-utils; then
    bash "$ROOT/packaging/smoke-gui.sh" "$installed"
else
    echo "no Xvfb or xwininfo (apt: xvfb x11-utils): the window check is skipped"
fi

# 5. Remove it again: the package also uninstalls cleanly.
"${sudo[@]}" dpkg --remove nebutil
[ ! -e "$installed" ] || { echo "$installed left after removal"; exit 1; }
echo "the .deb built, installed, ran and was removed"
