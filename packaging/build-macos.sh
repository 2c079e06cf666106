#!/usr/bin/env bash
# Builds Nébutil NG.app and its .dmg, on macOS, from the repository root:
#   bash packaging/build-macos.sh        → target/packages/Nébutil NG.app, *.dmg
# Needs: Rust (rustup) with the Xcode command line tools (`xcode-select --install`),
# and cargo-packager (`cargo install cargo-packager --locked`; installed when
# missing). Configuration: [package.metadata.packager] in Cargo.toml, Info.plist
# additions in packaging/macos/Info.plist. The app is not signed: without a
# Developer ID, users open it the first time with right-click → Open.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ "$(uname -s)" = "Darwin" ] || { echo "the .app and .dmg are built on macOS"; exit 1; }
cargo packager --version >/dev/null 2>&1 || cargo install cargo-packager --locked
cargo packager --release --formats app,dmg
