//! "Exporter la carte": the map as a picture — SVG for print, PNG at the
//! panel's size or larger — as it is viewed (or the whole galaxy), with or
//! without the draft's orders, with its legend.
//!
//! The picture is drawn by the map's own code: [`draw::paint_shapes`] into a
//! recording [`MeshPainter`] gives the shapes ([`Primitive`]s), the labels and
//! badges come from the same [`draw::annotate`]; a legend box (the owners, their
//! colours and counts, a heading with the game, the player and the turn) is
//! added in the top-left corner, where the map shows its legend. The SVG is
//! written by hand; the PNG is that SVG rasterised by `resvg` with the app's own
//! font (egui's Ubuntu-Light), never a system font, so that labels look the same
//! everywhere.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use egui::{Color32, Pos2, Rect, Vec2};

use super::draft::{DraftLayer, STEP_FONT_SIZE};
use super::draw::{
    self, AnnotationStyle, Frame, Highlights, LABEL_FONT_SIZE, MapLayer, MeshPainter, Palette,
    Primitive,
};
use super::layout::{LegendEntry, MapLayout, OwnerKey};
use super::view::MapView;
use crate::gui::path_prompt::{self, DialogAnswer, PathPrompt, PromptTexts, path_prompt_window};
use crate::i18n::{Lang, tr, tr_args};

/// The picture's size when the map was never shown (points).
pub const DEFAULT_SIZE: Vec2 = Vec2::new(1280.0, 800.0);
/// The font family written in the SVG (the app's font first).
pub const FONT_FAMILY: &str = "Ubuntu, 'Ubuntu Light', sans-serif";
/// Owners listed in the picture's legend (the others are counted).
const LEGEND_OWNERS: usize = 16;

/// The picture's file format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ExportFormat {
    #[default]
    Png,
    Svg,
}

impl ExportFormat {
    pub fn extension(self) -> &'static str {
        match self {
            ExportFormat::Png => "png",
            ExportFormat::Svg => "svg",
        }
    }

    /// The format a path's extension names, if any.
    pub fn of_path(path: &Path) -> Option<Self> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "png" => Some(ExportFormat::Png),
            "svg" => Some(ExportFormat::Svg),
            _ => None,
        }
    }
}

/// `path`, given the format's extension when it has none.
pub fn with_extension(path: PathBuf, format: ExportFormat) -> PathBuf {
    if path.extension().is_some() {
        path
    } else {
        path.with_extension(format.extension())
    }
}

/// What the picture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportOptions {
    pub format: ExportFormat,
    /// PNG pixels per point: 1 (the panel's size) or more.
    pub scale: u32,
    /// The whole galaxy (else the view on screen).
    pub whole: bool,
    /// The draft's orders drawn.
    pub with_draft: bool,
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions {
            format: ExportFormat::Png,
            scale: 2,
            whole: false,
            with_draft: true,
        }
    }
}

/// The legend of the picture: a heading and one line per owner.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LegendBox {
    /// "LYRA · "Maxtor":5 — tour 7".
    pub heading: String,
    pub lines: Vec<LegendLine>,
}

/// One line of the legend: an owner's colour (none: a note), name and counts.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendLine {
    pub color: Option<Color32>,
    pub text: String,
}

impl LegendBox {
    /// The legend of `entries` (the layout's), in `lang`; `me` names the player.
    pub fn new(heading: String, entries: &[LegendEntry], me: Option<&str>, lang: Lang) -> Self {
        let mut lines: Vec<LegendLine> = entries
            .iter()
            .take(LEGEND_OWNERS)
            .map(|entry| {
                let name = match &entry.owner {
                    OwnerKey::Me => {
                        tr_args(lang, "gui-map-legend-me", &[("name", me.unwrap_or("?"))])
                    }
                    OwnerKey::Player(name) => name.to_string(),
                    OwnerKey::Neutral => tr(lang, "gui-map-legend-neutral"),
                    OwnerKey::Unknown => tr(lang, "gui-map-legend-unknown"),
                };
                let counts = tr_args(
                    lang,
                    "gui-map-legend-counts",
                    &[
                        ("worlds", &entry.worlds.to_string()),
                        ("fleets", &entry.fleets.to_string()),
                    ],
                );
                LegendLine {
                    color: Some(entry.color),
                    text: format!("{name} : {counts}"),
                }
            })
            .collect();
        if entries.len() > LEGEND_OWNERS {
            lines.push(LegendLine {
                color: None,
                text: tr_args(
                    lang,
                    "gui-map-legend-more",
                    &[("count", &(entries.len() - LEGEND_OWNERS).to_string())],
                ),
            });
        }
        LegendBox { heading, lines }
    }
}

/// A text of the picture: starting at `left_center` (its left end, the middle
/// of its row).
#[derive(Clone, Debug, PartialEq)]
pub struct SceneText {
    pub left_center: Pos2,
    pub text: String,
    pub size: f32,
    pub color: Color32,
}

/// The map as a vector picture: its size (points), background, shapes and
/// texts over them, in drawing order.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub size: Vec2,
    pub background: Color32,
    pub shapes: Vec<Primitive>,
    pub texts: Vec<SceneText>,
}

/// The picture of `layout` seen through `view` in a panel of `size` points,
/// the draft's layer drawn when given, `legend` in the top-left corner. `None`
/// before the galaxy is known.
pub fn build_scene(
    layout: &MapLayout,
    view: MapView,
    size: Vec2,
    palette: &Palette,
    style: &AnnotationStyle,
    draft: Option<&DraftLayer<'_>>,
    legend: &LegendBox,
) -> Option<Scene> {
    let rect = Rect::from_min_size(Pos2::ZERO, size);
    let mut frame = Frame::new(layout, view, rect, rect)?;
    let (legend_rect, legend_shapes, legend_texts) = legend_box(legend, rect, palette, style);
    frame.reserved.push(legend_rect);
    let highlights = Highlights::default();
    let annotations = draw::annotate(&frame, &highlights, style);
    let mut out = MeshPainter::recording();
    let layers: Vec<&dyn MapLayer> = draft.iter().map(|d| *d as &dyn MapLayer).collect();
    draw::paint_shapes(
        &mut out,
        &frame,
        palette,
        &highlights,
        &annotations,
        &layers,
    );
    let mut texts: Vec<SceneText> = draw::map_texts(&frame, &annotations, palette)
        .into_iter()
        .map(|t| SceneText {
            left_center: t.left_center,
            text: t.text.to_string(),
            size: t.size,
            color: t.color,
        })
        .collect();
    if let Some(draft) = draft {
        let metrics = &style.label;
        let ratio = STEP_FONT_SIZE / LABEL_FONT_SIZE;
        let counts = draft.step_counts(&frame, palette, &mut |text, _| {
            Vec2::new(metrics.width(text) * ratio, metrics.height * ratio)
        });
        texts.extend(counts.into_iter().map(|c| SceneText {
            left_center: c.rect.left_center(),
            text: c.text,
            size: STEP_FONT_SIZE,
            color: c.color,
        }));
    }
    let mut shapes = out.into_recorded();
    shapes.extend(legend_shapes);
    texts.extend(legend_texts);
    Some(Scene {
        size,
        background: palette.background,
        shapes,
        texts,
    })
}

/// The legend box in the top-left corner of `rect`: its rectangle, shapes and
/// texts (one row per line, the heading first).
fn legend_box(
    legend: &LegendBox,
    rect: Rect,
    palette: &Palette,
    style: &AnnotationStyle,
) -> (Rect, Vec<Primitive>, Vec<SceneText>) {
    let metrics = &style.label;
    let row = metrics.height.max(LABEL_FONT_SIZE) + 4.0;
    let pad = 8.0;
    let swatch = 16.0;
    let width = std::iter::once(metrics.width(&legend.heading))
        .chain(legend.lines.iter().map(|l| swatch + metrics.width(&l.text)))
        .fold(0.0f32, f32::max)
        + 2.0 * pad;
    let rows = 1 + legend.lines.len();
    let height = rows as f32 * row + 2.0 * pad;
    let area = Rect::from_min_size(rect.min + Vec2::splat(8.0), Vec2::new(width, height));
    let mut shapes = vec![Primitive::Rect {
        rect: area,
        color: palette.background.gamma_multiply(0.92),
    }];
    let corners = [
        area.left_top(),
        area.right_top(),
        area.right_bottom(),
        area.left_bottom(),
        area.left_top(),
    ];
    for side in corners.windows(2) {
        shapes.push(Primitive::Line {
            a: side[0],
            b: side[1],
            width: 1.0,
            color: palette.link,
        });
    }
    let mut texts = Vec::new();
    let left = area.left() + pad;
    let mut y = area.top() + pad + row / 2.0;
    texts.push(SceneText {
        left_center: Pos2::new(left, y),
        text: legend.heading.clone(),
        size: LABEL_FONT_SIZE,
        color: palette.text,
    });
    for line in &legend.lines {
        y += row;
        let mut x = left;
        if let Some(color) = line.color {
            shapes.push(Primitive::Disc {
                c: Pos2::new(left + 5.0, y),
                r: 5.0,
                color,
            });
            x += swatch;
        }
        texts.push(SceneText {
            left_center: Pos2::new(x, y),
            text: line.text.clone(),
            size: LABEL_FONT_SIZE,
            color: palette.text,
        });
    }
    (area, shapes, texts)
}

/// `text` escaped for XML.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0.
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => {}
            c => out.push(c),
        }
    }
    out
}

/// A number with at most two decimals.
fn num(v: f32) -> String {
    let v = if v.is_finite() { v } else { 0.0 };
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// `fill="…"` (and its opacity) of a colour; `attr` is `fill` or `stroke`.
fn paint_attr(attr: &str, color: Color32) -> String {
    let [r, g, b, a] = color.to_srgba_unmultiplied();
    if a == 255 {
        format!("{attr}=\"#{r:02x}{g:02x}{b:02x}\"")
    } else {
        format!(
            "{attr}=\"#{r:02x}{g:02x}{b:02x}\" {attr}-opacity=\"{}\"",
            num(f32::from(a) / 255.0)
        )
    }
}

/// The baseline of a text whose row is centred on `y` (egui centres the row;
/// the app's font rises 0.93 em and falls 0.19 em).
fn baseline(y: f32, size: f32) -> f32 {
    y + 0.37 * size
}

/// The scene as an SVG document (UTF-8).
pub fn to_svg(scene: &Scene) -> String {
    let (w, h) = (num(scene.size.x), num(scene.size.y));
    let mut s = String::new();
    let _ = writeln!(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">"
    );
    let _ = writeln!(
        s,
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" {}/>",
        paint_attr("fill", scene.background)
    );
    let _ = writeln!(s, "<g stroke-linecap=\"butt\">");
    for shape in &scene.shapes {
        let _ = match *shape {
            Primitive::Line { a, b, width, color } => writeln!(
                s,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke-width=\"{}\" {}/>",
                num(a.x),
                num(a.y),
                num(b.x),
                num(b.y),
                num(width),
                paint_attr("stroke", color)
            ),
            Primitive::Disc { c, r, color } => writeln!(
                s,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {}/>",
                num(c.x),
                num(c.y),
                num(r),
                paint_attr("fill", color)
            ),
            Primitive::Ring { c, r, width, color } => writeln!(
                s,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke-width=\"{}\" {}/>",
                num(c.x),
                num(c.y),
                num(r),
                num(width),
                paint_attr("stroke", color)
            ),
            Primitive::Triangle { points, color } => writeln!(
                s,
                "<polygon points=\"{},{} {},{} {},{}\" {}/>",
                num(points[0].x),
                num(points[0].y),
                num(points[1].x),
                num(points[1].y),
                num(points[2].x),
                num(points[2].y),
                paint_attr("fill", color)
            ),
            Primitive::Rect { rect, color } => writeln!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" {}/>",
                num(rect.left()),
                num(rect.top()),
                num(rect.width()),
                num(rect.height()),
                paint_attr("fill", color)
            ),
        };
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(s, "<g font-family=\"{FONT_FAMILY}\">");
    for text in &scene.texts {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" {}>{}</text>",
            num(text.left_center.x),
            num(baseline(text.left_center.y, text.size)),
            num(text.size),
            paint_attr("fill", text.color),
            escape(&text.text)
        );
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(s, "</svg>");
    s
}

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("SVG: {0}")]
    Svg(String),
    #[error("{0}×{1} px")]
    Size(u32, u32),
    #[error("PNG: {0}")]
    Png(String),
}

/// The app's own font (egui's proportional font), for the PNG's texts.
fn app_font() -> Option<Vec<u8>> {
    let fonts = egui::FontDefinitions::default();
    let family = fonts.families.get(&egui::FontFamily::Proportional)?;
    let name = family.first()?;
    fonts.font_data.get(name).map(|f| f.bytes().to_vec())
}

/// The SVG `svg` rasterised at `scale` pixels per point, as a PNG file's bytes;
/// texts in the app's font only.
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>, ExportError> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    let db = options.fontdb_mut();
    if let Some(font) = app_font() {
        db.load_font_data(font);
    }
    let family = db
        .faces()
        .next()
        .and_then(|f| f.families.first())
        .map(|(name, _)| name.clone());
    if let Some(family) = family {
        db.set_sans_serif_family(family.clone());
        options.font_family = family;
    }
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| ExportError::Svg(e.to_string()))?;
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale).round() as u32,
        (size.height() * scale).round() as u32,
    );
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(ExportError::Size(w, h))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| ExportError::Png(e.to_string()))
}

/// The file's bytes for `scene` in `options`' format.
pub fn encode(scene: &Scene, options: &ExportOptions) -> Result<Vec<u8>, ExportError> {
    let svg = to_svg(scene);
    match options.format {
        ExportFormat::Svg => Ok(svg.into_bytes()),
        ExportFormat::Png => svg_to_png(&svg, options.scale.clamp(1, 4) as f32),
    }
}

/// The file name offered (no extension): `carte_<game>_t<turn>`, the game's
/// name kept to letters, digits, `-` and `_`.
pub fn file_stem(game: Option<&str>, turn: Option<u32>) -> String {
    let mut stem = "carte".to_string();
    let game: String = game
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    if !game.is_empty() {
        stem.push('_');
        stem.push_str(&game);
    }
    if let Some(turn) = turn {
        let _ = write!(stem, "_t{turn}");
    }
    stem
}

/// The window "Exporter la carte": its options, the typed-path window, what
/// the last export did.
#[derive(Clone, Debug, Default)]
pub struct ExportWindow {
    pub open: bool,
    pub options: ExportOptions,
    /// Where the file is offered (a folder), and its name without extension.
    pub folder: Option<PathBuf>,
    pub name: String,
    path_prompt: PathPrompt,
    /// The last export: the file written, or the file and the error.
    pub status: Option<Result<PathBuf, (PathBuf, String)>>,
}

impl ExportWindow {
    /// Opens the window, offering `name` (no extension) in `folder`.
    pub fn show(&mut self, folder: Option<PathBuf>, name: String) {
        self.open = true;
        self.folder = folder;
        self.name = name;
        self.status = None;
    }

    /// The path offered for the format chosen.
    pub fn offered_path(&self) -> PathBuf {
        let file = format!("{}.{}", self.name, self.options.format.extension());
        match &self.folder {
            Some(folder) => folder.join(file),
            None => PathBuf::from(file),
        }
    }
}

/// What the window asked for this frame: a file to write.
pub(super) fn export_window_ui(
    ctx: &egui::Context,
    window: &mut ExportWindow,
    lang: Lang,
) -> Option<PathBuf> {
    let mut chosen = None;
    if window.open {
        let mut open = true;
        crate::gui::windows::app_window(ctx, tr(lang, "gui-map-export-title"))
            .id(egui::Id::unique("map-export-window"))
            .open(&mut open)
            .resizable(false)
            .collapsible(false)
            .show(ctx, |ui| options_ui(ui, window, lang, &mut chosen));
        if !open || ui_escape(ctx) {
            window.open = false;
        }
    }
    let texts = PromptTexts {
        title: tr(lang, "gui-map-export-path-title"),
        help: None,
        label: tr(lang, "gui-map-export-path-label"),
        multiline: false,
        cancel: tr(lang, "gui-cancel"),
    };
    let buttons = [((), tr(lang, "gui-map-export-path-save"))];
    if let Some(((), paths)) = path_prompt_window(
        ctx,
        "map-export-path-window",
        &mut window.path_prompt,
        &texts,
        &buttons,
    ) {
        chosen = paths.into_iter().next();
    }
    chosen.map(|path| with_extension(path, window.options.format))
}

fn ui_escape(ctx: &egui::Context) -> bool {
    ctx.input(|i| i.key_pressed(egui::Key::Escape))
}

/// The window's options, buttons and status.
fn options_ui(
    ui: &mut egui::Ui,
    window: &mut ExportWindow,
    lang: Lang,
    chosen: &mut Option<PathBuf>,
) {
    let options = &mut window.options;
    ui.horizontal(|ui| {
        ui.label(tr(lang, "gui-map-export-format"));
        ui.radio_value(&mut options.format, ExportFormat::Png, "PNG");
        ui.radio_value(&mut options.format, ExportFormat::Svg, "SVG");
    });
    if options.format == ExportFormat::Png {
        ui.horizontal(|ui| {
            ui.label(tr(lang, "gui-map-export-scale"));
            for scale in [1, 2, 3] {
                ui.radio_value(&mut options.scale, scale, format!("×{scale}"));
            }
        });
    }
    ui.horizontal(|ui| {
        ui.radio_value(&mut options.whole, false, tr(lang, "gui-map-export-view"));
        ui.radio_value(&mut options.whole, true, tr(lang, "gui-map-export-whole"));
    });
    ui.checkbox(&mut options.with_draft, tr(lang, "gui-map-export-draft"));
    ui.horizontal(|ui| {
        if ui.button(tr(lang, "gui-map-export-save")).clicked() {
            *chosen = save_dialog(window, lang);
        }
        if ui.button(tr(lang, "gui-map-export-save-path")).clicked() {
            let offered = window.offered_path().display().to_string();
            window.path_prompt.show(offered);
        }
    });
    match &window.status {
        Some(Ok(path)) => {
            ui.label(tr_args(
                lang,
                "gui-map-exported",
                &[("file", &path.display().to_string())],
            ));
        }
        Some(Err((path, error))) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                tr_args(
                    lang,
                    "gui-map-export-failed",
                    &[("file", &path.display().to_string()), ("error", error)],
                ),
            );
        }
        None => {}
    }
}

/// The system's save dialog; without one, the typed-path window.
fn save_dialog(window: &mut ExportWindow, lang: Lang) -> Option<PathBuf> {
    let offered = window.offered_path();
    let ext = window.options.format.extension();
    let mut dialog = rfd::FileDialog::new()
        .set_title(tr(lang, "gui-map-export-title"))
        .add_filter(ext.to_ascii_uppercase(), &[ext]);
    if let Some(name) = offered.file_name() {
        dialog = dialog.set_file_name(name.to_string_lossy());
    }
    if let Some(dir) = offered.parent().filter(|d| d.is_dir()) {
        dialog = dialog.set_directory(dir);
    }
    match path_prompt::ask(|| dialog.save_file()) {
        DialogAnswer::Picked(path) => Some(path),
        DialogAnswer::Unavailable => {
            window.path_prompt.show(offered.display().to_string());
            None
        }
        DialogAnswer::Cancelled => None,
    }
}

/// Writes `bytes` to `path` (synced), the window's status saying so.
pub fn write(window: &mut ExportWindow, path: PathBuf, bytes: Result<Vec<u8>, String>) {
    let written = bytes.and_then(|bytes| {
        crate::storage::write_atomic(&path, &bytes, crate::storage::Durability::Synced)
            .map_err(|e| e.to_string())
    });
    window.status = Some(match written {
        Ok(()) => {
            window.folder = path.parent().map(Path::to_path_buf);
            Ok(path)
        }
        Err(error) => Err((path, error)),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_numbers_short() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.256), "1.26");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(f32::NAN), "0");
    }

    #[test]
    fn the_format_follows_the_extension() {
        assert_eq!(
            ExportFormat::of_path(Path::new("a/carte.SVG")),
            Some(ExportFormat::Svg)
        );
        assert_eq!(
            ExportFormat::of_path(Path::new("carte.png")),
            Some(ExportFormat::Png)
        );
        assert_eq!(ExportFormat::of_path(Path::new("carte")), None);
        assert_eq!(
            with_extension(PathBuf::from("a/carte"), ExportFormat::Svg),
            PathBuf::from("a/carte.svg")
        );
        assert_eq!(
            with_extension(PathBuf::from("carte.PNG"), ExportFormat::Svg),
            PathBuf::from("carte.PNG")
        );
    }
}
