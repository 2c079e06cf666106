#!/usr/bin/env bash
# Builds the Debian/Ubuntu package of Nébutil NG (release build, with the desktop app):
#   bash packaging/build-deb.sh            → target/debian/nebutil_<version>-1_<arch>.deb
# Needs cargo-deb (`cargo install cargo-deb --locked`; installed here when missing) and
# dpkg-dev (dpkg-shlibdeps fills Depends). Extra arguments go to cargo-deb, e.g. --fast.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! cargo deb --version >/dev/null 2>&1; then
    echo "installing cargo-deb"
    cargo install cargo-deb --locked
fi
# Prints the path of the .deb as its last line.
cargo deb --locked "$@"
