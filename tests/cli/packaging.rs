//! The packaging files (`packaging/`, the `[package.metadata.*]` sections of
//! Cargo.toml): well-formed, consistent with each other and with the program.
//!
//! External validators (desktop-file-validate, appstreamcli, update-mime-database,
//! makensis, lintian) run in `packaging/check.sh`; these tests need no tool and
//! check what those cannot: versions against Cargo.toml, icon pixel sizes, MIME
//! globs and signatures against the files the program reads and writes.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The freedesktop application id: desktop file, metainfo, icon name.
const APP_ID: &str = "io.github.nebutil_ng.Nebutil";
/// The PNG sizes committed (Linux hicolor theme, window icon, packager).
const PNG_SIZES: [u32; 8] = [16, 24, 32, 48, 64, 128, 256, 512];
/// The sizes in the Windows `.ico`.
const ICO_SIZES: [u32; 7] = [16, 24, 32, 48, 64, 128, 256];
/// ICNS entry type → pixel size, every one required in the macOS `.icns`.
const ICNS_TYPES: [(&str, u32); 11] = [
    ("icp4", 16),
    ("icp5", 32),
    ("ic11", 32),
    ("icp6", 64),
    ("ic12", 64),
    ("ic07", 128),
    ("ic08", 256),
    ("ic13", 256),
    ("ic09", 512),
    ("ic14", 512),
    ("ic10", 1024),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read_bytes(relative: &str) -> Vec<u8> {
    let path = root().join(relative);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read(relative: &str) -> String {
    String::from_utf8(read_bytes(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

fn desktop_path() -> String {
    format!("packaging/linux/{APP_ID}.desktop")
}

fn metainfo_path() -> String {
    format!("packaging/linux/{APP_ID}.metainfo.xml")
}

fn mime_path() -> String {
    format!("packaging/linux/{APP_ID}.mime.xml")
}

// ---- a small, strict XML reader (well-formedness only) --------------------------

#[derive(Debug)]
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
    children: Vec<Node>,
}

#[derive(Debug)]
enum Node {
    Element(Element),
    Text(String),
}

impl Element {
    fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn elements(&self) -> impl Iterator<Item = &Element> {
        self.children.iter().filter_map(|node| match node {
            Node::Element(element) => Some(element),
            Node::Text(_) => None,
        })
    }

    fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.elements().filter(move |e| e.name == name)
    }

    /// The only child of this name without `xml:lang` (the untranslated one).
    fn one<'a>(&'a self, name: &'a str) -> &'a Element {
        let found: Vec<&Element> = self
            .all(name)
            .filter(|e| e.attribute("xml:lang").is_none())
            .collect();
        assert_eq!(found.len(), 1, "<{}>: one <{name}> expected", self.name);
        found[0]
    }

    /// The text directly inside, trimmed.
    fn text(&self) -> String {
        let mut text = String::new();
        for node in &self.children {
            if let Node::Text(t) = node {
                text.push_str(t);
            }
        }
        text.trim().to_string()
    }
}

struct XmlReader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> XmlReader<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn error<T>(&self, what: &str) -> Result<T, String> {
        let line = self.text[..self.at].matches('\n').count() + 1;
        Err(format!("line {line}: {what}"))
    }

    fn skip_space(&mut self) {
        let trimmed = self.rest().trim_start_matches([' ', '\t', '\r', '\n']);
        self.at = self.text.len() - trimmed.len();
    }

    fn eat(&mut self, prefix: &str) -> bool {
        if self.rest().starts_with(prefix) {
            self.at += prefix.len();
            true
        } else {
            false
        }
    }

    /// Up to (not including) `end`, which is consumed.
    fn until(&mut self, end: &str) -> Result<&'a str, String> {
        match self.rest().find(end) {
            Some(index) => {
                let found = &self.rest()[..index];
                self.at += index + end.len();
                Ok(found)
            }
            None => self.error(&format!("`{end}` missing")),
        }
    }

    fn name(&mut self) -> Result<String, String> {
        let rest = self.rest();
        let length = rest
            .find(|c: char| !(c.is_alphanumeric() || "-_:.".contains(c)))
            .unwrap_or(rest.len());
        if length == 0 || !rest.starts_with(|c: char| c.is_alphabetic() || c == '_') {
            return self.error("a name expected");
        }
        self.at += length;
        Ok(rest[..length].to_string())
    }

    fn unescape(&self, raw: &str) -> Result<String, String> {
        let mut out = String::new();
        let mut rest = raw;
        while let Some(index) = rest.find('&') {
            out.push_str(&rest[..index]);
            let Some(end) = rest[index..].find(';') else {
                return self.error("`&` without `;`");
            };
            let entity = &rest[index + 1..index + end];
            let decoded = match entity {
                "amp" => '&',
                "lt" => '<',
                "gt" => '>',
                "quot" => '"',
                "apos" => '\'',
                _ => {
                    let code = if let Some(hex) = entity.strip_prefix("#x") {
                        u32::from_str_radix(hex, 16).ok()
                    } else if let Some(decimal) = entity.strip_prefix('#') {
                        decimal.parse().ok()
                    } else {
                        None
                    };
                    match code.and_then(char::from_u32) {
                        Some(c) => c,
                        None => return self.error(&format!("unknown entity &{entity};")),
                    }
                }
            };
            out.push(decoded);
            rest = &rest[index + end + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }

    fn comment(&mut self) -> Result<(), String> {
        let body = self.until("-->")?;
        if body.contains("--") || body.ends_with('-') {
            return self.error("`--` inside a comment");
        }
        Ok(())
    }

    /// Comments, processing instructions, a DOCTYPE and spaces around the root.
    fn misc(&mut self) -> Result<(), String> {
        loop {
            self.skip_space();
            if self.eat("<!--") {
                self.comment()?;
            } else if self.eat("<?") {
                self.until("?>")?;
            } else if self.eat("<!DOCTYPE") {
                if self
                    .rest()
                    .split('>')
                    .next()
                    .is_some_and(|d| d.contains('['))
                {
                    return self.error("internal DTD subsets are not supported");
                }
                self.until(">")?;
            } else {
                return Ok(());
            }
        }
    }

    fn element(&mut self) -> Result<Element, String> {
        if !self.eat("<") {
            return self.error("`<` expected");
        }
        let name = self.name()?;
        let mut attributes: Vec<(String, String)> = Vec::new();
        loop {
            let before = self.at;
            self.skip_space();
            if self.eat("/>") {
                return Ok(Element {
                    name,
                    attributes,
                    children: Vec::new(),
                });
            }
            if self.eat(">") {
                break;
            }
            if self.at == before {
                return self.error("space expected before an attribute");
            }
            let attribute = self.name()?;
            self.skip_space();
            if !self.eat("=") {
                return self.error(&format!("`=` expected after {attribute}"));
            }
            self.skip_space();
            let quote = if self.eat("\"") {
                "\""
            } else if self.eat("'") {
                "'"
            } else {
                return self.error(&format!("{attribute}: quoted value expected"));
            };
            let raw = self.until(quote)?;
            if raw.contains('<') {
                return self.error("`<` in an attribute value");
            }
            if attributes.iter().any(|(n, _)| *n == attribute) {
                return self.error(&format!("attribute {attribute} twice"));
            }
            let value = self.unescape(raw)?;
            attributes.push((attribute, value));
        }
        let mut children = Vec::new();
        loop {
            let rest = self.rest();
            let text_length = rest.find('<').unwrap_or(rest.len());
            if text_length > 0 {
                let raw = &rest[..text_length];
                if raw.contains("]]>") {
                    return self.error("`]]>` in text");
                }
                self.at += text_length;
                children.push(Node::Text(self.unescape(raw)?));
            }
            if self.rest().is_empty() {
                return self.error(&format!("<{name}> not closed"));
            }
            if self.eat("</") {
                let closing = self.name()?;
                self.skip_space();
                if closing != name || !self.eat(">") {
                    return self.error(&format!("</{closing}> closes <{name}>"));
                }
                return Ok(Element {
                    name,
                    attributes,
                    children,
                });
            } else if self.eat("<!--") {
                self.comment()?;
            } else if self.eat("<![CDATA[") {
                let data = self.until("]]>")?;
                children.push(Node::Text(data.to_string()));
            } else if self.eat("<?") {
                self.until("?>")?;
            } else {
                children.push(Node::Element(self.element()?));
            }
        }
    }
}

/// Parses a whole document: one root element, nothing but comments around it.
fn parse_xml(text: &str) -> Result<Element, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = XmlReader { text, at: 0 };
    if reader.rest().starts_with("<?xml") {
        reader.until("?>")?;
    }
    reader.misc()?;
    let root = reader.element()?;
    reader.misc()?;
    if !reader.rest().is_empty() {
        return reader.error("content after the root element");
    }
    Ok(root)
}

fn xml_file(relative: &str) -> Element {
    parse_xml(&read(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

#[test]
fn the_xml_checker_refuses_malformed_documents() {
    let good =
        "<?xml version=\"1.0\"?>\n<!-- fine -->\n<a x=\"1\" y='&amp;'><b/>t&#233;<c>x</c></a>\n";
    let root = parse_xml(good).expect("well-formed");
    assert_eq!(root.attribute("y"), Some("&"));
    assert_eq!(root.text(), "té");
    assert_eq!(root.one("c").text(), "x");
    for bad in [
        "<a><!-- x -- y --></a>",
        "<a><b></a></b>",
        "<a x=1/>",
        "<a x=\"1\" x=\"2\"/>",
        "<a>&nbsp;</a>",
        "<a/><b/>",
        "<a>",
        "<a x=\"<\"/>",
        "text<a/>",
    ] {
        assert!(parse_xml(bad).is_err(), "accepted: {bad}");
    }
}

// ---- Cargo.toml (no TOML parser: the sections are ours, one value a line) --------

/// The lines of one `[section]` of Cargo.toml, up to the next header.
fn cargo_section(name: &str) -> Vec<String> {
    let manifest = read("Cargo.toml");
    let header = format!("[{name}]");
    let mut lines = manifest.lines().skip_while(|l| l.trim() != header);
    assert!(lines.next().is_some(), "Cargo.toml has no {header}");
    lines
        .take_while(|l| !l.starts_with('['))
        .map(str::to_string)
        .collect()
}

/// The strings between double quotes on a line.
fn quoted(line: &str) -> Vec<String> {
    line.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// `key = "value"` in a section.
fn cargo_value(section: &[String], key: &str) -> Option<String> {
    section.iter().find_map(|line| {
        let (k, v) = line.split_once('=')?;
        (k.trim() == key).then(|| quoted(v).into_iter().next())?
    })
}

/// The lines of `key = [ … ]` in a section (one item a line, or all on one line).
fn cargo_array(section: &[String], key: &str) -> Vec<String> {
    let start = section
        .iter()
        .position(|l| l.split_once('=').is_some_and(|(k, _)| k.trim() == key))
        .unwrap_or_else(|| panic!("no {key} ="));
    let mut lines = Vec::new();
    for line in &section[start..] {
        lines.push(line.clone());
        if line.trim_end().ends_with(']') && !line.trim_start().starts_with('[') {
            break;
        }
        if line.trim() == "]" {
            break;
        }
    }
    lines
}

// ---- images ------------------------------------------------------------------------

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

fn u32_be(bytes: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

fn u32_le(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// (width, height) from a PNG's IHDR.
fn png_size(bytes: &[u8], what: &str) -> (u32, u32) {
    assert!(
        bytes.len() > 33 && bytes.starts_with(PNG_SIGNATURE) && &bytes[12..16] == b"IHDR",
        "{what}: not a PNG"
    );
    (u32_be(bytes, 16), u32_be(bytes, 20))
}

/// (width, height) of an icon PNG, which must be 8-bit RGBA (transparent corners).
fn icon_size(bytes: &[u8], what: &str) -> (u32, u32) {
    let size = png_size(bytes, what);
    assert_eq!(
        (bytes[24], bytes[25]),
        (8, 6),
        "{what}: 8-bit RGBA expected"
    );
    size
}

#[test]
fn every_png_icon_exists_at_its_stated_size() {
    for size in PNG_SIZES {
        let name = format!("packaging/icons/nebutil-{size}.png");
        assert_eq!(icon_size(&read_bytes(&name), &name), (size, size), "{name}");
    }
}

#[test]
fn the_svg_source_is_square_xml() {
    let svg = xml_file("packaging/icons/nebutil.svg");
    assert_eq!(svg.name, "svg");
    assert_eq!(svg.attribute("viewBox"), Some("0 0 512 512"));
    assert_eq!(svg.attribute("width"), Some("512"));
    assert_eq!(svg.attribute("height"), Some("512"));
}

#[test]
fn the_ico_holds_every_windows_size() {
    let ico = read_bytes("packaging/icons/nebutil.ico");
    assert!(ico.len() > 6);
    assert_eq!(&ico[..4], &[0, 0, 1, 0], "ICO header");
    let count = usize::from(u16::from_le_bytes([ico[4], ico[5]]));
    let mut sizes = Vec::new();
    for index in 0..count {
        let entry = &ico[6 + 16 * index..6 + 16 * (index + 1)];
        let size = if entry[0] == 0 {
            256
        } else {
            u32::from(entry[0])
        };
        let height = if entry[1] == 0 {
            256
        } else {
            u32::from(entry[1])
        };
        assert_eq!(size, height, "ICO entry {index} is not square");
        let length = u32_le(entry, 8) as usize;
        let offset = u32_le(entry, 12) as usize;
        assert!(
            offset + length <= ico.len(),
            "ICO entry {index} out of the file"
        );
        let image = &ico[offset..offset + length];
        if image.starts_with(PNG_SIGNATURE) {
            assert_eq!(png_size(image, "ICO entry"), (size, size));
        } else {
            // BITMAPINFOHEADER: 40 bytes, width, height ×2 (image and mask), 32 bits.
            assert_eq!(u32_le(image, 0), 40, "ICO entry {index}: BMP header");
            assert_eq!(u32_le(image, 4), size);
            assert_eq!(u32_le(image, 8), 2 * size);
            assert_eq!(u16::from_le_bytes([image[14], image[15]]), 32, "32-bit");
        }
        sizes.push(size);
    }
    assert_eq!(sizes, ICO_SIZES);
}

#[test]
fn the_icns_holds_every_macos_size() {
    let icns = read_bytes("packaging/icons/nebutil.icns");
    assert_eq!(&icns[..4], b"icns");
    assert_eq!(u32_be(&icns, 4) as usize, icns.len(), "ICNS length");
    let mut found = BTreeMap::new();
    let mut at = 8;
    while at < icns.len() {
        let kind = String::from_utf8_lossy(&icns[at..at + 4]).to_string();
        let length = u32_be(&icns, at + 4) as usize;
        assert!(
            length > 8 && at + length <= icns.len(),
            "{kind}: bad length"
        );
        let (width, height) = png_size(&icns[at + 8..at + length], &kind);
        assert_eq!(width, height, "{kind}");
        found.insert(kind, width);
        at += length;
    }
    assert_eq!(at, icns.len());
    let expected: BTreeMap<String, u32> = ICNS_TYPES
        .iter()
        .map(|(kind, size)| (kind.to_string(), *size))
        .collect();
    assert_eq!(found, expected);
}

#[cfg(feature = "gui")]
#[test]
fn the_window_icon_is_the_256_px_png() {
    let icon = nebutil::gui::window_icon().expect("the embedded icon decodes");
    assert_eq!((icon.width, icon.height), (256, 256));
    assert_eq!(icon.rgba.len(), 256 * 256 * 4);
}

// ---- freedesktop: MIME types, desktop entry, AppStream ----------------------------

struct MimeType {
    name: String,
    globs: Vec<String>,
    magic: Vec<String>,
}

fn mime_types() -> Vec<MimeType> {
    let info = xml_file(&mime_path());
    assert_eq!(info.name, "mime-info");
    assert_eq!(
        info.attribute("xmlns"),
        Some("http://www.freedesktop.org/standards/shared-mime-info")
    );
    info.all("mime-type")
        .map(|t| {
            let name = t.attribute("type").expect("type=").to_string();
            assert!(!t.one("comment").text().is_empty(), "{name}: comment");
            assert!(
                t.all("comment")
                    .any(|c| c.attribute("xml:lang") == Some("fr")),
                "{name}: French comment"
            );
            assert_eq!(
                t.one("sub-class-of").attribute("type"),
                Some("text/plain"),
                "{name}: a text format"
            );
            for glob in t.all("glob") {
                assert_ne!(
                    glob.attribute("case-sensitive"),
                    Some("true"),
                    "{name}: globs match any case (.NBT and .nbt)"
                );
            }
            MimeType {
                globs: t
                    .all("glob")
                    .map(|g| g.attribute("pattern").expect("pattern=").to_string())
                    .collect(),
                magic: t
                    .all("magic")
                    .flat_map(|m| m.all("match"))
                    .map(|m| {
                        assert_eq!(m.attribute("type"), Some("string"));
                        m.attribute("value").expect("value=").to_string()
                    })
                    .collect(),
                name,
            }
        })
        .collect()
}

fn mime_type(name: &str) -> MimeType {
    mime_types()
        .into_iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("{name} is not defined"))
}

/// shared-mime-info glob matching as used here: `*.ext` or a literal file name,
/// any case.
fn glob_matches(glob: &str, file_name: &str) -> bool {
    let file_name = file_name.to_lowercase();
    match glob.strip_prefix('*') {
        Some(suffix) => file_name.ends_with(&suffix.to_lowercase()),
        None => file_name == glob.to_lowercase(),
    }
}

#[test]
fn report_type_matches_the_reports_the_program_reads() {
    let report = mime_type("application/x-nebula-report");
    assert_eq!(report.globs, ["*.cr"]);
    assert!(glob_matches(&report.globs[0], "start.cr"));
    assert!(glob_matches(&report.globs[0], "TURN-005.CR"));
    assert!(!glob_matches(&report.globs[0], "start.nbt"));
    // The first line of every CR in the fixtures starts with the signature.
    let cr = read("tests/fixtures/cli/start.cr");
    assert_eq!(report.magic, ["NEBULA - Partie "]);
    assert!(cr.starts_with(&report.magic[0]));
}

#[test]
fn nbt_type_matches_what_the_program_reads_and_writes() {
    let nbt = mime_type("application/x-nebula-nbt");
    assert_eq!(
        nbt.globs,
        [format!("*.{}", nebutil::nbt::EXTENSION.to_lowercase())]
    );
    for name in ["T5.NBT", "t5.nbt"] {
        assert!(glob_matches(&nbt.globs[0], name), "{name}");
        #[cfg(feature = "gui")]
        assert!(
            nebutil::gui::session::is_nbt_path(Path::new(name)),
            "{name}"
        );
    }
    assert!(!glob_matches(&nbt.globs[0], "t5.cr"));
    assert_eq!(nbt.magic.len(), 1);
    assert!(nebutil::nbt::header_line().starts_with(&nbt.magic[0]));
    assert!(read("tests/fixtures/cli/karnaj.nbt").starts_with(&nbt.magic[0]));
}

#[test]
fn save_type_matches_the_saves_the_arbiter_writes() {
    let save = mime_type("application/x-nebutil-save");
    assert_eq!(save.globs, [nebutil::cli::game::SAVE_FILE]);
    assert!(glob_matches(&save.globs[0], nebutil::cli::game::SAVE_FILE));
    assert!(!glob_matches(&save.globs[0], "other.ron"));
    assert_eq!(save.magic.len(), 1);
    assert!(nebutil::game::save::HEADER.starts_with(&save.magic[0]));
}

/// `[group]` → key → value, refusing duplicates and lines outside a group.
fn desktop_entry() -> BTreeMap<String, BTreeMap<String, String>> {
    let text = read(&desktop_path());
    let mut groups: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for (number, line) in text.lines().enumerate() {
        let number = number + 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(group) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            assert!(
                current.is_some() || group == "Desktop Entry",
                "line {number}: [Desktop Entry] must come first"
            );
            assert!(
                !groups.contains_key(group),
                "line {number}: [{group}] twice"
            );
            groups.insert(group.to_string(), BTreeMap::new());
            current = Some(group.to_string());
            continue;
        }
        let group = current
            .as_ref()
            .unwrap_or_else(|| panic!("line {number}: outside a group"));
        let (key, value) = line
            .split_once('=')
            .unwrap_or_else(|| panic!("line {number}: not key=value"));
        assert_eq!(key, key.trim(), "line {number}: spaces around the key");
        assert!(
            key.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-[]@_".contains(c)),
            "line {number}: key {key}"
        );
        let previous = groups
            .get_mut(group)
            .and_then(|g| g.insert(key.to_string(), value.to_string()));
        assert!(previous.is_none(), "line {number}: {key} twice");
    }
    groups
}

fn list(value: &str) -> Vec<&str> {
    assert!(value.ends_with(';'), "a list ends with `;`: {value}");
    value.trim_end_matches(';').split(';').collect()
}

#[test]
fn desktop_entry_launches_the_installed_program() {
    let groups = desktop_entry();
    assert_eq!(groups.len(), 1);
    let entry = &groups["Desktop Entry"];
    assert_eq!(entry["Type"], "Application");
    assert_eq!(entry["Name"], "Nébutil NG");
    assert_eq!(entry["Icon"], APP_ID);
    assert_eq!(entry["Terminal"], "false");
    // Every translated key has its untranslated one.
    for key in entry.keys() {
        if let Some((base, _)) = key.split_once('[') {
            assert!(entry.contains_key(base), "{key} without {base}");
        }
    }
    // The program's binary name, then the files after `--` (a file named like a
    // sub-command is still a file).
    let bin = Path::new(env!("CARGO_BIN_EXE_nebutil"))
        .file_stem()
        .and_then(|s| s.to_str())
        .expect("binary name")
        .to_string();
    assert_eq!(entry["Exec"], format!("{bin} -- %F"));
    assert_eq!(entry["TryExec"], bin);
    assert!(list(&entry["Categories"]).contains(&"Game"));
    #[cfg(feature = "gui")]
    assert_eq!(entry["StartupWMClass"], nebutil::gui::APP_ID);
    // Each type it opens is defined by our MIME file.
    let defined: BTreeSet<String> = mime_types().into_iter().map(|t| t.name).collect();
    let opened = list(&entry["MimeType"]);
    assert_eq!(
        opened,
        ["application/x-nebula-report", "application/x-nebula-nbt"]
    );
    for mime in opened {
        assert!(defined.contains(mime), "{mime} is not defined");
    }
}

#[test]
fn nebutil_version_prints_the_cargo_version() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_nebutil"))
        .arg("--version")
        .output()
        .expect("nebutil runs");
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        format!("nebutil {}", env!("CARGO_PKG_VERSION"))
    );
}

fn is_date(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    parts.len() == 3
        && [4, 2, 2]
            .iter()
            .zip(&parts)
            .all(|(n, p)| p.len() == *n && p.chars().all(|c| c.is_ascii_digit()))
}

#[test]
fn metainfo_describes_this_version() {
    let component = xml_file(&metainfo_path());
    assert_eq!(component.name, "component");
    assert_eq!(component.attribute("type"), Some("desktop-application"));
    assert_eq!(component.one("id").text(), APP_ID);
    assert_eq!(component.one("metadata_license").text(), "CC0-1.0");
    assert_eq!(
        component.one("project_license").text(),
        env!("CARGO_PKG_LICENSE")
    );
    assert_eq!(component.one("name").text(), "Nébutil NG");
    assert!(!component.one("summary").text().is_empty());
    assert!(component.one("description").all("p").count() >= 2);
    assert_eq!(
        component.one("launchable").text(),
        format!("{APP_ID}.desktop")
    );
    assert!(root().join(desktop_path()).is_file());
    assert_eq!(component.one("icon").text(), APP_ID);
    let homepage = component
        .all("url")
        .find(|u| u.attribute("type") == Some("homepage"))
        .expect("homepage");
    assert_eq!(homepage.text(), env!("CARGO_PKG_REPOSITORY"));

    // The newest release (first) is the version being built; newest first, dated.
    let releases = component.one("releases");
    let versions: Vec<&str> = releases
        .all("release")
        .map(|r| r.attribute("version").expect("version="))
        .collect();
    assert_eq!(versions.first(), Some(&env!("CARGO_PKG_VERSION")));
    let dates: Vec<&str> = releases
        .all("release")
        .map(|r| r.attribute("date").expect("date="))
        .collect();
    assert!(dates.iter().all(|d| is_date(d)), "{dates:?}");
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "newest first");

    // It provides the binary and the file types of our MIME file.
    let provides = component.one("provides");
    assert_eq!(provides.one("binary").text(), "nebutil");
    let mediatypes: BTreeSet<String> = provides.all("mediatype").map(|m| m.text()).collect();
    let defined: BTreeSet<String> = mime_types().into_iter().map(|t| t.name).collect();
    assert_eq!(mediatypes, defined);

    // Screenshots point at files of this repository, of the stated size.
    let screenshots: Vec<&Element> = component.one("screenshots").all("screenshot").collect();
    assert!(!screenshots.is_empty());
    for screenshot in screenshots {
        let image = screenshot.one("image");
        let url = image.text();
        let (_, path) = url
            .split_once("/main/")
            .unwrap_or_else(|| panic!("{url}: not a file of the main branch"));
        assert!(path.starts_with("packaging/screenshots/"), "{url}");
        let size = png_size(&read_bytes(path), path);
        let stated = (
            image.attribute("width").and_then(|w| w.parse().ok()),
            image.attribute("height").and_then(|h| h.parse().ok()),
        );
        assert_eq!((Some(size.0), Some(size.1)), stated, "{path}");
    }
}

// ---- package definitions ---------------------------------------------------------

#[test]
fn deb_assets_exist_and_install_each_icon_at_its_size() {
    let section = cargo_section("package.metadata.deb");
    let assets: Vec<Vec<String>> = cargo_array(&section, "assets")
        .iter()
        .map(|l| quoted(l))
        .filter(|q| !q.is_empty())
        .collect();
    let mut icon_sizes = Vec::new();
    let mut destinations = BTreeSet::new();
    for asset in &assets {
        assert_eq!(asset.len(), 3, "[source, destination, mode]: {asset:?}");
        let (source, destination) = (&asset[0], &asset[1]);
        destinations.insert(destination.clone());
        if source != "target/release/nebutil" {
            assert!(root().join(source).is_file(), "{source} missing");
        }
        if let Some(rest) = destination.strip_prefix("usr/share/icons/hicolor/") {
            let (size_dir, file) = rest.split_once("/apps/").expect("hicolor/SIZE/apps/");
            let extension = Path::new(file).extension().and_then(|e| e.to_str());
            assert_eq!(Path::new(file).file_stem(), Some(APP_ID.as_ref()));
            if size_dir == "scalable" {
                assert_eq!(extension, Some("svg"));
                continue;
            }
            let size: u32 = size_dir
                .split_once('x')
                .and_then(|(w, h)| (w == h).then(|| w.parse().ok())?)
                .unwrap_or_else(|| panic!("{destination}: NxN expected"));
            assert_eq!(extension, Some("png"));
            assert_eq!(png_size(&read_bytes(source), source), (size, size));
            icon_sizes.push(size);
        }
    }
    assert_eq!(icon_sizes, PNG_SIZES);
    for expected in [
        "usr/bin/".to_string(),
        "usr/share/applications/".to_string(),
        "usr/share/metainfo/".to_string(),
        format!("usr/share/mime/packages/{APP_ID}.xml"),
        format!("usr/share/icons/hicolor/scalable/apps/{APP_ID}.svg"),
    ] {
        assert!(destinations.contains(&expected), "{expected} not installed");
    }
    // The libraries eframe opens with dlopen are in Depends by hand.
    let depends = cargo_value(&section, "depends").expect("depends");
    for library in [
        "$auto",
        "libegl1",
        "libx11-6",
        "libxkbcommon0",
        "libxkbcommon-x11-0",
        "libwayland-client0",
    ] {
        assert!(
            depends.split(", ").any(|d| d == library),
            "{library} not in {depends}"
        );
    }
}

#[test]
fn packager_config_matches_the_linux_identity() {
    let section = cargo_section("package.metadata.packager");
    assert_eq!(
        cargo_value(&section, "identifier").as_deref(),
        Some(APP_ID.replace('_', "-").as_str())
    );
    assert_eq!(
        cargo_value(&section, "product-name").as_deref(),
        Some("Nébutil NG")
    );
    let icons: Vec<String> = cargo_array(&section, "icons")
        .iter()
        .flat_map(|l| quoted(l))
        .collect();
    for icon in &icons {
        assert!(root().join(icon).is_file(), "{icon} missing");
    }
    for needed in [".icns", ".ico", "-512.png"] {
        assert!(
            icons.iter().any(|i| i.ends_with(needed)),
            "no {needed} icon"
        );
    }
    // File associations: the same extensions and MIME types as the Linux ones.
    let associations = cargo_array(&section, "file-associations");
    let mut by_mime = BTreeMap::new();
    for line in associations.iter().filter(|l| l.contains("extensions")) {
        let values = quoted(line);
        let extension = values[0].clone();
        let mime = values
            .iter()
            .position(|v| v.starts_with("application/"))
            .map(|i| values[i].clone())
            .expect("mime-type");
        by_mime.insert(mime, extension);
    }
    assert_eq!(by_mime.len(), 2);
    for (mime, extension) in &by_mime {
        assert_eq!(mime_type(mime).globs, [format!("*.{extension}")]);
    }
    // The macOS Info.plist additions declare those same types.
    let plist_path = cargo_section("package.metadata.packager.macos")
        .iter()
        .find_map(|l| {
            l.starts_with("info-plist-path")
                .then(|| quoted(l)[0].clone())
        })
        .expect("info-plist-path");
    let plist = xml_file(&plist_path);
    let dict = plist.one("dict");
    let text = read(&plist_path);
    for (mime, extension) in &by_mime {
        assert!(
            text.contains(&format!("<string>{extension}</string>")),
            "{plist_path}: no .{extension}"
        );
        assert!(text.contains(mime.as_str()), "{plist_path}: no {mime}");
    }
    assert!(
        dict.all("key")
            .any(|k| k.text() == "UTExportedTypeDeclarations")
    );
}

#[test]
fn nsis_script_takes_its_version_from_outside_and_associates_the_same_types() {
    let script = read("packaging/windows/nebutil.nsi");
    // VERSION comes from Cargo.toml (the build script passes it): never written in.
    assert!(!script.contains("!define VERSION"));
    assert!(script.contains("!error"));
    for (mime, extension) in [
        ("application/x-nebula-report", "cr"),
        ("application/x-nebula-nbt", "nbt"),
    ] {
        assert_eq!(mime_type(mime).globs, [format!("*.{extension}")]);
        assert!(
            script.contains(&format!("\".{extension}\"")),
            "no .{extension} association"
        );
    }
    // Files it packs, relative to packaging/windows.
    for line in script.lines().map(str::trim) {
        let files = if let Some(rest) = line.strip_prefix("File ") {
            quoted(rest).into_iter().skip(1).collect()
        } else if line.starts_with("!define MUI_ICON") || line.starts_with("!define MUI_UNICON") {
            quoted(line)
        } else {
            continue;
        };
        for file in files.into_iter().filter(|f| !f.contains("${")) {
            let path = root()
                .join("packaging/windows")
                .join(file.replace('\\', "/"));
            assert!(path.is_file(), "{}: missing", path.display());
        }
    }
}

#[test]
fn debian_changelog_starts_with_this_version() {
    let changelog = read("packaging/linux/changelog");
    let first = changelog.lines().next().unwrap_or_default();
    let expected = format!("nebutil ({}-1) ", env!("CARGO_PKG_VERSION"));
    assert!(first.starts_with(&expected), "{first}");
    let section = cargo_section("package.metadata.deb");
    assert_eq!(
        cargo_value(&section, "changelog").as_deref(),
        Some("packaging/linux/changelog")
    );
}

#[test]
fn manual_page_names_this_version_and_every_sub_command() {
    let page = read("packaging/linux/nebutil.1");
    let header = page
        .lines()
        .find(|l| l.starts_with(".TH "))
        .expect(".TH line");
    assert!(
        header.contains(&format!("\"nebutil {}\"", env!("CARGO_PKG_VERSION"))),
        "{header}"
    );
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_nebutil"))
        .arg("--help")
        .output()
        .expect("nebutil runs");
    let help = String::from_utf8_lossy(&help.stdout).to_string();
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.contains(&"report"), "{help}");
    let described: Vec<&str> = page
        .lines()
        .skip_while(|l| *l != ".SH COMMANDS")
        .take_while(|l| !l.starts_with(".SH EXIT"))
        .filter_map(|l| {
            l.strip_prefix(".B ")
                .or_else(|| l.strip_prefix(".BR "))
                .and_then(|rest| rest.split_whitespace().next())
        })
        .collect();
    for command in commands {
        assert!(
            described.contains(&command),
            "nebutil.1 does not describe `{command}`"
        );
    }
}
