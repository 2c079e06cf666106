; Windows installer of Nébutil NG (NSIS 3). Per-user install: no administrator rights.
;
; On Windows, from the repository root, after `cargo build --release`:
;   makensis /DVERSION=0.1.0 packaging\windows\nebutil.nsi
; → target\packages\nebutil-0.1.0-setup.exe
; VERSION is Cargo.toml's version (packaging/build-windows.ps1 passes it). BINARY (the
; program to install, default target\release\nebutil.exe) and OUTDIR (default
; target\packages) may be given the same way. makensis also runs on Linux (apt: nsis):
; packaging/check.sh compiles this script there with a stand-in program.
;
; What it installs: nebutil.exe, its icon and README.md in
; %LOCALAPPDATA%\Programs\Nebutil NG, a Start menu shortcut, "Open with" entries
; for turn reports (.cr) and .NBT files, and an uninstaller (Settings → Apps).
; Game saves (game.ron) are not associated: Windows associates by extension only,
; and .ron is a general format.

Unicode true
ManifestDPIAware true
SetCompressor /SOLID lzma

!ifndef VERSION
  !error "Give the version: makensis /DVERSION=x.y.z (Cargo.toml's version)"
!endif
!ifndef BINARY
  !define BINARY "..\..\target\release\nebutil.exe"
!endif
!ifndef OUTDIR
  !define OUTDIR "..\..\target\packages"
!endif

!define APP_NAME "N${U+00E9}butil NG"
!define APP_ID "io.github.nebutil_ng.Nebutil"
!define PUBLISHER "N${U+00E9}butil NG developers"
!define HOMEPAGE "https://github.com/nebutil-ng/nebutil"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP_ID}"
!define PROGID_REPORT "NebutilNG.Report"
!define PROGID_NBT "NebutilNG.Nbt"

Name "${APP_NAME}"
OutFile "${OUTDIR}\nebutil-${VERSION}-setup.exe"
InstallDir "$LOCALAPPDATA\Programs\Nebutil NG"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
RequestExecutionLevel user
BrandingText "${APP_NAME} ${VERSION}"

VIProductVersion "${VERSION}.0"
VIFileVersion "${VERSION}.0"
VIAddVersionKey /LANG=1033 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "${APP_NAME} installer"
VIAddVersionKey /LANG=1033 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=1033 "LegalCopyright" "MIT licence"

!include "MUI2.nsh"
!define MUI_ICON "..\icons\nebutil.ico"
!define MUI_UNICON "..\icons\nebutil.ico"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\nebutil.exe"

!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
; The first language is the default one; the installer follows Windows' language.
!insertmacro MUI_LANGUAGE "French"
!insertmacro MUI_LANGUAGE "English"

; ProgID for one file type: name, icon, "open" runs the app with the file.
!macro RegisterType PROGID DESCRIPTION EXTENSION
  WriteRegStr HKCU "Software\Classes\${PROGID}" "" "${DESCRIPTION}"
  WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\nebutil.ico"
  WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\nebutil.exe" -- "%1"'
  WriteRegStr HKCU "Software\Classes\${EXTENSION}\OpenWithProgids" "${PROGID}" ""
!macroend

!macro UnregisterType PROGID EXTENSION
  DeleteRegValue HKCU "Software\Classes\${EXTENSION}\OpenWithProgids" "${PROGID}"
  DeleteRegKey /ifempty HKCU "Software\Classes\${EXTENSION}\OpenWithProgids"
  DeleteRegKey /ifempty HKCU "Software\Classes\${EXTENSION}"
  DeleteRegKey HKCU "Software\Classes\${PROGID}"
!macroend

Section "Install"
  SetOutPath "$INSTDIR"
  File "/oname=nebutil.exe" "${BINARY}"
  File "/oname=nebutil.ico" "..\icons\nebutil.ico"
  File "/oname=README.md" "..\..\README.md"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\nebutil.exe" "" "$INSTDIR\nebutil.ico" 0

  !insertmacro RegisterType "${PROGID_REPORT}" "Nebula turn report" ".cr"
  !insertmacro RegisterType "${PROGID_NBT}" "Nebula .NBT companion file" ".nbt"
  ; Tell Explorer the associations changed (SHCNE_ASSOCCHANGED).
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "URLInfoAbout" "${HOMEPAGE}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\nebutil.ico"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  Delete "$INSTDIR\nebutil.exe"
  Delete "$INSTDIR\nebutil.ico"
  Delete "$INSTDIR\README.md"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"

  !insertmacro UnregisterType "${PROGID_REPORT}" ".cr"
  !insertmacro UnregisterType "${PROGID_NBT}" ".nbt"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
