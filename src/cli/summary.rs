//! The readable summary of `nebutil report`: header, counts, the player's own
//! worlds and fleets as tables (values in the CR's notation, `?` = unknown), then
//! the diagnostics as `file:line:col: severity[code]: message`.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::i18n::{Lang, tr, tr_args};
use crate::model::view::{
    FleetView, PlayerRef, TraceView, TreasureView, TurnView, WorldView, same_text,
};
use crate::report::{Sink, SplitSink};

use super::json::{FileDiagnostic, is_described, owned_by};

// The cells of the tables are written in place into one buffer (see [`Table`]),
// numbers digit by digit: a summary of a big CR has hundreds of thousands of them,
// and `write!` would cost most of the command's time.

/// The decimal digits of 0 to 99, two by two.
const DIGIT_PAIRS: &[u8; 200] = b"\
0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Appends `n` in decimal.
fn number(out: &mut Cells, n: u32) {
    let pair = |n: u32| {
        let at = 2 * n as usize;
        DIGIT_PAIRS.get(at..at + 2).unwrap_or(b"??")
    };
    // One or two digits (most values), without a copy of a buffer.
    if n < 10 {
        out.bytes.push(b'0' + n as u8);
        return;
    }
    if n < 100 {
        out.bytes.extend_from_slice(pair(n));
        return;
    }
    let count = match n {
        0..=999 => 3,
        1_000..=9_999 => 4,
        10_000..=99_999 => 5,
        100_000..=999_999 => 6,
        1_000_000..=9_999_999 => 7,
        10_000_000..=99_999_999 => 8,
        100_000_000..=999_999_999 => 9,
        _ => 10,
    };
    // The digits from the last, two at a time.
    let mut digits = [0u8; 10];
    let mut end = count;
    let mut rest = n;
    while rest >= 100 {
        end -= 2;
        if let Some(slot) = digits.get_mut(end..end + 2) {
            slot.copy_from_slice(pair(rest % 100));
        }
        rest /= 100;
    }
    if rest >= 10 {
        if let Some(slot) = digits.get_mut(end.saturating_sub(2)..end) {
            slot.copy_from_slice(pair(rest));
        }
    } else if let Some(digit) = digits.get_mut(end.saturating_sub(1)) {
        *digit = b'0' + rest as u8;
    }
    extend_by_block(&mut out.bytes, &digits, count);
}

/// Appends the first `len` bytes of `block` (at most its size): the whole
/// block copied at once, those after dropped — no copy of a length known only
/// at run time (a call to `memcpy` for a few bytes, millions of times).
fn extend_by_block<const N: usize>(out: &mut Vec<u8>, block: &[u8; N], len: usize) {
    let at = out.len();
    out.extend_from_slice(block);
    out.truncate(at + len.min(N));
}

/// The cells of a [`Table`], written in place: UTF-8 text, as bytes (a
/// number's digits copied at once, never checked again).
#[derive(Default)]
struct Cells {
    bytes: Vec<u8>,
    /// Where the last text that is not ASCII ends: the cells that begin there
    /// or later are ASCII, their width is their length (all the cells of a
    /// summary but a header's).
    non_ascii_until: usize,
}

impl Cells {
    fn push(&mut self, c: char) {
        if c.is_ascii() {
            self.bytes.push(c as u8);
        } else {
            let mut bytes = [0u8; 4];
            self.push_str(c.encode_utf8(&mut bytes));
        }
    }

    fn push_str(&mut self, text: &str) {
        self.bytes.extend_from_slice(text.as_bytes());
        if !text.is_ascii() {
            self.non_ascii_until = self.bytes.len();
        }
    }

    fn len(&self) -> usize {
        self.bytes.len()
    }

    /// The width in characters of the cell `start..end`.
    fn width(&self, start: usize, end: usize) -> usize {
        if start >= self.non_ascii_until {
            end.saturating_sub(start)
        } else {
            width(self.bytes.get(start..end).unwrap_or_default())
        }
    }
}

fn opt(out: &mut Cells, value: Option<u32>) {
    match value {
        Some(v) => number(out, v),
        None => out.push('?'),
    }
}

/// The world's number as the CR writes it: `Md_127`, `M#12`, `M_5`.
fn world_id(out: &mut Cells, w: &WorldView) {
    let mark = if w.start_world {
        "Md_"
    } else if w.bombed {
        "M#"
    } else {
        "M_"
    };
    out.push_str(mark);
    number(out, w.id);
}

fn connections(out: &mut Cells, w: &WorldView) {
    match &w.connections {
        None if w.black_hole => out.push_str("* Trou noir *"),
        None => out.push('?'),
        Some(list) => {
            for (i, c) in list.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if c.black_hole {
                    out.push('@');
                }
                number(out, c.world);
            }
        }
    }
}

fn industries(out: &mut Cells, w: &WorldView) {
    match (w.active_industries(), w.industries()) {
        (Some(a), Some(n)) if a != n => {
            number(out, a);
            out.push('/');
            number(out, n);
        }
        (_, Some(n)) => number(out, n),
        (_, None) => out.push('?'),
    }
}

fn population(out: &mut Cells, w: &WorldView) {
    let limit = |out: &mut Cells| {
        if let Some(l) = w.pop_limit() {
            out.push('(');
            number(out, l);
            out.push(')');
        }
    };
    match (w.population(), w.robots()) {
        (_, Some(r)) if r > 0 => {
            number(out, r);
            out.push('R');
            limit(out);
        }
        (Some(p), _) => {
            number(out, p);
            limit(out);
            if let Some(c) = w.converts().filter(|&c| c > 0) {
                out.push('/');
                number(out, c);
                out.push('C');
            }
        }
        (None, _) => out.push('?'),
    }
}

fn mp(out: &mut Cells, w: &WorldView) {
    if w.mp().is_none() && w.mining().is_none() {
        out.push('?');
        return;
    }
    opt(out, w.mp());
    out.push_str("(+");
    opt(out, w.mining());
    out.push(')');
}

fn coords(out: &mut Cells, w: &WorldView) {
    let Some(c) = w.coords else {
        out.push('?');
        return;
    };
    if w.coords_approximate {
        out.push('~');
    }
    out.push('[');
    number(out, c.x);
    out.push(',');
    number(out, c.y);
    out.push(']');
}

fn fleet_id(out: &mut Cells, f: &FleetView) {
    out.push_str(if f.bomb { "F#" } else { "F_" });
    number(out, f.id);
}

fn fleet_world(out: &mut Cells, f: &FleetView) {
    match f.world {
        Some(w) => {
            out.push_str("M_");
            number(out, w);
        }
        None => out.push('?'),
    }
}

fn cargo(out: &mut Cells, f: &FleetView) {
    let Some(c) = f.cargo else {
        out.push('?');
        return;
    };
    let start = out.len();
    let item = |out: &mut Cells, n: u32, suffix: &str| {
        if n > 0 {
            if out.len() > start {
                out.push(',');
            }
            number(out, n);
            out.push_str(suffix);
        }
    };
    item(out, c.mp, "");
    item(out, c.n, "N");
    item(out, c.c, "C");
    item(out, c.r, "R");
    if out.len() == start {
        out.push('-');
    }
}

/// A table whose cells are written into one buffer as they come, then laid out
/// in left-aligned columns separated by two spaces, each line indented by two
/// and its trailing blanks trimmed.
struct Table {
    cells: Cells,
    /// Where each cell ends in `cells`, row after row (a part's cells are far
    /// under 4 GiB: a CR is at most 64 MiB).
    ends: Vec<u32>,
    /// The widest cell of each column, in characters (of the later rows too).
    widths: Vec<usize>,
    /// The column of the next cell.
    column: usize,
    /// The rows of later parts of the CR, read on other threads
    /// ([`Table::join`]): laid out after these, not copied.
    later: Vec<Table>,
}

/// The width of a cell in characters (its bytes are UTF-8: those that do not
/// continue a character).
fn width(cell: &[u8]) -> usize {
    if cell.is_ascii() {
        cell.len()
    } else {
        cell.iter().filter(|&&b| b & 0xc0 != 0x80).count()
    }
}

/// How much laid-out text is written at once by [`Table::write_rows`].
const WRITTEN_AT_ONCE: usize = 64 * 1024;

impl Table {
    fn new(lang: Lang, header_ids: &[&str]) -> Table {
        let mut table = Table::headless(header_ids.len());
        for id in header_ids {
            let label = tr(lang, id);
            table.cell(|out| out.push_str(&label));
        }
        table
    }

    /// A table of `columns` columns without its header row: the rows of a
    /// later part of a CR read on another thread, joined after ([`Table::join`]).
    fn headless(columns: usize) -> Table {
        Table {
            cells: Cells::default(),
            ends: Vec::new(),
            widths: vec![0; columns],
            column: 0,
            later: Vec::new(),
        }
    }

    /// Appends the rows of `later` (a [`Table::headless`] of as many columns).
    fn join(&mut self, mut later: Table) {
        for (widest, &width) in self.widths.iter_mut().zip(&later.widths) {
            *widest = (*widest).max(width);
        }
        let parts = std::mem::take(&mut later.later);
        self.later.push(later);
        self.later.extend(parts);
    }

    /// Appends the next cell (rows fill from left to right).
    fn cell(&mut self, write: impl FnOnce(&mut Cells)) {
        let start = self.cells.len();
        write(&mut self.cells);
        let end = self.cells.len();
        let cell_width = self.cells.width(start, end);
        if let Some(widest) = self.widths.get_mut(self.column) {
            *widest = (*widest).max(cell_width);
        }
        self.column += 1;
        if self.column >= self.widths.len() {
            self.column = 0;
        }
        self.ends.push(u32::try_from(end).unwrap_or(u32::MAX));
    }

    /// Lays the table out line by line into `out`. A big table of several
    /// parts is laid out on every core, each part held laid out until written
    /// (about the size of its cells).
    fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        let parts: Vec<&Table> = std::iter::once(self).chain(&self.later).collect();
        let cells: usize = parts.iter().map(|part| part.cells.len()).sum();
        let threads = if cells >= LAY_OUT_ON_EVERY_CORE_FROM {
            std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
        } else {
            1
        };
        self.write_on(out, &parts, threads)
    }

    /// [`Table::write_to`] of `parts` (this table, then its later parts) on
    /// `threads` threads.
    fn write_on(&self, out: &mut dyn Write, parts: &[&Table], threads: usize) -> io::Result<()> {
        if threads < 2 || parts.len() < 2 {
            let mut text = Vec::new();
            for part in parts.iter() {
                part.write_rows(out, &self.widths, &mut text)?;
            }
            return Ok(());
        }
        // The parts (a big CR's slices, read on every core) laid out on every
        // core too, each into a text of its own, then written in order.
        let laid_out: Vec<Mutex<Vec<u8>>> = parts.iter().map(|_| Mutex::default()).collect();
        let next = AtomicUsize::new(0);
        let work = || {
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let (Some(part), Some(slot)) = (parts.get(k), laid_out.get(k)) else {
                    break;
                };
                let mut text = Vec::with_capacity(part.cells.len() * 2);
                part.lay_out_rows(&mut text, &self.widths, 0, usize::MAX);
                if let Ok(mut slot) = slot.lock() {
                    *slot = text;
                }
            }
        };
        crate::parallel::on_threads(threads.min(parts.len()), work);
        let mut text = Vec::new();
        for (part, slot) in parts.iter().zip(laid_out) {
            match slot.into_inner() {
                Ok(laid) if !laid.is_empty() || part.ends.is_empty() => out.write_all(&laid)?,
                // A helper that panicked left its part: laid out here.
                _ => part.write_rows(out, &self.widths, &mut text)?,
            }
        }
        Ok(())
    }

    /// [`Table::write_to`] of this part's rows, in columns of `widths`, laid
    /// out through `text` a few lines at a time.
    fn write_rows(
        &self,
        out: &mut dyn Write,
        widths: &[usize],
        text: &mut Vec<u8>,
    ) -> io::Result<()> {
        let mut row = 0;
        loop {
            text.clear();
            row = self.lay_out_rows(text, widths, row, WRITTEN_AT_ONCE);
            if text.is_empty() {
                return Ok(());
            }
            out.write_all(text)?;
        }
    }

    /// Appends the rows from `first` in columns of `widths` to `text`, until
    /// `text` holds `enough` bytes or more: returns the next row to lay out.
    fn lay_out_rows(
        &self,
        text: &mut Vec<u8>,
        widths: &[usize],
        first: usize,
        enough: usize,
    ) -> usize {
        let columns = widths.len().max(1);
        let mut row = first;
        let mut start = first
            .checked_mul(columns)
            .and_then(|i| i.checked_sub(1))
            .and_then(|i| self.ends.get(i))
            .map_or(0, |&end| end as usize);
        for ends in self
            .ends
            .get(first.saturating_mul(columns)..)
            .unwrap_or_default()
            .chunks_exact(columns)
        {
            if text.len() >= enough {
                break;
            }
            let line_start = text.len();
            text.extend_from_slice(b"  ");
            for (column, &end) in ends.iter().enumerate() {
                let end = end as usize;
                copy_cell(text, &self.cells.bytes, start, end);
                if column + 1 < columns {
                    let pad = widths
                        .get(column)
                        .map_or(0, |w| w.saturating_sub(self.cells.width(start, end)))
                        + 2;
                    spaces(text, pad);
                }
                start = end;
            }
            trim_end(text, line_start);
            text.push(b'\n');
            row += 1;
        }
        row
    }
}

/// Drops the trailing blanks of the line of UTF-8 text that begins at `line_start`
/// in `text` (as `str::trim_end`).
fn trim_end(text: &mut Vec<u8>, line_start: usize) {
    // ASCII blanks (`char::is_whitespace`'s: tab to carriage return, space).
    while text.len() > line_start
        && text
            .last()
            .is_some_and(|b| matches!(b, b'\t'..=b'\r' | b' '))
    {
        text.pop();
    }
    // Another blank of Unicode (a no-break space …) ends the line: rare.
    if text.len() > line_start
        && text.last().is_some_and(|&b| b >= 0x80)
        && let Ok(line) = std::str::from_utf8(text.get(line_start..).unwrap_or_default())
    {
        let kept = line_start + line.trim_end().len();
        text.truncate(kept);
    }
}

/// The size of a table's cells (bytes) from which its parts are laid out on
/// every core ([`Table::write_to`]).
const LAY_OUT_ON_EVERY_CORE_FROM: usize = 1 << 20;

/// Appends `count` spaces.
fn spaces(out: &mut Vec<u8>, count: usize) {
    const SPACES: [u8; 32] = [b' '; 32];
    if count <= SPACES.len() {
        extend_by_block(out, &SPACES, count);
    } else {
        out.resize(out.len() + count, b' ');
    }
}

/// Appends the bytes `start..end` of `cells`.
fn copy_cell(out: &mut Vec<u8>, cells: &[u8], start: usize, end: usize) {
    const AT_ONCE: usize = 16;
    let len = end.saturating_sub(start);
    let chunk = cells
        .get(start..start + AT_ONCE)
        .and_then(|chunk| <&[u8; AT_ONCE]>::try_from(chunk).ok());
    match chunk {
        Some(chunk) if len <= AT_ONCE => extend_by_block(out, chunk, len),
        _ => out.extend_from_slice(cells.get(start..end).unwrap_or_default()),
    }
}

/// Writes the whole summary to `out`, table line by table line (a big CR's tables
/// are never held whole as text).
pub fn write_summary(
    out: &mut dyn Write,
    view: &TurnView,
    diagnostics: &[FileDiagnostic<'_>],
    lang: Lang,
) -> io::Result<()> {
    let mut rows = SummaryRows::new(lang);
    for w in &view.worlds {
        rows.world(w, view.player.as_ref());
    }
    for f in &view.fleets {
        rows.fleet(f, view.player.as_ref());
    }
    rows.traces = view.traces.len();
    rows.treasures = view.treasures.len();
    rows.write(out, view, diagnostics)
}

/// The summary's counts and tables, built world by world and fleet by fleet:
/// from a read view ([`write_summary`]) or as a streamed reading hands them
/// over ([`crate::report::read_report_streamed`], this is its sink): the two give the
/// same summary.
pub struct SummaryRows {
    lang: Lang,
    /// The player whose worlds and fleets are "own": the CR's player when the
    /// first world or fleet came; `None` before.
    me: Option<Option<String>>,
    /// A later world or fleet came with another player (a second `Joueur :`
    /// line): the rows are not the final player's ([`SummaryRows::is_for`]).
    player_changed: bool,
    /// "Me" was given ([`SummaryRows::for_player`]), not taken from the reading.
    fixed: bool,
    described: usize,
    fleets: usize,
    own_worlds: usize,
    own_fleets: usize,
    /// The traces and treasures counted: handed by a streamed reading (as a
    /// sink, the rows take them: [`Sink::takes_lists`]) or a read view's.
    traces: usize,
    treasures: usize,
    worlds_table: Table,
    fleets_table: Table,
}

impl SummaryRows {
    pub fn new(lang: Lang) -> Self {
        SummaryRows {
            lang,
            me: None,
            player_changed: false,
            fixed: false,
            described: 0,
            fleets: 0,
            own_worlds: 0,
            own_fleets: 0,
            traces: 0,
            treasures: 0,
            worlds_table: Table::new(
                lang,
                &[
                    "cli-col-world",
                    "cli-col-connections",
                    "cli-col-industries",
                    "cli-col-vi",
                    "cli-col-population",
                    "cli-col-vp",
                    "cli-col-mp",
                    "cli-col-coords",
                ],
            ),
            fleets_table: Table::new(
                lang,
                &[
                    "cli-col-fleet",
                    "cli-col-world",
                    "cli-col-vc",
                    "cli-col-vt",
                    "cli-col-cargo",
                ],
            ),
        }
    }

    /// Rows whose "own" worlds and fleets are `player`'s, whatever player the
    /// reading hands over: for a CR that does not name its player, once it is
    /// inferred ([`crate::report::infer`]).
    pub fn for_player(lang: Lang, player: Option<&PlayerRef>) -> Self {
        SummaryRows {
            me: Some(player.map(|p| p.name.clone())),
            fixed: true,
            ..SummaryRows::new(lang)
        }
    }

    /// True when the rows are those of `player` (the view's final player): no
    /// world or fleet came yet, or all came with that player.
    pub fn is_for(&self, player: Option<&PlayerRef>) -> bool {
        match &self.me {
            None => true,
            Some(me) => !self.player_changed && me.as_deref() == player.map(|p| p.name.as_str()),
        }
    }

    /// The name of "me", fixed by the first world or fleet.
    fn me(&mut self, player: Option<&PlayerRef>) -> Option<&str> {
        let now = player.map(|p| p.name.as_str());
        match &self.me {
            Some(_) if self.fixed => {}
            Some(me) if !same_name(me.as_deref(), now) => self.player_changed = true,
            Some(_) => {}
            None => self.me = Some(now.map(str::to_string)),
        }
        self.me.as_ref().and_then(|me| me.as_deref())
    }

    /// Counts a world; a row when it is the player's.
    pub fn world(&mut self, w: &WorldView, player: Option<&PlayerRef>) {
        if is_described(w) {
            self.described += 1;
        }
        let owner = w.owner.as_ref().and_then(|o| o.name.as_deref());
        if !owned_by(owner, self.me(player)) {
            return;
        }
        self.own_worlds += 1;
        let table = &mut self.worlds_table;
        table.cell(|out| world_id(out, w));
        table.cell(|out| connections(out, w));
        table.cell(|out| industries(out, w));
        table.cell(|out| opt(out, w.vi()));
        table.cell(|out| population(out, w));
        table.cell(|out| opt(out, w.vp()));
        table.cell(|out| mp(out, w));
        table.cell(|out| coords(out, w));
    }

    /// Counts a fleet; a row when it is the player's.
    pub fn fleet(&mut self, f: &FleetView, player: Option<&PlayerRef>) {
        self.fleets += 1;
        if !owned_by(f.owner.as_deref(), self.me(player)) {
            return;
        }
        self.own_fleets += 1;
        let table = &mut self.fleets_table;
        table.cell(|out| fleet_id(out, f));
        table.cell(|out| fleet_world(out, f));
        table.cell(|out| opt(out, f.vc));
        table.cell(|out| opt(out, f.vt));
        table.cell(|out| cargo(out, f));
    }

    /// Writes the summary: `view` gives the header (its worlds, fleets,
    /// traces and treasures are those handed to the rows).
    pub fn write(
        self,
        out: &mut dyn Write,
        view: &TurnView,
        diagnostics: &[FileDiagnostic<'_>],
    ) -> io::Result<()> {
        let lang = self.lang;
        let mut text = String::new();
        header(&mut text, view, lang);
        let _ = writeln!(
            text,
            "{}",
            tr_args(
                lang,
                "cli-counts",
                &[
                    ("worlds", &self.described.to_string()),
                    ("own_worlds", &self.own_worlds.to_string()),
                    ("fleets", &self.fleets.to_string()),
                    ("own_fleets", &self.own_fleets.to_string()),
                    ("traces", &self.traces.to_string()),
                    ("treasures", &self.treasures.to_string()),
                ],
            )
        );
        text.push('\n');
        let _ = writeln!(text, "{}", tr(lang, "cli-own-worlds"));
        out.write_all(text.as_bytes())?;
        table_or_none(out, &self.worlds_table, self.own_worlds, lang)?;
        text.clear();
        text.push('\n');
        let _ = writeln!(text, "{}", tr(lang, "cli-own-fleets"));
        out.write_all(text.as_bytes())?;
        table_or_none(out, &self.fleets_table, self.own_fleets, lang)?;
        text.clear();
        text.push('\n');
        diagnostics_list(&mut text, diagnostics, lang);
        out.write_all(text.as_bytes())
    }
}

impl SplitSink for SummaryRows {
    fn split(&self) -> Self {
        SummaryRows {
            lang: self.lang,
            me: if self.fixed { self.me.clone() } else { None },
            player_changed: false,
            fixed: self.fixed,
            described: 0,
            fleets: 0,
            own_worlds: 0,
            own_fleets: 0,
            traces: 0,
            treasures: 0,
            worlds_table: Table::headless(self.worlds_table.widths.len()),
            fleets_table: Table::headless(self.fleets_table.widths.len()),
        }
    }

    fn join(&mut self, later: Self) {
        // "Me" is fixed by the first world or fleet: the later rows' first
        // player is either it, or a change.
        match (&self.me, later.me) {
            (_, None) => {}
            (None, me) => self.me = me,
            (Some(me), Some(later_me)) => {
                if !self.fixed && *me != later_me {
                    self.player_changed = true;
                }
            }
        }
        self.player_changed |= later.player_changed;
        self.described += later.described;
        self.fleets += later.fleets;
        self.own_worlds += later.own_worlds;
        self.own_fleets += later.own_fleets;
        self.traces += later.traces;
        self.treasures += later.treasures;
        self.worlds_table.join(later.worlds_table);
        self.fleets_table.join(later.fleets_table);
    }
}

impl Sink for SummaryRows {
    fn world(&mut self, world: &WorldView, player: Option<&PlayerRef>) {
        SummaryRows::world(self, world, player);
    }
    fn fleet(&mut self, fleet: &FleetView, player: Option<&PlayerRef>) {
        SummaryRows::fleet(self, fleet, player);
    }
    fn takes_lists(&self) -> bool {
        true
    }
    fn trace(&mut self, _: &TraceView) {
        self.traces += 1;
    }
    fn treasure(&mut self, _: &TreasureView) {
        self.treasures += 1;
    }
}

/// True when both are no name or the same name.
fn same_name(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => same_text(a, b),
        (a, b) => a.is_none() && b.is_none(),
    }
}

/// A table of `rows` rows, or "none".
fn table_or_none(out: &mut dyn Write, table: &Table, rows: usize, lang: Lang) -> io::Result<()> {
    if rows == 0 {
        return writeln!(out, "  {}", tr(lang, "cli-none"));
    }
    table.write_to(out)
}

/// The game, turn, player, class and score; the galaxy's size when known.
fn header(out: &mut String, view: &TurnView, lang: Lang) {
    let player = match &view.player {
        Some(p) => match p.number {
            Some(n) => format!("\"{}\":{n}", p.name),
            None => format!("\"{}\"", p.name),
        },
        None => "?".to_string(),
    };
    let class = view
        .class
        .map(|c| match lang {
            Lang::Fr => c.french_name(),
            Lang::En => c.english_name(),
        })
        .unwrap_or("?");
    let score = match (view.score, view.score_delta) {
        (Some(s), Some(d)) => format!("{s} ({d:+})"),
        (Some(s), None) => s.to_string(),
        (None, _) => "?".to_string(),
    };
    // A stand-in turn (the CR does not tell it, `cr-turn-unknown`) is unknown.
    let turn = view
        .turn
        .filter(|_| !view.turn_assumed)
        .map_or_else(|| "?".to_string(), |t| t.to_string());
    let _ = writeln!(
        out,
        "{}",
        tr_args(
            lang,
            "cli-header",
            &[
                ("game", view.game.as_deref().unwrap_or("?")),
                ("turn", &turn),
                ("player", &player),
                ("class", class),
                ("score", &score),
            ],
        )
    );
    if let Some((w, h)) = view.galaxy_size {
        let _ = writeln!(
            out,
            "{}",
            tr_args(
                lang,
                "cli-galaxy",
                &[("width", &w.to_string()), ("height", &h.to_string())]
            )
        );
    }
}

/// The count of diagnostics by severity, then each one.
fn diagnostics_list(out: &mut String, diagnostics: &[FileDiagnostic<'_>], lang: Lang) {
    use crate::diagnostic::Severity;
    let count = |s| super::json::severity_count(diagnostics, s).to_string();
    let _ = writeln!(
        out,
        "{}",
        tr_args(
            lang,
            "cli-diagnostics",
            &[
                ("errors", &count(Severity::Error)),
                ("warnings", &count(Severity::Warning)),
                ("infos", &count(Severity::Info)),
            ],
        )
    );
    for d in diagnostics {
        let _ = writeln!(out, "{}", d.diagnostic.render(d.file, lang));
    }
}

/// One line per ally's report (`--ally`): whose, which turn, and the worlds
/// and fleets it shows that the player's own report does not.
pub fn write_allies(
    out: &mut dyn Write,
    own: &TurnView,
    allies: &[TurnView],
    lang: Lang,
) -> std::io::Result<()> {
    let mut worlds: std::collections::HashSet<u32> = own
        .worlds
        .iter()
        .filter(|w| super::json::is_described(w))
        .map(|w| w.id)
        .collect();
    let mut fleets: std::collections::HashSet<u32> = own.fleets.iter().map(|f| f.id).collect();
    for ally in allies {
        let new_worlds: Vec<String> = ally
            .worlds
            .iter()
            .filter(|w| super::json::is_described(w) && worlds.insert(w.id))
            .map(|w| format!("M_{}", w.id))
            .collect();
        let new_fleets = ally.fleets.iter().filter(|f| fleets.insert(f.id)).count();
        writeln!(
            out,
            "{}",
            tr_args(
                lang,
                "cli-report-ally",
                &[
                    (
                        "player",
                        ally.player.as_ref().map_or("?", |p| p.name.as_str())
                    ),
                    (
                        "turn",
                        &ally.turn.map_or_else(|| "?".to_string(), |t| t.to_string())
                    ),
                    ("worlds", &new_worlds.len().to_string()),
                    ("fleets", &new_fleets.to_string()),
                    ("list", &new_worlds.join(" ")),
                ],
            )
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_cells_and_padding_are_written_as_text_would_be() {
        let mut values: Vec<u32> = vec![0, 9, 10, 99, 100, 101, 999, u32::MAX, u32::MAX - 1];
        for digits in 1..10 {
            let power = 10u32.pow(digits);
            values.extend([power - 1, power, power + 1, power + power / 2 + 7]);
        }
        let mut cells = Cells::default();
        let mut expected = String::new();
        for n in values {
            number(&mut cells, n);
            cells.push(',');
            expected.push_str(&format!("{n},"));
        }
        assert_eq!(String::from_utf8_lossy(&cells.bytes), expected);
        for count in [0, 1, 31, 32, 33, 100] {
            let mut text = b"x".to_vec();
            spaces(&mut text, count);
            assert_eq!(text, [b"x".as_slice(), &vec![b' '; count]].concat());
        }
        // A cell copied in a block of sixteen bytes or whole, near the end or not.
        let all = b"abcdefghijklmnopqrstuvwxyz0123456789";
        for start in 0..all.len() {
            for end in start..=all.len() {
                let mut text = b">".to_vec();
                copy_cell(&mut text, all, start, end);
                assert_eq!(&text[1..], &all[start..end], "{start}..{end}");
            }
        }
    }

    #[test]
    fn a_table_of_many_parts_is_laid_out_the_same_on_one_thread_or_several() {
        let mut table = Table::new(Lang::Fr, &["cli-col-world", "cli-col-coords"]);
        for part in 0..9u32 {
            let mut later = Table::headless(2);
            for row in 0..(part * 7) {
                later.cell(|out| number(out, part * 1000 + row));
                // A wide cell far down, a non-ASCII one, an empty one.
                later.cell(|out| match row % 5 {
                    0 => out.push_str("Zéphyr"),
                    1 => {}
                    _ => spaces(&mut out.bytes, (row % 3) as usize),
                });
            }
            table.join(later);
        }
        let parts: Vec<&Table> = std::iter::once(&table).chain(&table.later).collect();
        let laid_out = |threads| {
            let mut out = Vec::new();
            table
                .write_on(&mut out, &parts, threads)
                .expect("into memory");
            String::from_utf8(out).expect("UTF-8")
        };
        let one = laid_out(1);
        assert_eq!(
            one.lines().count(),
            1 + (0..9).map(|p| p * 7).sum::<usize>()
        );
        assert!(one.contains("  8055   Zéphyr\n"), "{one}");
        for threads in [2, 3, 8] {
            assert_eq!(laid_out(threads), one, "{threads} threads");
        }
        // An output closed part way (a pipe whose reader quit): the error,
        // whatever the threads.
        struct ClosedAfter(usize);
        impl Write for ClosedAfter {
            fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
                if self.0 < bytes.len() {
                    return Err(io::ErrorKind::BrokenPipe.into());
                }
                self.0 -= bytes.len();
                Ok(bytes.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        for threads in [1, 2, 3, 8] {
            let mut closed = ClosedAfter(one.len() / 2);
            assert!(table.write_on(&mut closed, &parts, threads).is_err());
        }
    }
}
