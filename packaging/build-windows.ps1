# Builds the Windows installer of Nébutil NG, on Windows, from the repository root:
#   powershell -ExecutionPolicy Bypass -File packaging\build-windows.ps1
# → target\packages\nebutil-<version>-setup.exe
# Needs: Rust (rustup, MSVC toolchain: Visual Studio Build Tools with "Desktop
# development with C++") and NSIS 3 (https://nsis.sourceforge.io, or
# `winget install NSIS.NSIS`; makensis.exe on PATH or in its default folder).
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..")

$metadata = cargo metadata --no-deps --format-version 1 --locked | ConvertFrom-Json
$version = ($metadata.packages | Where-Object { $_.name -eq "nebutil" }).version

cargo build --release --locked
if ($LASTEXITCODE -ne 0) { throw "cargo build failed" }

$makensis = (Get-Command makensis.exe -ErrorAction SilentlyContinue).Source
if (-not $makensis) { $makensis = Join-Path ${env:ProgramFiles(x86)} "NSIS\makensis.exe" }
if (-not (Test-Path $makensis)) { throw "makensis.exe not found: install NSIS 3" }

New-Item -ItemType Directory -Force target\packages | Out-Null
& $makensis -WX "-DVERSION=$version" packaging\windows\nebutil.nsi
if ($LASTEXITCODE -ne 0) { throw "makensis failed" }
Write-Output "target\packages\nebutil-$version-setup.exe"
