//! The CR reader: a tolerant, line-by-line reader of the *compte rendu* (format:
//! [`crate::report`], grammar and fixtures: catalog §2).
//!
//! Design: one pass over the lines; each line is classified by its first bytes
//! (`M_`/`Md_`/`M#` world, `F_`/`F#` fleet, `{` trace, `T_` treasure, a world item
//! such as `E=1/8` = continuation, `"` = player list, a digit = ranking) or by
//! its label (`Statistiques`, `DEplacement :`, `Points :` …) and read by a
//! hand-written byte cursor — no regular expressions, no backtracking beyond a
//! few bytes. The reader never fails: an unreadable line gives one `Error`
//! diagnostic at its first unreadable character and is skipped; a repaired typo
//! gives a `Warning`. A streamed reading ([`read_report_streamed`]) hands each
//! world and fleet, once complete, to a [`Sink`] instead of keeping it.
//!
//! What is silently accepted (spelling variants the book uses as normal
//! notation): spaces before `(`, around `=`, `[`, `]`, `*` (T-1, T-2, T-8), `!`
//! inside or outside quotes (T-6), a flag after a space (T-7), `@` on either side
//! (T-9), both converts styles (T-10), deaths markers anywhere (T-11),
//! continuation lines (T-12), `Vers`/`vers` (T-13), a trailing `**` on a trace
//! (T-14, G-20), any indentation (T-15), elisions `...`, `. . .`, `(...)`,
//! `[...]`, `"..."` (T-16), names kept verbatim (T-17), missing counters (T-19),
//! `M_` for a start world (T-20), missing or blank statistics lines (T-21).
//!
//! What is repaired with a warning (the typos of catalog §2.4): broken ships
//! blocks `[=]10`, `[=1`, `[]]=5` (T-3, `cr-ships-block-repaired`), a missing
//! closing quote (T-4, `cr-unclosed-quote`), a space before the counter's colon
//! `"Maxtor :3"` (T-5, `cr-owner-spacing`), markdown bold `**` (T-14,
//! `cr-markdown-bold`), a trailing full stop (T-22, `cr-trailing-punctuation`),
//! an unclosed treasure `<…` or trace `{…`.
//!
//! The placeholder name `...` of the book's annex (`"..."C`, `F_1 ("...")C`) is
//! kept verbatim as the name `"..."`; on a world line it also marks the line
//! elided.

mod common;
mod cursor;
mod fleet;
mod sections;
mod world;

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use crate::diagnostic::{Capped, Diagnostic, Span};
use crate::model::ids::WorldId;
use crate::model::treasure::{TreasureKind, all_kinds};
use crate::model::view::{
    FleetView, Names, PlayerRef, TraceView, TreasureSite, TreasureView, TurnView, WorldView,
};

use common::Ctx;
use cursor::{Cursor, Fail};
use sections::Label;
use world::Seen;

/// Reads a CR. Never fails: returns what was read and the diagnostics.
pub fn read(text: &str) -> (TurnView, Vec<Diagnostic>) {
    let (view, diagnostics, _) = read_counting(text, None);
    (view, diagnostics)
}

/// Where a streamed reading ([`read_report_streamed`]) hands its worlds and
/// fleets, one at a time, instead of keeping them in the view. (`Send`: a kept
/// reading of a big text runs its slices on threads, with the same reader.)
pub trait Sink: Send {
    /// A world, complete (its continuation lines read) and not a duplicate: what
    /// [`read`] would keep in `worlds`, in the same order. `player` is the CR's
    /// player as read so far.
    fn world(&mut self, world: &WorldView, player: Option<&PlayerRef>);
    /// A fleet, as [`read`] would keep it in `fleets`, in the same order.
    fn fleet(&mut self, fleet: &FleetView, player: Option<&PlayerRef>);
}

impl<S: Sink + ?Sized> Sink for &mut S {
    fn world(&mut self, world: &WorldView, player: Option<&PlayerRef>) {
        (**self).world(world, player);
    }
    fn fleet(&mut self, fleet: &FleetView, player: Option<&PlayerRef>) {
        (**self).fleet(fleet, player);
    }
}

/// Two sinks fed by one reading, each world and fleet to both.
impl<A: Sink, B: Sink> Sink for (A, B) {
    fn world(&mut self, world: &WorldView, player: Option<&PlayerRef>) {
        self.0.world(world, player);
        self.1.world(world, player);
    }
    fn fleet(&mut self, fleet: &FleetView, player: Option<&PlayerRef>) {
        self.0.fleet(fleet, player);
        self.1.fleet(fleet, player);
    }
}

/// [`read_report`] that keeps no world and no fleet: each is handed to `sink`
/// once complete, and the view returned has empty `worlds` and `fleets`; all
/// the rest (diagnostics, duplicates' warnings included) is the same. For a
/// command that only walks them once (`nebutil report`'s summary): a big CR's
/// hundreds of thousands of views are never held together, the memory in use
/// stays small (and in the processor's cache).
pub fn read_report_streamed(
    text: &str,
    sink: &mut dyn Sink,
) -> Result<(TurnView, Vec<Diagnostic>), Diagnostic> {
    let (view, diagnostics, counts) = read_counting(text, Some(sink));
    refuse_if_not_a_report(counts)?;
    Ok((view, diagnostics))
}

/// How few recognised lines make a text "not a CR": fewer than one non-blank
/// line in [`MIN_RECOGNISED_SHARE`] (with at least [`MIN_LINES_FOR_SHARE`]
/// non-blank lines), or none at all.
pub const MIN_RECOGNISED_SHARE: usize = 10;
/// See [`MIN_RECOGNISED_SHARE`].
pub const MIN_LINES_FOR_SHARE: usize = 20;

/// Reads a text that should be a CR, or refuses it with one error diagnostic
/// when it is not one: `cr-empty` (no non-blank line) or `cr-not-a-report` (no
/// line read as CR notation, or fewer than one in ten of at least twenty — a
/// README renamed `.cr`, a binary file decoded as text). Otherwise as [`read`].
pub fn read_report(text: &str) -> Result<(TurnView, Vec<Diagnostic>), Diagnostic> {
    let (view, diagnostics, counts) = read_counting(text, None);
    refuse_if_not_a_report(counts)?;
    Ok((view, diagnostics))
}

/// The refusal of [`read_report`], when the counts say the text is not a CR.
fn refuse_if_not_a_report(counts: Counts) -> Result<(), Diagnostic> {
    let span = Span::new(1, 1, 1);
    if counts.nonblank == 0 {
        return Err(Diagnostic::error("cr-empty", span));
    }
    let too_few = counts.recognised == 0
        || (counts.nonblank >= MIN_LINES_FOR_SHARE
            && counts.recognised * MIN_RECOGNISED_SHARE < counts.nonblank);
    if too_few {
        return Err(Diagnostic::error("cr-not-a-report", span)
            .arg("lines", counts.nonblank)
            .arg("recognised", counts.recognised));
    }
    Ok(())
}

/// How many lines a text has and how many were read as CR notation.
#[derive(Clone, Copy, Debug, Default)]
struct Counts {
    nonblank: usize,
    recognised: usize,
}

fn read_counting(text: &str, sink: Option<&mut dyn Sink>) -> (TurnView, Vec<Diagnostic>, Counts) {
    let text = text.trim_start_matches('\u{feff}');
    let streamed = sink.is_some();
    let reader = if text.len() >= PARALLEL_FROM && !streamed {
        read_in_slices(text)
    } else {
        let mut reader = Reader {
            stream: sink.map(|sink| Stream::new(sink, text.len())),
            ..Reader::default()
        };
        reader.lines(text, 1);
        reader
    };
    let counts = reader.counts;
    let (view, diagnostics) = reader.finish();
    (view, diagnostics, counts)
}

/// Texts from this size on are read in slices, one thread each (a real CR is a
/// few hundred kilobytes: read in one piece).
const PARALLEL_FROM: usize = 4 * 1024 * 1024;
/// The smallest slice worth a thread.
const SLICE_AT_LEAST: usize = 2 * 1024 * 1024;
/// How far past its ideal place a slice's start is looked for.
const SPLIT_SEARCH: usize = 1024 * 1024;

/// Reads a big text in slices on several threads, with the result of one
/// reading from the first line to the last, byte for byte.
///
/// Each slice after the first starts at a world line at the start of a line
/// (`M_`, `Md_`, `M#`): a world line sets all the context the lines after it
/// depend on (the world of the fleets and treasures that follow), so a reader
/// starting there reads the slice as the single reader would. The slices'
/// lists (worlds, fleets, traces, treasures, what each world showed) and
/// diagnostics are appended in order; duplicates are found after, on the whole
/// (`Reader::finish`). Where a slice's reading could differ — the previous slice
/// ended inside a markdown bold block, or the slice holds a header or section
/// line (the reader keeps the first or warns on the second) — it is read again
/// by the reader of the slices before it.
///
/// Only on a machine of [`SLICES_FROM_CORES`] cores or more: on two cores, a
/// 50 MB CR read in two slices took 747 ms (`nebutil report`, 100,887 page
/// faults) against 661 ms in one (80,242): the second thread's page faults wait
/// on the first's, and its lists are copied again when appended.
fn read_in_slices<'s>(text: &str) -> Reader<'s> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = if cores >= SLICES_FROM_CORES {
        cores.min(8)
    } else {
        1
    };
    read_in_n_slices(text, threads)
}

/// See [`read_in_slices`].
const SLICES_FROM_CORES: usize = 4;

/// [`read_in_slices`] with at most `threads` slices.
fn read_in_n_slices<'s>(text: &str, threads: usize) -> Reader<'s> {
    let starts = slice_starts(text, threads);
    let mut slices: Vec<(&str, u32)> = Vec::with_capacity(starts.len());
    let mut line: u32 = 1;
    let mut previous = 0;
    for (k, &start) in starts.iter().enumerate() {
        // A slice ends before the newline that ends its last line (else its
        // reader would see one blank line more than the file has).
        let end = starts.get(k + 1).map_or(text.len(), |next| next - 1);
        let newlines = text.as_bytes()[previous..start]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        line = line.saturating_add(u32::try_from(newlines).unwrap_or(u32::MAX));
        previous = start;
        slices.push((text.get(start..end).unwrap_or(""), line));
    }
    let Some((&(first, first_line), rest)) = slices.split_first() else {
        return Reader::default();
    };
    let mut others: Vec<Option<Reader>> = std::thread::scope(|scope| {
        let handles: Vec<_> = rest
            .iter()
            .map(|&(slice, line)| {
                scope.spawn(move || {
                    let mut reader = Reader::default();
                    reader.lines(slice, line);
                    reader
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().ok())
            .collect()
    });
    let mut reader = Reader::default();
    reader.lines(first, first_line);
    for (slice, other) in rest.iter().zip(others.iter_mut()) {
        match other.take() {
            Some(other) if !reader.bold && other.holds_only_lists() => reader.append(other),
            _ => reader.lines(slice.0, slice.1),
        }
    }
    reader
}

/// Where the slices start (the first at 0): the first world line at the start
/// of a line after each ideal cut, within [`SPLIT_SEARCH`].
fn slice_starts(text: &str, threads: usize) -> Vec<usize> {
    let bytes = text.as_bytes();
    let count = threads.min(bytes.len() / SLICE_AT_LEAST).max(1);
    let mut starts = vec![0];
    for k in 1..count {
        let ideal = bytes.len() / count * k;
        let limit = (ideal + SPLIT_SEARCH).min(bytes.len());
        let mut at = ideal;
        let found = loop {
            let Some(newline) = bytes.get(at..limit).and_then(find_newline) else {
                break None;
            };
            let start = at + newline + 1;
            let rest = bytes.get(start..).unwrap_or(&[]);
            let world = rest.first() == Some(&b'M')
                && (matches!(rest.get(1), Some(b'_' | b'#'))
                    || (matches!(rest.get(1), Some(b'd' | b'D'))
                        && matches!(rest.get(2), Some(b'_' | b'#'))));
            if world {
                break Some(start);
            }
            at = start;
        };
        if let Some(start) = found
            && starts.last().is_some_and(|&last| start > last)
        {
            starts.push(start);
        }
    }
    starts
}

/// The reader's state between lines.
#[derive(Default)]
struct Reader<'s> {
    view: TurnView,
    /// At most [`crate::diagnostic::MAX_PER_FILE`] kept, the others counted.
    diags: Capped,
    /// The current line was an unknown indented line (not counted as recognised).
    unknown_indented: bool,
    /// What each world of `view.worlds` showed (same indices).
    seen: Vec<Seen>,
    /// The world the following fleets, traces and treasures belong to.
    world: Option<WorldId>,
    /// Its index in `view.worlds` (None when its line was unreadable).
    world_index: Option<usize>,
    /// Where the next treasure line belongs.
    site: Option<TreasureSite>,
    /// Inside a markdown bold block opened by a line starting with `**`.
    bold: bool,
    /// The previous line was the "Vous connaissez de nom" list.
    in_known: bool,
    /// Treasure names outside the vocabulary, already looked up.
    unknown_treasures: HashMap<String, Option<TreasureKind>>,
    /// Lines seen and lines recognised (see [`read_report`]).
    counts: Counts,
    /// The folded label of the current line (a buffer kept from line to line).
    label_scratch: String,
    /// The owners' names met, each kept once (a CR names a few players
    /// thousands of times).
    names: Names,
    /// A streamed reading: where complete worlds and fleets go (`view.worlds`
    /// then holds the current world only, `view.fleets` nothing).
    stream: Option<Stream<'s>>,
}

/// The state of a streamed reading ([`read_report_streamed`]).
struct Stream<'s> {
    sink: &'s mut dyn Sink,
    /// The ids handed over, to find duplicates as they come (the first is kept).
    world_ids: IdSet,
    fleet_ids: IdSet,
    /// The lines of the duplicates, warned about at the end as [`Reader::finish`]
    /// does for a kept reading (same order, same diagnostics).
    later_worlds: Vec<(usize, u32)>,
    later_fleets: Vec<(usize, u32)>,
}

impl<'s> Stream<'s> {
    fn new(sink: &'s mut dyn Sink, text_len: usize) -> Self {
        Stream {
            sink,
            world_ids: IdSet::new(text_len),
            fleet_ids: IdSet::new(text_len),
            later_worlds: Vec::new(),
            later_fleets: Vec::new(),
        }
    }
}

/// A set of ids (worlds or fleets): bitmaps of [`IdSet::PAGE_IDS`] ids, a page
/// made on its first id — a CR's ids are clustered, so the pages are few and
/// stay in the processor's cache, where a hash set would miss it on most of a
/// big CR's hundreds of thousands of lookups. Past a budget of pages in
/// proportion to the text (scattered ids), the other ids go to a hash set:
/// memory stays within the text's size plus a constant.
struct IdSet {
    /// Page number → its index in `pages` + 1 (0: no page yet).
    directory: Vec<u32>,
    pages: Vec<Box<[u64]>>,
    page_budget: usize,
    others: HashSet<u32, BuildHasherDefault<IdHasher>>,
}

impl IdSet {
    const PAGE_BITS: u32 = 16;
    const PAGE_IDS: usize = 1 << Self::PAGE_BITS;
    const PAGE_WORDS: usize = Self::PAGE_IDS / 64;

    fn new(text_len: usize) -> Self {
        IdSet {
            directory: Vec::new(),
            pages: Vec::new(),
            page_budget: 1 + text_len / (Self::PAGE_IDS / 8),
            others: HashSet::default(),
        }
    }

    /// Adds `id`; false when it was there already.
    fn insert(&mut self, id: u32) -> bool {
        let page = (id >> Self::PAGE_BITS) as usize;
        let bit = id as usize & (Self::PAGE_IDS - 1);
        let mut slot = self.directory.get(page).copied().unwrap_or(0);
        if slot == 0 {
            if self.pages.len() >= self.page_budget {
                return self.others.insert(id);
            }
            self.pages
                .push(vec![0u64; Self::PAGE_WORDS].into_boxed_slice());
            slot = u32::try_from(self.pages.len()).unwrap_or(u32::MAX);
            if self.directory.len() <= page {
                self.directory.resize(page + 1, 0);
            }
            if let Some(entry) = self.directory.get_mut(page) {
                *entry = slot;
            }
        }
        let Some(word) = self
            .pages
            .get_mut(slot as usize - 1)
            .and_then(|p| p.get_mut(bit / 64))
        else {
            return self.others.insert(id);
        };
        let mask = 1u64 << (bit % 64);
        let new = *word & mask == 0;
        *word |= mask;
        new
    }
}

/// The hash of [`IdSet`]'s scattered ids: a multiplication, folded so that the
/// low bits (the bucket) depend on every bit of the id.
#[derive(Default)]
struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u32(u32::from(b) ^ (self.0 as u32).rotate_left(8));
        }
    }
    fn write_u32(&mut self, n: u32) {
        let product = u64::from(n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = product ^ (product >> 32);
    }
}

/// Lower-case, trimmed, typographic apostrophe folded: the key of a treasure name.
fn treasure_key(text: &str) -> String {
    text.trim().to_lowercase().replace('’', "'")
}

/// Every treasure name of the vocabulary: by its exact spelling, and by
/// [`treasure_key`].
fn treasure_tables() -> &'static (HashMap<String, TreasureKind>, HashMap<String, TreasureKind>) {
    static TABLES: OnceLock<(HashMap<String, TreasureKind>, HashMap<String, TreasureKind>)> =
        OnceLock::new();
    TABLES.get_or_init(|| {
        let kinds = all_kinds();
        let exact = kinds.iter().map(|kind| (kind.name(), *kind)).collect();
        let folded = kinds
            .iter()
            .map(|kind| (treasure_key(&kind.name()), *kind))
            .collect();
        (exact, folded)
    })
}

/// True when the cursor stands on a world item that may start a continuation line
/// (`E=1/8`, `PE=300`, `[12,7]`, `{-6P}`, `MP=3` …).
fn at_world_item(cur: &Cursor<'_>) -> bool {
    match cur.peek() {
        Some(b'[') => true,
        Some(b'{') => cur.peek_at(1) == Some(b'-'),
        Some(b'+') => cur.looking_at_ci("+pop"),
        Some(_) => ["MP", "PC", "PE", "Pi", "P", "I", "E"]
            .into_iter()
            .any(|k| common::keyword_then_equals(cur, k)),
        None => false,
    }
}

/// The index of the first `\n`, eight bytes at a time.
fn find_newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    const NEWLINES: u64 = ONES * b'\n' as u64;
    let mut chunks = bytes.chunks_exact(8);
    let mut offset = 0;
    for chunk in chunks.by_ref() {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word) ^ NEWLINES;
        // A zero byte in `x` is a newline in the chunk.
        if x.wrapping_sub(ONES) & !x & HIGHS != 0 {
            return chunk.iter().position(|&b| b == b'\n').map(|i| offset + i);
        }
        offset += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b == b'\n')
        .map(|i| offset + i)
}

/// The byte range of `line` without its leading and trailing spaces (ASCII fast
/// path; any Unicode space otherwise).
fn trimmed(line: &str) -> (usize, usize) {
    let bytes = line.as_bytes();
    let is_space = |b: &u8| *b == b' ' || *b == b'\t';
    let mut start = bytes.iter().take_while(|b| is_space(b)).count();
    if bytes.get(start).is_some_and(|&b| b >= 0x80) {
        start = line.len() - line.trim_start().len();
    }
    let mut end = bytes.len() - bytes.iter().rev().take_while(|b| is_space(b)).count();
    if end > 0 && bytes.get(end - 1).is_some_and(|&b| b >= 0x80) {
        end = line.trim_end().len();
    }
    (start, end.max(start))
}

impl Reader<'_> {
    /// Reads the lines of `text`, the first being line `first_line` of the file.
    fn lines(&mut self, text: &str, first_line: u32) {
        // The entity vectors grow as lines are read (no reserve in proportion to
        // the text: junk of the same size holds no world, and memory stays
        // bounded).
        let mut line_no = first_line;
        let mut rest = text;
        loop {
            let (raw, next) = match find_newline(rest.as_bytes()) {
                Some(i) => (rest.get(..i).unwrap_or(""), rest.get(i + 1..)),
                None => (rest, None),
            };
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            self.line(line_no, line);
            line_no = line_no.saturating_add(1);
            match next {
                Some(next) => rest = next,
                None => break,
            }
        }
    }

    /// True when the lines read set nothing but the lists of entities (no
    /// header, section, statistic, ranking…): see [`read_in_slices`].
    fn holds_only_lists(&self) -> bool {
        // Every field named: a new one must be placed on one side or the other.
        let TurnView {
            game,
            turn,
            turn_assumed,
            player,
            class,
            score,
            score_delta,
            galaxy_size,
            worlds: _,
            fleets: _,
            traces: _,
            treasures: _,
            statistics,
            tech,
            known_players,
            known_levels,
            declarations,
            orders_sent,
            ranking,
        } = &self.view;
        game.is_none()
            && turn.is_none()
            && !turn_assumed
            && player.is_none()
            && class.is_none()
            && score.is_none()
            && score_delta.is_none()
            && galaxy_size.is_none()
            && statistics.is_empty()
            && tech.is_none()
            && known_players.is_empty()
            && known_levels.is_empty()
            && declarations.is_none()
            && orders_sent.is_none()
            && ranking.is_empty()
    }

    /// Appends the reading of the next slice (see [`read_in_slices`]).
    fn append(&mut self, next: Reader) {
        let Reader {
            view,
            diags,
            unknown_indented,
            seen,
            world,
            world_index,
            site,
            bold,
            in_known,
            unknown_treasures: _,
            counts,
            label_scratch: _,
            names: _,
            stream: _,
        } = next;
        let offset = self.view.worlds.len();
        self.view.worlds.extend(view.worlds);
        self.view.fleets.extend(view.fleets);
        self.view.traces.extend(view.traces);
        self.view.treasures.extend(view.treasures);
        self.seen.extend(seen);
        for diagnostic in diags.into_vec() {
            self.diags.push(diagnostic);
        }
        self.unknown_indented = unknown_indented;
        self.world = world;
        self.world_index = world_index.map(|i| i + offset);
        self.site = site;
        self.bold = bold;
        self.in_known = in_known;
        self.counts.nonblank += counts.nonblank;
        self.counts.recognised += counts.recognised;
    }

    fn line(&mut self, line_no: u32, line: &str) {
        let (start, end) = trimmed(line);
        if start >= end {
            // A blank line closes a markdown bold block.
            self.bold = false;
            return;
        }
        let indented = start > 0;
        let Some((start, end)) = self.strip_bold(line_no, line, start, end) else {
            return;
        };
        let cur = Cursor::new(line, start, end);
        let was_known = std::mem::take(&mut self.in_known);
        let b0 = cur.peek();
        let b1 = cur.peek_at(1);
        let is_world = b0 == Some(b'M')
            && (matches!(b1, Some(b'_' | b'#'))
                || (matches!(b1, Some(b'd' | b'D'))
                    && matches!(cur.peek_at(2), Some(b'_' | b'#'))));
        self.counts.nonblank += 1;
        self.unknown_indented = false;
        let result = if is_world {
            self.world_line(cur, line_no, line)
        } else if b0 == Some(b'F') && matches!(b1, Some(b'_' | b'#')) {
            self.fleet_line(cur, line_no, line)
        } else if b0 == Some(b'T') && b1 == Some(b'_') {
            self.treasure_line(cur, line_no, line)
        } else if b0 == Some(b'{') && b1 != Some(b'-') {
            self.trace_line(cur, line_no, line)
        } else if b0 == Some(b'"') {
            self.player_list_line(cur, line_no, line, was_known)
        } else if at_world_item(&cur) {
            self.continuation_line(cur, line_no, line)
        } else if b0.is_some_and(|b| b.is_ascii_digit()) {
            self.ranking_line(cur, line_no, line)
        } else {
            self.labelled_line(cur, line_no, line, indented)
        };
        if result.is_ok() && !self.unknown_indented {
            self.counts.recognised += 1;
        }
        if let Err(fail) = result {
            let mut ctx = Ctx {
                line_no,
                line,
                diags: &mut self.diags,
                names: &mut self.names,
            };
            ctx.error(fail.pos, fail.code);
        }
    }

    /// Applies ruling G-20 (see the ruling list): the markdown bold.
    ///
    /// Returns the byte range left to read, `None` when nothing is left.
    fn strip_bold(
        &mut self,
        line_no: u32,
        line: &str,
        mut start: usize,
        mut end: usize,
    ) -> Option<(usize, usize)> {
        let mut ctx = Ctx {
            line_no,
            line,
            diags: &mut self.diags,
            names: &mut self.names,
        };
        if line.get(start..end).is_some_and(|t| t.starts_with("**")) {
            ctx.warn(start, start + 2, "cr-markdown-bold");
            start += 2;
            self.bold = true;
            start = end - line.get(start..end).unwrap_or("").trim_start().len();
        }
        if self.bold && end >= start + 2 && line.get(start..end).is_some_and(|t| t.ends_with("**"))
        {
            ctx.warn(end - 2, end, "cr-markdown-bold");
            end -= 2;
            self.bold = false;
            end = start + line.get(start..end).unwrap_or("").trim_end().len();
        }
        (start < end).then_some((start, end))
    }

    fn world_line(&mut self, mut cur: Cursor<'_>, line_no: u32, line: &str) -> Result<(), Fail> {
        self.leave_world();
        let head = world::head(&mut cur)?;
        self.world = Some(head.id);
        self.site = Some(TreasureSite::World(head.id));
        // Read in place: a world view is large, moving it costs.
        let index = self.view.worlds.len();
        self.view.worlds.push(WorldView {
            id: head.id,
            start_world: head.start_world,
            bombed: head.bombed,
            line: line_no,
            ..WorldView::default()
        });
        let mut seen = Seen::default();
        let mut ctx = Ctx {
            line_no,
            line,
            diags: &mut self.diags,
            names: &mut self.names,
        };
        let read = match self.view.worlds.last_mut() {
            Some(w) => world::rest(&mut cur, &mut ctx, w, &mut seen),
            None => Ok(()),
        };
        if let Err(fail) = read {
            self.view.worlds.truncate(index);
            return Err(fail);
        }
        self.world_index = Some(index);
        self.seen.push(seen);
        Ok(())
    }

    /// Applies ruling G-22 (see the ruling list).
    fn continuation_line(
        &mut self,
        mut cur: Cursor<'_>,
        line_no: u32,
        line: &str,
    ) -> Result<(), Fail> {
        let Some(index) = self.world_index else {
            return cur.fail("cr-continuation-without-world");
        };
        let (Some(w), Some(seen)) = (self.view.worlds.get(index), self.seen.get(index)) else {
            return cur.fail("cr-continuation-without-world");
        };
        let mut w = w.clone();
        let mut seen = *seen;
        let mut ctx = Ctx {
            line_no,
            line,
            diags: &mut self.diags,
            names: &mut self.names,
        };
        world::items(&mut cur, &mut ctx, &mut w, &mut seen, false)?;
        if let (Some(slot), Some(seen_slot)) =
            (self.view.worlds.get_mut(index), self.seen.get_mut(index))
        {
            *slot = w;
            *seen_slot = seen;
        }
        Ok(())
    }

    fn fleet_line(&mut self, mut cur: Cursor<'_>, line_no: u32, line: &str) -> Result<(), Fail> {
        let (id, bomb) = fleet::head(&mut cur)?;
        self.site = Some(TreasureSite::Fleet(id));
        let index = self.view.fleets.len();
        self.view.fleets.push(FleetView {
            id,
            bomb,
            world: self.world,
            line: line_no,
            ..FleetView::default()
        });
        let mut ctx = Ctx {
            line_no,
            line,
            diags: &mut self.diags,
            names: &mut self.names,
        };
        let read = match self.view.fleets.last_mut() {
            Some(f) => fleet::rest(&mut cur, &mut ctx, f),
            None => Ok(()),
        };
        if let Err(fail) = read {
            self.view.fleets.truncate(index);
            return Err(fail);
        }
        if let Some(stream) = &mut self.stream
            && let Some(f) = self.view.fleets.pop()
        {
            // As in `finish`: the annex's placeholder `...` is no duplicate.
            if f.owner.as_deref() == Some("...") || stream.fleet_ids.insert(f.id) {
                stream.sink.fleet(&f, self.view.player.as_ref());
            } else {
                stream.later_fleets.push((index, f.line));
            }
        }
        Ok(())
    }

    fn trace_line(&mut self, mut cur: Cursor<'_>, line_no: u32, line: &str) -> Result<(), Fail> {
        let mut t = TraceView {
            world: self.world,
            line: line_no,
            ..TraceView::default()
        };
        let mut ctx = Ctx {
            line_no,
            line,
            diags: &mut self.diags,
            names: &mut self.names,
        };
        fleet::trace(&mut cur, &mut ctx, &mut t)?;
        self.view.traces.push(t);
        Ok(())
    }

    fn treasure_line(&mut self, mut cur: Cursor<'_>, line_no: u32, line: &str) -> Result<(), Fail> {
        let mut ctx = Ctx {
            line_no,
            line,
            diags: &mut self.diags,
            names: &mut self.names,
        };
        let (id, text) = fleet::treasure(&mut cur, &mut ctx)?;
        let (exact, folded) = treasure_tables();
        let kind = match exact.get(text) {
            Some(kind) => Some(*kind),
            None => {
                let key = treasure_key(text);
                match folded.get(&key) {
                    Some(kind) => Some(*kind),
                    None => *self
                        .unknown_treasures
                        .entry(key)
                        .or_insert_with(|| TreasureKind::from_name(text)),
                }
            }
        };
        self.view.treasures.push(TreasureView {
            id,
            name: text.to_string(),
            kind,
            site: self.site.unwrap_or(TreasureSite::Unattached),
            line: line_no,
        });
        Ok(())
    }

    /// A line of player references: the continuation of "Vous connaissez de nom".
    fn player_list_line(
        &mut self,
        mut cur: Cursor<'_>,
        line_no: u32,
        line: &str,
        was_known: bool,
    ) -> Result<(), Fail> {
        let start = cur.pos;
        let players = sections::player_list(&mut cur, true)?;
        if !was_known {
            let mut ctx = Ctx {
                line_no,
                line,
                diags: &mut self.diags,
                names: &mut self.names,
            };
            ctx.warn(start, cur.end, "cr-orphan-player-list");
        }
        self.view.known_players.extend(players);
        self.in_known = true;
        Ok(())
    }

    fn ranking_line(
        &mut self,
        mut cur: Cursor<'_>,
        _line_no: u32,
        _line: &str,
    ) -> Result<(), Fail> {
        let entry = sections::ranking(&mut cur)?;
        self.view.ranking.push(entry);
        Ok(())
    }

    /// Leaves the world context (a section of its own begins, or another world).
    fn leave_world(&mut self) {
        self.world = None;
        self.site = None;
        if let Some(index) = self.world_index.take() {
            self.hand_over_world(index);
        }
    }

    /// A streamed reading hands the world at `index`, complete, to its sink (or
    /// notes it as a duplicate) and forgets it.
    fn hand_over_world(&mut self, index: usize) {
        let Some(stream) = &mut self.stream else {
            return;
        };
        if let (Some(w), Some(seen)) = (self.view.worlds.get_mut(index), self.seen.get(index)) {
            world::finish(w, seen);
            if stream.world_ids.insert(w.id) {
                stream.sink.world(w, self.view.player.as_ref());
            } else {
                stream.later_worlds.push((index, w.line));
            }
        }
        self.view.worlds.clear();
        self.seen.clear();
    }

    /// A line known by its label (`Points :`, `DEplacement :`, `Nom :` …).
    ///
    /// Applies ruling G-15 (see the ruling list).
    fn labelled_line(
        &mut self,
        mut cur: Cursor<'_>,
        line_no: u32,
        line: &str,
        indented: bool,
    ) -> Result<(), Fail> {
        let Some((label, after)) = sections::label(&cur, &mut self.label_scratch) else {
            if indented {
                let mut ctx = Ctx {
                    line_no,
                    line,
                    diags: &mut self.diags,
                    names: &mut self.names,
                };
                ctx.info(cur.pos, cur.end, "cr-unknown-indented-line");
                self.unknown_indented = true;
                return Ok(());
            }
            return cur.fail("cr-unknown-line");
        };
        cur.pos = after;
        match label {
            Label::Header => {
                self.leave_world();
                let (game, turn) = sections::header(&mut cur)?;
                if game.is_some() {
                    self.view.game = game;
                }
                if turn.is_some() {
                    self.view.turn = turn;
                }
            }
            Label::Turn => self.view.turn = Some(sections::turn(&mut cur)?),
            Label::Player => {
                let mut ctx = Ctx {
                    line_no,
                    line,
                    diags: &mut self.diags,
                    names: &mut self.names,
                };
                let (player, class) = sections::player(&mut cur, &mut ctx)?;
                self.view.player = Some(player);
                self.view.class = class;
            }
            Label::Points => {
                let (score, delta) = sections::points(&mut cur)?;
                self.view.score = Some(score);
                self.view.score_delta = delta;
            }
            Label::Statistics | Label::RankingHeader => {
                self.leave_world();
                if !cur.rest().trim().is_empty() {
                    return cur.fail(cursor::SYNTAX);
                }
            }
            Label::TechHeader => {
                self.leave_world();
                self.view.tech.get_or_insert_default();
            }
            Label::Tech(tech) => {
                self.leave_world();
                let mut ctx = Ctx {
                    line_no,
                    line,
                    diags: &mut self.diags,
                    names: &mut self.names,
                };
                let read = sections::tech(&mut cur, &mut ctx, tech)?;
                let view = self.view.tech.get_or_insert_default();
                match view.lines.iter_mut().find(|l| l.tech == tech) {
                    Some(slot) => *slot = read.line,
                    None => view.lines.push(read.line),
                }
                if read.catt.is_some() {
                    view.catt = read.catt;
                }
                if read.cdef.is_some() {
                    view.cdef = read.cdef;
                }
            }
            Label::Stat(kind) => {
                self.leave_world();
                let value = sections::stat(&mut cur)?;
                self.view.statistics.insert(kind, value);
            }
            Label::Known => {
                self.leave_world();
                let players = sections::player_list(&mut cur, true)?;
                self.view.known_players.extend(players);
                self.in_known = true;
            }
            Label::KnownLevels => {
                self.leave_world();
                let levels = sections::known_levels(&mut cur)?;
                self.view.known_levels.extend(levels);
            }
            Label::DeclarationsMade | Label::DeclarationsReceived => {
                self.leave_world();
                let list = sections::declarations(&mut cur)?;
                let declarations = self.view.declarations.get_or_insert_default();
                if label == Label::DeclarationsMade {
                    declarations.made.extend(list);
                } else {
                    declarations.received.extend(list);
                }
            }
            Label::Name | Label::Corruption => {
                let text = sections::quoted_value(&mut cur)?;
                let world = self
                    .world_index
                    .and_then(|index| self.view.worlds.get_mut(index));
                let Some(world) = world else {
                    return Err(Fail {
                        pos: line.len() - line.trim_start().len(),
                        code: "cr-name-without-world",
                    });
                };
                if label == Label::Name {
                    world.set_name(Some(text));
                } else {
                    world.set_corrupted_by(Some(text));
                }
            }
        }
        Ok(())
    }

    fn finish(mut self) -> (TurnView, Vec<Diagnostic>) {
        self.leave_world();
        if let Some(stream) = self.stream.take() {
            return self.finish_streamed(stream);
        }
        for (w, seen) in self.view.worlds.iter_mut().zip(&self.seen) {
            world::finish(w, seen);
        }
        // A world, fleet or treasure described twice keeps its first
        // description; each later one is a warning and is dropped.
        let mut warned = false;
        let worlds = later_duplicates(
            self.view
                .worlds
                .iter()
                .enumerate()
                .map(|(i, w)| (i, w.id, w.line)),
        );
        warned |= self.drop_duplicates(&worlds, "cr-duplicate-world");
        retain_indices(&mut self.view.worlds, &worlds);
        // The annex's notation examples (`F_1 "..." [...] =5*N`, one per fire
        // marker) name no real fleet: the placeholder owner `...` is not a
        // duplicate.
        let fleets = later_duplicates(
            self.view
                .fleets
                .iter()
                .enumerate()
                .filter(|(_, f)| f.owner.as_deref() != Some("..."))
                .map(|(i, f)| (i, f.id, f.line)),
        );
        warned |= self.drop_duplicates(&fleets, "cr-duplicate-fleet");
        retain_indices(&mut self.view.fleets, &fleets);
        // Kept as long as the CR is open: not the doubling's spare room (up to
        // half the list; 12 MB for a CR of 76,596 worlds).
        self.view.worlds.shrink_to_fit();
        self.view.fleets.shrink_to_fit();
        self.finish_treasures(warned)
    }

    /// [`Reader::finish`] of a streamed reading: the worlds and fleets are gone
    /// to the sink, their duplicates noted on the way.
    fn finish_streamed(mut self, stream: Stream<'_>) -> (TurnView, Vec<Diagnostic>) {
        let mut warned = self.drop_duplicates(&stream.later_worlds, "cr-duplicate-world");
        warned |= self.drop_duplicates(&stream.later_fleets, "cr-duplicate-fleet");
        self.finish_treasures(warned)
    }

    /// The end of [`Reader::finish`]: the treasures' duplicates, then the
    /// diagnostics in line order when a duplicate was warned about.
    fn finish_treasures(mut self, mut warned: bool) -> (TurnView, Vec<Diagnostic>) {
        let treasures = later_duplicates(
            self.view
                .treasures
                .iter()
                .enumerate()
                .map(|(i, t)| (i, t.id, t.line)),
        );
        warned |= self.drop_duplicates(&treasures, "cr-duplicate-treasure");
        retain_indices(&mut self.view.treasures, &treasures);
        if warned {
            self.diags.kept_mut().sort_by_key(|d| d.span.line);
        }
        (self.view, self.diags.into_vec())
    }

    /// One warning per later description; true when there was one.
    fn drop_duplicates(&mut self, later: &[(usize, u32)], code: &str) -> bool {
        for &(_, line) in later {
            self.diags
                .push(Diagnostic::warning(code, Span::new(line, 1, 1)));
        }
        !later.is_empty()
    }
}

/// The entries (index, line) whose id an earlier entry already has, by index;
/// `entries` are (index, id, line).
/// Found by sorting (cheaper than a set per line).
fn later_duplicates(entries: impl Iterator<Item = (usize, u32, u32)>) -> Vec<(usize, u32)> {
    let mut ids: Vec<(u32, usize, u32)> =
        entries.map(|(index, id, line)| (id, index, line)).collect();
    ids.sort_unstable();
    let mut later: Vec<(usize, u32)> = ids
        .windows(2)
        .filter(|pair| pair[0].0 == pair[1].0)
        .map(|pair| (pair[1].1, pair[1].2))
        .collect();
    later.sort_unstable();
    later
}

/// Removes the entries at the (sorted) indices of `drop`.
fn retain_indices<T>(items: &mut Vec<T>, drop: &[(usize, u32)]) {
    if drop.is_empty() {
        return;
    }
    let mut next = drop.iter().map(|(index, _)| *index).peekable();
    let mut index = 0;
    items.retain(|_| {
        let keep = next.peek() != Some(&index);
        if !keep {
            next.next();
        }
        index += 1;
        keep
    });
}

#[cfg(test)]
mod tests {
    use super::{IdSet, Reader, find_newline, read_in_n_slices, slice_starts};

    const FULL: &str = include_str!("../../tests/fixtures/cr/composed/01_full_turn.cr");
    const MESSY: &str = include_str!("../../tests/fixtures/cr/composed/02_messy.cr");

    fn in_one_piece(text: &str) -> Reader<'static> {
        let mut reader = Reader::default();
        reader.lines(text, 1);
        reader
    }

    /// The header of the full fixture, then its world blocks over and over with
    /// errors, a markdown bold block, duplicates and, once, a section line far
    /// down; and the messy fixture repeated (a header in every slice).
    fn big_texts() -> [String; 2] {
        let start = FULL.find("Md_203").unwrap_or(0);
        let (head, worlds) = FULL.split_at(start);
        let mut text = head.to_string();
        let mut block = 0;
        while text.len() < 6 * 1024 * 1024 {
            text.push_str(worlds);
            match block % 7 {
                0 => text.push_str("M_99999 (1,2) \"Maxtor\" I=x\n  F_1 [?]=?\n"),
                3 => text.push_str("**M_7 (1,2)\n  F_12 \"Maxtor\" []=3\n\nM_8 (2)**\n"),
                5 if block == 2001 => text.push_str("Points : 12 (+3)\n"),
                _ => {}
            }
            block += 1;
        }
        let mut messy = String::new();
        while messy.len() < 5 * 1024 * 1024 {
            messy.push_str(MESSY);
        }
        [text, messy]
    }

    #[test]
    fn a_big_text_read_in_slices_reads_as_in_one_piece() {
        for text in big_texts() {
            let whole = in_one_piece(&text);
            let counts = (whole.counts.nonblank, whole.counts.recognised);
            let (view, diagnostics) = whole.finish();
            assert!(
                diagnostics.len() > 100,
                "the text has errors to keep and count"
            );
            for threads in [2, 3, 7] {
                assert!(slice_starts(&text, threads).len() > 1, "{threads} slices");
                let sliced = read_in_n_slices(&text, threads);
                assert_eq!((sliced.counts.nonblank, sliced.counts.recognised), counts);
                let (sliced_view, sliced_diagnostics) = sliced.finish();
                assert_eq!(sliced_diagnostics, diagnostics, "{threads} slices");
                assert!(sliced_view == view, "{threads} slices: the views differ");
            }
        }
    }

    #[test]
    fn an_id_set_finds_each_id_again_in_its_pages_and_beyond_its_budget() {
        // A text of 8 KB: two pages, then a hash set.
        let mut set = IdSet::new(8 * 1024);
        let ids = [
            7,
            3,
            7 + 65_536,
            u32::MAX,
            200_000,
            0,
            65_535,
            4_000_000_000,
        ];
        for id in ids {
            assert!(set.insert(id), "{id} is new");
        }
        for id in ids {
            assert!(!set.insert(id), "{id} is there");
        }
        assert_eq!(set.pages.len(), 2);
        assert_eq!(set.others.len(), 3);
        assert_eq!(set.directory.len(), 2);
        assert!(set.insert(8));
    }

    #[test]
    fn finds_the_first_newline_at_any_offset() {
        for len in 0..40 {
            for at in 0..len {
                let mut text = vec![b'a'; len];
                text[at] = b'\n';
                if at + 3 < len {
                    text[at + 3] = b'\n';
                }
                assert_eq!(find_newline(&text), Some(at), "len {len} at {at}");
            }
            assert_eq!(find_newline(&vec![0x8a; len]), None);
        }
    }
}
