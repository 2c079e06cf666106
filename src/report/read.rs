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
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use crate::diagnostic::{Capped, Diagnostic, Span};
use crate::model::ids::WorldId;
use crate::model::treasure::{TreasureKind, all_kinds};
use crate::model::view::{
    Connection, FleetView, Names, PlayerRef, TraceView, TreasureSite, TreasureView, TurnView,
    WorldView,
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
    /// True when the traces and treasures go to this sink too
    /// ([`Sink::trace`], [`Sink::treasure`]) and the view keeps none (a
    /// summary counts them: a big CR's hundreds of thousands are never held,
    /// nor copied from slice to slice). Asked once, when the reading starts.
    fn takes_lists(&self) -> bool {
        false
    }
    /// A trace, as [`read`] would keep it in `traces`, in the same order (when
    /// [`Sink::takes_lists`]).
    fn trace(&mut self, _trace: &TraceView) {}
    /// A treasure, as [`read`] would keep it in `treasures` (not a
    /// duplicate: the first description is kept), in the same order (when
    /// [`Sink::takes_lists`]).
    fn treasure(&mut self, _treasure: &TreasureView) {}
}

impl<S: Sink + ?Sized> Sink for &mut S {
    fn world(&mut self, world: &WorldView, player: Option<&PlayerRef>) {
        (**self).world(world, player);
    }
    fn fleet(&mut self, fleet: &FleetView, player: Option<&PlayerRef>) {
        (**self).fleet(fleet, player);
    }
    fn takes_lists(&self) -> bool {
        (**self).takes_lists()
    }
    fn trace(&mut self, trace: &TraceView) {
        (**self).trace(trace);
    }
    fn treasure(&mut self, treasure: &TreasureView) {
        (**self).treasure(treasure);
    }
}

/// Two sinks fed by one reading, each world and fleet to both (the traces
/// and treasures too, when either takes them).
impl<A: Sink, B: Sink> Sink for (A, B) {
    fn world(&mut self, world: &WorldView, player: Option<&PlayerRef>) {
        self.0.world(world, player);
        self.1.world(world, player);
    }
    fn fleet(&mut self, fleet: &FleetView, player: Option<&PlayerRef>) {
        self.0.fleet(fleet, player);
        self.1.fleet(fleet, player);
    }
    fn takes_lists(&self) -> bool {
        self.0.takes_lists() || self.1.takes_lists()
    }
    fn trace(&mut self, trace: &TraceView) {
        self.0.trace(trace);
        self.1.trace(trace);
    }
    fn treasure(&mut self, treasure: &TreasureView) {
        self.0.treasure(treasure);
        self.1.treasure(treasure);
    }
}

/// A [`Sink`] that a streamed reading of a big text may split, to read the
/// text's slices on the machine's cores
/// ([`read_report_streamed_split`]): each later slice's worlds and fleets go to
/// a sink of its own, joined back in the text's order.
pub trait SplitSink: Sink + Sized {
    /// An empty sink for the worlds and fleets of a later part of the text
    /// (what this sink was told of the player before the reading, it keeps).
    fn split(&self) -> Self;
    /// Takes what `later` was given, as if it had been given to this sink
    /// after what this one was given.
    fn join(&mut self, later: Self);
}

impl<A: SplitSink, B: SplitSink> SplitSink for (A, B) {
    fn split(&self) -> Self {
        (self.0.split(), self.1.split())
    }
    fn join(&mut self, later: Self) {
        self.0.join(later.0);
        self.1.join(later.1);
    }
}

/// [`read_report_streamed`] on the machine's cores: a big text's slices read
/// on threads of their own, each into a [`SplitSink::split`] sink; the same
/// sink calls in the same order, the same view and the same diagnostics as
/// reading it in one piece: a slice that could read otherwise (a header, a
/// bold block or a world described in an earlier slice) is read again after
/// the slices before it.
pub fn read_report_streamed_split<S: SplitSink>(
    text: &str,
    sink: &mut S,
) -> Result<(TurnView, Vec<Diagnostic>), Diagnostic> {
    match read_report_streamed_split_from(text, sink) {
        Ok(read) => Ok(read),
        Err(SplitError::NotReport(diagnostic)) => Err(diagnostic),
        Err(SplitError::Source(never)) => match never {},
    }
}

/// A text that [`read_report_streamed_split_from`] reads a part at a time: a
/// string held whole, or a big file read part by part into buffers used
/// again (`storage::text_file::FileSource`: a CR of 50 MB is never in memory
/// whole, and no part of it is copied twice).
pub trait TextSource: Sync {
    /// Why a part could not be read (never, for a string).
    type Error: Send;
    /// The text's length in bytes.
    fn text_len(&self) -> usize;
    /// The bytes of `range`: borrowed from the text, or read into `buffer`.
    fn bytes<'a>(
        &'a self,
        range: std::ops::Range<usize>,
        buffer: &'a mut Vec<u8>,
    ) -> Result<&'a [u8], Self::Error>;
    /// The text of `range`, which starts and ends at a line's end or start:
    /// [`TextSource::bytes`], refused when they are not UTF-8.
    fn text<'a>(
        &'a self,
        range: std::ops::Range<usize>,
        buffer: &'a mut Vec<u8>,
    ) -> Result<&'a str, Self::Error>;
}

impl TextSource for str {
    type Error = std::convert::Infallible;
    fn text_len(&self) -> usize {
        self.len()
    }
    fn bytes<'a>(
        &'a self,
        range: std::ops::Range<usize>,
        _: &'a mut Vec<u8>,
    ) -> Result<&'a [u8], Self::Error> {
        Ok(self.as_bytes().get(range).unwrap_or_default())
    }
    fn text<'a>(
        &'a self,
        range: std::ops::Range<usize>,
        _: &'a mut Vec<u8>,
    ) -> Result<&'a str, Self::Error> {
        Ok(self.get(range).unwrap_or_default())
    }
}

/// Why [`read_report_streamed_split_from`] read no report.
#[derive(Debug)]
pub enum SplitError<E> {
    /// The text is no report (see [`read_report`]).
    NotReport(Diagnostic),
    /// A part of the source could not be read: nothing was given to the sink.
    Source(E),
}

/// [`read_report_streamed_split`] of a [`TextSource`]: each thread reads its
/// slices from the source into a buffer of its own, used again slice after
/// slice. On an error of the source, nothing was given to `sink`.
pub fn read_report_streamed_split_from<S: SplitSink, T: TextSource + ?Sized>(
    source: &T,
    sink: &mut S,
) -> Result<(TurnView, Vec<Diagnostic>), SplitError<T::Error>> {
    let threads = if source.text_len() >= PARALLEL_FROM {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
    } else {
        1
    };
    let (view, diagnostics, counts, _) =
        read_streamed_counting_slices(source, sink, threads).map_err(SplitError::Source)?;
    refuse_if_not_a_report(counts).map_err(SplitError::NotReport)?;
    Ok((view, diagnostics))
}

/// [`read_report`] that keeps no world and no fleet: each is handed to `sink`
/// once complete, and the view returned has empty `worlds` and `fleets` (and
/// empty `traces` and `treasures` when the sink takes them:
/// [`Sink::takes_lists`]); all the rest (diagnostics, duplicates' warnings
/// included) is the same. For a
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
const SLICE_AT_LEAST: usize = 1024 * 1024;
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

/// The slices of `text` starting at `starts` (the first at 0), each with where
/// it starts. A slice ends before the newline that ends its last line (else its
/// reader would see one blank line more than the file has).
fn slice_bounds<'t>(text: &'t str, starts: &[usize]) -> Vec<(&'t str, usize)> {
    starts
        .iter()
        .enumerate()
        .map(|(k, &start)| {
            let end = starts.get(k + 1).map_or(text.len(), |next| next - 1);
            (text.get(start..end).unwrap_or(""), start)
        })
        .collect()
}

/// [`slice_bounds`], each slice with the number of its first line.
fn slices_at<'t>(text: &'t str, starts: &[usize]) -> Vec<(&'t str, u32)> {
    let mut line: u32 = 1;
    let mut previous = 0;
    slice_bounds(text, starts)
        .into_iter()
        .map(|(slice, start)| {
            line = line.saturating_add(newlines_in(text.as_bytes().get(previous..start)));
            previous = start;
            (slice, line)
        })
        .collect()
}

/// How many `\n` `bytes` holds (none when `None`).
fn newlines_in(bytes: Option<&[u8]>) -> u32 {
    u32::try_from(bytes.map_or(0, count_newlines)).unwrap_or(u32::MAX)
}

/// How many `\n` `bytes` holds, counted eight bytes to a word, a counter per
/// byte (the slices' first line numbers: [`JobLines`]).
fn count_newlines(bytes: &[u8]) -> usize {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const NEWLINES: u64 = 0x0a0a_0a0a_0a0a_0a0a;
    const EVEN_BYTES: u64 = 0x00ff_00ff_00ff_00ff;
    let mut total = 0;
    // A byte counter holds 255: that many words, then they are added up.
    let mut blocks = bytes.chunks_exact(8 * 255);
    for block in blocks.by_ref() {
        let mut counters = 0u64;
        for word in crate::text::words(block) {
            let x = word ^ NEWLINES;
            // The high bit of each byte of `x` that is zero (a newline), and
            // of no other byte.
            let zero = !(((x & LOW7) + LOW7) | x) & !LOW7;
            counters += zero >> 7;
        }
        let pairs = (counters & EVEN_BYTES) + ((counters >> 8) & EVEN_BYTES);
        total += (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize;
    }
    total + blocks.remainder().iter().filter(|&&b| b == b'\n').count()
}

/// True when `rest` starts with a world's number (`M_`, `Md_`, `M#`): a line
/// that sets all the context the lines after it depend on.
fn starts_world_line(rest: &[u8]) -> bool {
    rest.first() == Some(&b'M')
        && (matches!(rest.get(1), Some(b'_' | b'#'))
            || (matches!(rest.get(1), Some(b'd' | b'D'))
                && matches!(rest.get(2), Some(b'_' | b'#'))))
}

/// How much of a source is looked at a time for a line start.
const SEARCH_WINDOW: usize = 16 * 1024;

/// The first line of `source` that starts with a world's number and at a
/// newline in `from..limit` (or at `from` itself, when `at_from`): where it
/// starts. Read [`SEARCH_WINDOW`] bytes at a time.
fn world_line_in<T: TextSource + ?Sized>(
    source: &T,
    from: usize,
    limit: usize,
    at_from: bool,
    buffer: &mut Vec<u8>,
) -> Result<Option<usize>, T::Error> {
    let len = source.text_len();
    let limit = limit.min(len);
    if at_from && starts_world_line(source.bytes(from..(from + 3).min(len), buffer)?) {
        return Ok(Some(from));
    }
    let mut at = from;
    while at < limit {
        let end = (at + SEARCH_WINDOW).min(limit);
        // Three bytes more: the start of a world's number after a newline.
        let bytes = source.bytes(at..(end + 3).min(len), buffer)?;
        let searched = bytes.get(..end - at).unwrap_or_default();
        let mut i = 0;
        while let Some(newline) = searched.get(i..).and_then(find_newline) {
            let start = i + newline + 1;
            if starts_world_line(bytes.get(start..).unwrap_or_default()) {
                return Ok(Some(at + start));
            }
            i = start;
        }
        at = end;
    }
    Ok(None)
}

/// Where the text of `source` starts: after its byte order marks.
fn after_byte_order_marks<T: TextSource + ?Sized>(
    source: &T,
    buffer: &mut Vec<u8>,
) -> Result<usize, T::Error> {
    const MARK: &[u8] = "\u{feff}".as_bytes();
    const AT_A_TIME: usize = 1024;
    let len = source.text_len();
    let mut at = 0;
    loop {
        let bytes = source.bytes(at..(at + AT_A_TIME * MARK.len()).min(len), buffer)?;
        let marks = bytes
            .chunks_exact(MARK.len())
            .take_while(|&mark| mark == MARK)
            .count();
        at += marks * MARK.len();
        if marks < AT_A_TIME {
            return Ok(at);
        }
    }
}

/// Which sink a part of a split streamed reading went to.
enum Part {
    /// The main reader's sink: the header's, or that of a slice read again.
    Main,
    /// The sink of the job that read slice `k`.
    Job(usize),
}

/// Slices per thread of a split streamed reading: the threads take the next
/// slice as they are free (a core slowed by another program takes fewer), and
/// the last slices, short, end at about the same time on every core.
const SLICES_PER_THREAD: usize = 16;

/// Of which the last, a quarter of the others' size: a thread free when no
/// slice is left waits for the others at most a short slice's time.
const SHORT_SLICES_PER_THREAD: usize = 2;

/// [`read_report_streamed_split`] on at most `threads` threads.
///
/// The text is cut as [`read_in_slices`] cuts it (at world lines), in
/// [`SLICES_PER_THREAD`] slices per thread. The lines before the first world
/// line (the header: the player's name, handed to the sink with every world and
/// fleet) are read first, here; then the threads read the slices, each slice
/// into a sink of its own, by a reader told that player. A slice is taken as it
/// was read when the reading in one piece would have read it the same way: the
/// slices before it ended outside a markdown bold block, named no other player,
/// and the slice holds nothing but worlds, fleets, traces and treasures (no
/// header or section line), none of its worlds or fleets described in an
/// earlier slice (the first description is kept). Otherwise it is read again
/// by this thread, after the slices before it. This thread takes the slices
/// read, in the text's order, as they come (between slices of its own), and
/// the sinks are joined in that order at the end; on an error of the source,
/// none is joined.
///
/// Each thread reads its slices from the source into a buffer of its own (a
/// file's parts copied once, into memory used again: no fresh page for the
/// whole text), with the slice's first line number from the newlines of the
/// slices before it, each counted once ([`JobLines`]). Also returns how many
/// slices were taken as their threads read them (the others were read again).
fn read_streamed_counting_slices<S: SplitSink, T: TextSource + ?Sized>(
    source: &T,
    sink: &mut S,
    threads: usize,
) -> Result<(TurnView, Vec<Diagnostic>, Counts, usize), T::Error> {
    let mut buffer = Vec::new();
    let len = source.text_len();
    let base = after_byte_order_marks(source, &mut buffer)?;
    let text_len = len - base;
    let starts = slice_starts_in(
        source,
        base,
        threads.saturating_mul(SLICES_PER_THREAD),
        threads.saturating_mul(SHORT_SLICES_PER_THREAD),
        &mut buffer,
    )?;
    // The slices after the header (the first starts at its first world line,
    // found before the second slice: that one starts at a world line).
    let second = starts.get(1).copied().unwrap_or(len);
    let head_end = world_line_in(source, base, second, true, &mut buffer)?.unwrap_or(second);
    let jobs: Vec<std::ops::Range<usize>> = starts
        .iter()
        .enumerate()
        .map(|(k, &start)| {
            let start = if k == 0 { head_end } else { start };
            let end = starts.get(k + 1).map_or(len, |next| next - 1);
            start..end.max(start)
        })
        // (A slice of no line: the header ran to the next slice's start.)
        .filter(|job| !job.is_empty())
        .collect();
    if threads < 2 || jobs.len() < 2 {
        let text = source.text(base..len, &mut buffer)?;
        let mut reader = Reader {
            stream: Some(Stream::new(sink, text_len)),
            ..Reader::default()
        };
        reader.lines(text, 1);
        let counts = reader.counts;
        let (view, diagnostics) = reader.finish();
        return Ok((view, diagnostics, counts, 0));
    }
    // One sink per slice for the job reading it, one per slice for the main
    // reader (the header's, and each slice read again).
    let mut job_sinks: Vec<S> = jobs.iter().map(|_| sink.split()).collect();
    let mut main_sinks: Vec<S> = (0..=jobs.len()).map(|_| sink.split()).collect();
    let mut order: Vec<Part> = Vec::with_capacity(jobs.len() + 1);
    let (view, diagnostics, counts) = {
        let mut main_refs = main_sinks.iter_mut();
        let mut reader = Reader::default();
        if let Some(first_sink) = main_refs.next() {
            reader.stream = Some(Stream::new(first_sink, text_len));
            order.push(Part::Main);
        }
        let head = source.text(base..head_end, &mut buffer)?;
        let head_newlines = newlines_in(Some(head.as_bytes()));
        if !head.is_empty() {
            reader.lines(head.strip_suffix('\n').unwrap_or(head), 1);
        }
        reader.leave_world();
        let player = reader.view.player.clone();
        let sinks: Vec<Mutex<Option<&mut S>>> = job_sinks
            .iter_mut()
            .map(|job_sink| Mutex::new(Some(job_sink)))
            .collect();
        let done: Vec<Mutex<Option<Reader>>> = jobs.iter().map(|_| Mutex::new(None)).collect();
        let lines = JobLines::new(source, &jobs, head_newlines);
        let failed: Mutex<Option<T::Error>> = Mutex::new(None);
        let next = AtomicUsize::new(0);
        // Reads the next slice not taken yet, into `buffer`; false when none
        // is left (or the source failed).
        let read_next = |buffer: &mut Vec<u8>| -> bool {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(job) = jobs.get(k) else {
                return false;
            };
            let job_sink = sinks
                .get(k)
                .and_then(|slot| slot.lock().ok().and_then(|mut slot| slot.take()));
            let Some(job_sink) = job_sink else {
                return true;
            };
            let slice = match source.text(job.clone(), buffer) {
                Ok(slice) => slice,
                Err(error) => {
                    if let Ok(mut failed) = failed.lock() {
                        failed.get_or_insert(error);
                    }
                    // The next slices are left: the reading stops.
                    next.store(jobs.len(), Ordering::Relaxed);
                    return false;
                }
            };
            lines.counted(k, slice.as_bytes());
            let mut other = Reader {
                stream: Some(Stream::new(job_sink, text_len).slice()),
                ..Reader::default()
            };
            other.view.player.clone_from(&player);
            other.lines(slice, lines.line_of(k));
            other.leave_world();
            if let Some(Ok(mut slot)) = done.get(k).map(Mutex::lock) {
                *slot = Some(other);
            }
            true
        };
        // Takes slice `k` as read, or reads it again here; false when it is
        // not read yet (`wait`: it never will be, its thread stopped).
        let mut take = |k: usize, wait: bool, buffer: &mut Vec<u8>| -> Result<bool, T::Error> {
            let slot = done
                .get(k)
                .and_then(|slot| slot.lock().ok().and_then(|mut slot| slot.take()));
            match slot {
                Some(other) if reader.can_absorb(&other, player.as_ref()) => {
                    reader.absorb(other);
                    order.push(Part::Job(k));
                }
                None if !wait => return Ok(false),
                _ => {
                    if let (Some(stream), Some(again)) = (&mut reader.stream, main_refs.next()) {
                        stream.sink = again as &mut dyn Sink;
                        order.push(Part::Main);
                    }
                    if let Some(job) = jobs.get(k) {
                        let slice = source.text(job.clone(), buffer)?;
                        reader.lines(slice, lines.line_of(k));
                        reader.leave_world();
                    }
                }
            }
            Ok(true)
        };
        let mut taken_up_to = 0;
        let helpers = threads.min(jobs.len()) - 1;
        let read_here = std::thread::scope(|scope| -> Result<(), T::Error> {
            let helper_work = || {
                let mut buffer = Vec::new();
                while read_next(&mut buffer) {}
            };
            let helpers: Vec<_> = (0..helpers).map(|_| scope.spawn(helper_work)).collect();
            // This thread reads slices too, and takes those read in order
            // between two of its own.
            let mut taking = Ok(());
            'reading: while read_next(&mut buffer) {
                while taken_up_to < jobs.len() {
                    match take(taken_up_to, false, &mut buffer) {
                        Ok(true) => taken_up_to += 1,
                        Ok(false) => break,
                        Err(error) => {
                            taking = Err(error);
                            next.store(jobs.len(), Ordering::Relaxed);
                            break 'reading;
                        }
                    }
                }
            }
            // Joined here, whatever happened (the scope would panic again for
            // a helper that panicked): its slice, unread, is read again below.
            for helper in helpers {
                let _ = helper.join();
            }
            taking
        });
        if let Some(error) = failed.into_inner().ok().flatten() {
            return Err(error);
        }
        read_here?;
        while taken_up_to < jobs.len() {
            take(taken_up_to, true, &mut buffer)?;
            taken_up_to += 1;
        }
        let counts = reader.counts;
        let (view, diagnostics) = reader.finish();
        (view, diagnostics, counts)
    };
    let mut job_sinks: Vec<Option<S>> = job_sinks.into_iter().map(Some).collect();
    let mut main_sinks = main_sinks.into_iter();
    let mut taken = 0;
    for part in order {
        let part_sink = match part {
            Part::Main => main_sinks.next(),
            Part::Job(k) => {
                taken += 1;
                job_sinks.get_mut(k).and_then(Option::take)
            }
        };
        if let Some(part_sink) = part_sink {
            sink.join(part_sink);
        }
    }
    Ok((view, diagnostics, counts, taken))
}

/// The numbers of the lines the jobs of a split streamed reading start at:
/// each job's newlines counted once, by the thread that read it (or by the
/// first that needs them, from the source, when that one has not yet).
struct JobLines<'a, T: TextSource + ?Sized> {
    source: &'a T,
    jobs: &'a [std::ops::Range<usize>],
    /// The newlines before the first job (the header's).
    head: u32,
    /// Job `k`'s newlines.
    newlines: Vec<OnceLock<u32>>,
}

impl<'a, T: TextSource + ?Sized> JobLines<'a, T> {
    fn new(source: &'a T, jobs: &'a [std::ops::Range<usize>], head: u32) -> Self {
        JobLines {
            source,
            jobs,
            head,
            newlines: jobs.iter().map(|_| OnceLock::new()).collect(),
        }
    }

    /// Job `k`'s newlines, counted in its `slice` if not yet.
    fn counted(&self, k: usize, slice: &[u8]) {
        if let Some(newlines) = self.newlines.get(k) {
            newlines.get_or_init(|| newlines_in(Some(slice)));
        }
    }

    /// Job `k`'s newlines (when unreadable: 0; its reading fails the same way).
    fn newlines(&self, k: usize) -> u32 {
        let (Some(newlines), Some(job)) = (self.newlines.get(k), self.jobs.get(k)) else {
            return 0;
        };
        *newlines.get_or_init(|| {
            let mut buffer = Vec::new();
            newlines_in(self.source.bytes(job.clone(), &mut buffer).ok())
        })
    }

    /// The number of job `k`'s first line: the jobs are separated by one
    /// newline each, not in any job.
    fn line_of(&self, k: usize) -> u32 {
        let mut line = self.head.saturating_add(1);
        for j in 0..k {
            let between = match (self.jobs.get(j), self.jobs.get(j + 1)) {
                (Some(job), Some(next)) => next.start.saturating_sub(job.end),
                _ => 0,
            };
            let between = u32::try_from(between).unwrap_or(u32::MAX);
            line = line
                .saturating_add(self.newlines(j))
                .saturating_add(between);
        }
        line
    }
}

/// [`read_in_slices`] with at most `threads` slices.
fn read_in_n_slices<'s>(text: &str, threads: usize) -> Reader<'s> {
    let starts = slice_starts(text, threads);
    let slices = slices_at(text, &starts);
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
    let Ok(starts) = slice_starts_in(text, 0, threads, 0, &mut Vec::new());
    starts
}

/// [`slice_starts`] of the text of `source` from `base`, in at most `count`
/// slices: positions in the source, the first at `base`. The last `short` of
/// them are a quarter of the others' size (the threads reading the slices
/// end at about the same time: the last slice taken is a short one).
fn slice_starts_in<T: TextSource + ?Sized>(
    source: &T,
    base: usize,
    count: usize,
    short: usize,
    buffer: &mut Vec<u8>,
) -> Result<Vec<usize>, T::Error> {
    let len = source.text_len();
    let text_len = len.saturating_sub(base);
    let count = count.min(text_len / SLICE_AT_LEAST).max(1);
    let short = short.min(count / 2);
    // In quarters of a long slice.
    let quarters = 4 * (count - short) + short;
    let mut starts = vec![base];
    for k in 1..count {
        let quarters_before = 4 * k.min(count - short) + k.saturating_sub(count - short);
        let ideal = base + (text_len as u128 * quarters_before as u128 / quarters as u128) as usize;
        let found = world_line_in(source, ideal, ideal + SPLIT_SEARCH, false, buffer)?;
        if let Some(start) = found
            && starts.last().is_some_and(|&last| start > last)
        {
            starts.push(start);
        }
    }
    Ok(starts)
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
    /// The last treasure name looked up, and its kind.
    last_treasure: Option<(String, Option<TreasureKind>)>,
    /// The treasure handed to a streamed reading's sink that takes them (a
    /// view used again from line to line).
    handed_treasure: TreasureView,
    /// The list of connections of the world a streamed reading handed last,
    /// used again by the next.
    spare_connections: Option<Vec<Connection>>,
    /// Lines seen and lines recognised (see [`read_report`]).
    counts: Counts,
    /// The folded label of the current line (a buffer kept from line to line).
    label_scratch: String,
    /// The owners' names met, each kept once (a CR names a few players
    /// thousands of times).
    names: Names,
    /// A streamed reading: where complete worlds and fleets go (`view.worlds`
    /// then holds the current world only, `view.fleets` nothing), and the
    /// traces and treasures when the sink takes them (then none is kept).
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
    /// The sink takes the traces and treasures ([`Sink::takes_lists`]): the
    /// treasures' ids handed over, and the lines of their duplicates.
    takes_lists: bool,
    treasure_ids: IdSet,
    later_treasures: Vec<(usize, u32)>,
    /// A slice's reading on a thread ([`read_streamed_counting_slices`]): its
    /// ids are those it handed over, checked against the earlier slices'.
    slice: bool,
}

impl<'s> Stream<'s> {
    fn new(sink: &'s mut dyn Sink, text_len: usize) -> Self {
        Stream {
            takes_lists: sink.takes_lists(),
            sink,
            world_ids: IdSet::new(text_len),
            fleet_ids: IdSet::new(text_len),
            later_worlds: Vec::new(),
            later_fleets: Vec::new(),
            treasure_ids: IdSet::new(text_len),
            later_treasures: Vec::new(),
            slice: false,
        }
    }

    /// The same stream, for a slice read on a thread.
    fn slice(self) -> Self {
        Stream {
            slice: true,
            ..self
        }
    }
}

/// A set of ids (worlds or fleets): pages of [`IdSet::PAGE_IDS`] ids, a page
/// made on its first id — a CR's ids are clustered, so the pages are few and
/// stay in the processor's cache, where a hash set would miss it on most of a
/// big CR's hundreds of thousands of lookups. A page holds its ids as a sorted
/// list while they are few (a CR's ids are far apart: a list is a tenth of a
/// bitmap's size, and they come nearly in order), as a bitmap past
/// [`IdSet::LISTED_AT_MOST`]. Past a budget of pages in proportion to the text
/// (scattered ids), the other ids go to a hash set: memory stays within the
/// text's size plus a constant.
struct IdSet {
    /// Page number → its index in `pages` + 1 (0: no page yet).
    directory: Vec<u32>,
    pages: Vec<IdPage>,
    page_budget: usize,
    others: HashSet<u32, BuildHasherDefault<IdHasher>>,
}

/// The ids of one page of an [`IdSet`]: their low 16 bits.
enum IdPage {
    /// Sorted, at most [`IdSet::LISTED_AT_MOST`].
    Listed(Vec<u16>),
    /// One bit per id of the page.
    Bits(Box<[u64]>),
}

impl IdPage {
    fn contains(&self, low: u16) -> bool {
        match self {
            IdPage::Listed(ids) => ids.binary_search(&low).is_ok(),
            IdPage::Bits(words) => words
                .get(usize::from(low) / 64)
                .is_some_and(|word| word & (1u64 << (low % 64)) != 0),
        }
    }

    /// Adds `low`; false when it was there already.
    fn insert(&mut self, low: u16) -> bool {
        match self {
            IdPage::Listed(ids) => {
                // Most ids come after those listed, or a few places before.
                let at = match ids.last() {
                    Some(&last) if last < low => ids.len(),
                    None => 0,
                    Some(_) => match ids.binary_search(&low) {
                        Ok(_) => return false,
                        Err(at) => at,
                    },
                };
                if ids.len() < IdSet::LISTED_AT_MOST {
                    if ids.capacity() == 0 {
                        ids.reserve_exact(64);
                    }
                    ids.insert(at, low);
                    return true;
                }
                // Full: made a bitmap.
                *self = IdPage::bits_of(ids);
                self.insert(low)
            }
            IdPage::Bits(words) => {
                let Some(word) = words.get_mut(usize::from(low) / 64) else {
                    return false;
                };
                let mask = 1u64 << (low % 64);
                let new = *word & mask == 0;
                *word |= mask;
                new
            }
        }
    }

    /// The page as a bitmap (a list made one).
    fn bits_of(ids: &[u16]) -> IdPage {
        let mut words = vec![0u64; IdSet::PAGE_WORDS].into_boxed_slice();
        for &low in ids {
            if let Some(word) = words.get_mut(usize::from(low) / 64) {
                *word |= 1u64 << (low % 64);
            }
        }
        IdPage::Bits(words)
    }

    /// The low bits of its ids, in order.
    fn lows(&self) -> Box<dyn Iterator<Item = u16> + '_> {
        match self {
            IdPage::Listed(ids) => Box::new(ids.iter().copied()),
            IdPage::Bits(words) => Box::new(words.iter().enumerate().flat_map(|(w, &word)| {
                let mut rest = word;
                std::iter::from_fn(move || {
                    (rest != 0).then(|| {
                        let bit = rest.trailing_zeros();
                        rest &= rest - 1;
                        // (A page has 65,536 ids: w < 1,024, bit < 64.)
                        u16::try_from(w * 64 + bit as usize).unwrap_or(u16::MAX)
                    })
                })
            })),
        }
    }

    /// True when a low id is in both pages.
    fn meets(&self, other: &IdPage) -> bool {
        match (self, other) {
            (IdPage::Bits(a), IdPage::Bits(b)) => a.iter().zip(b.iter()).any(|(a, b)| a & b != 0),
            (IdPage::Listed(a), IdPage::Listed(b)) => {
                let (mut a, mut b) = (a.iter().peekable(), b.iter().peekable());
                while let (Some(&&x), Some(&&y)) = (a.peek(), b.peek()) {
                    match x.cmp(&y) {
                        std::cmp::Ordering::Equal => return true,
                        std::cmp::Ordering::Less => {
                            a.next();
                        }
                        std::cmp::Ordering::Greater => {
                            b.next();
                        }
                    }
                }
                false
            }
            (IdPage::Listed(ids), bits) | (bits, IdPage::Listed(ids)) => {
                ids.iter().any(|&low| bits.contains(low))
            }
        }
    }

    /// Adds the ids of `other`.
    fn join(&mut self, other: IdPage) {
        match (&mut *self, other) {
            (IdPage::Bits(mine), IdPage::Bits(theirs)) => {
                for (a, b) in mine.iter_mut().zip(theirs.iter()) {
                    *a |= b;
                }
            }
            (IdPage::Listed(mine), IdPage::Listed(theirs))
                if mine.len() + theirs.len() <= IdSet::LISTED_AT_MOST =>
            {
                // The later slice's ids most often all come after.
                if mine
                    .last()
                    .is_some_and(|last| theirs.first().is_some_and(|first| last < first))
                    || mine.is_empty()
                {
                    mine.extend_from_slice(&theirs);
                } else {
                    mine.extend_from_slice(&theirs);
                    mine.sort_unstable();
                    mine.dedup();
                }
            }
            (IdPage::Listed(mine), theirs) => {
                let mut joined = match theirs {
                    IdPage::Bits(words) => IdPage::Bits(words),
                    IdPage::Listed(ids) => IdPage::bits_of(&ids),
                };
                for &low in mine.iter() {
                    joined.insert(low);
                }
                *self = joined;
            }
            (IdPage::Bits(_), IdPage::Listed(theirs)) => {
                for low in theirs {
                    self.insert(low);
                }
            }
        }
    }
}

impl IdSet {
    const PAGE_BITS: u32 = 16;
    const PAGE_IDS: usize = 1 << Self::PAGE_BITS;
    const PAGE_WORDS: usize = Self::PAGE_IDS / 64;
    /// The most ids a page lists before it is made a bitmap (the list's size
    /// then an eighth of the bitmap's; a list filled in reverse order moves at most 1 KiB an id).
    const LISTED_AT_MOST: usize = 512;

    fn new(text_len: usize) -> Self {
        IdSet {
            directory: Vec::new(),
            pages: Vec::new(),
            page_budget: 1 + text_len / (Self::PAGE_IDS / 8),
            others: HashSet::default(),
        }
    }

    /// The page of `id` and its low bits.
    fn split(id: u32) -> (usize, u16) {
        ((id >> Self::PAGE_BITS) as usize, id as u16)
    }

    /// True when `id` is in the set.
    fn contains(&self, id: u32) -> bool {
        let (page, low) = Self::split(id);
        match self.directory.get(page).copied().unwrap_or(0) {
            0 => self.others.contains(&id),
            slot => self
                .pages
                .get(slot as usize - 1)
                .is_some_and(|p| p.contains(low)),
        }
    }

    /// The slot of a new page `page` (its index in `pages` + 1), or none past
    /// the budget.
    fn new_page(&mut self, page: usize, ids: IdPage) -> Option<u32> {
        if self.pages.len() >= self.page_budget {
            return None;
        }
        self.pages.push(ids);
        let slot = u32::try_from(self.pages.len()).unwrap_or(u32::MAX);
        if self.directory.len() <= page {
            self.directory.resize(page + 1, 0);
        }
        if let Some(entry) = self.directory.get_mut(page) {
            *entry = slot;
        }
        Some(slot)
    }

    /// Adds `id`; false when it was there already.
    fn insert(&mut self, id: u32) -> bool {
        let (page, low) = Self::split(id);
        let mut slot = self.directory.get(page).copied().unwrap_or(0);
        if slot == 0 {
            match self.new_page(page, IdPage::Listed(Vec::new())) {
                Some(new) => slot = new,
                None => return self.others.insert(id),
            }
        }
        match self.pages.get_mut(slot as usize - 1) {
            Some(ids) => ids.insert(low),
            None => self.others.insert(id),
        }
    }
}

impl IdSet {
    /// True when an id is in both sets: page against page.
    fn intersects(&self, other: &IdSet) -> bool {
        for (page, &slot) in other.directory.iter().enumerate() {
            let Some(theirs) = slot
                .checked_sub(1)
                .and_then(|s| other.pages.get(s as usize))
            else {
                continue;
            };
            let mine = self.directory.get(page).copied().unwrap_or(0);
            let common = match mine.checked_sub(1).and_then(|s| self.pages.get(s as usize)) {
                Some(mine) => mine.meets(theirs),
                None => {
                    !self.others.is_empty()
                        && Self::ids_of(page, theirs).any(|id| self.others.contains(&id))
                }
            };
            if common {
                return true;
            }
        }
        other.others.iter().any(|&id| self.contains(id))
    }

    /// Adds the ids of `other`: its pages taken as they are where this set
    /// has none (and has room), joined to this set's where it has.
    fn union(&mut self, other: IdSet) {
        let IdSet {
            directory,
            pages,
            others,
            ..
        } = other;
        let mut pages: Vec<Option<IdPage>> = pages.into_iter().map(Some).collect();
        for (page, slot) in directory.into_iter().enumerate() {
            let Some(theirs) = slot
                .checked_sub(1)
                .and_then(|s| pages.get_mut(s as usize))
                .and_then(Option::take)
            else {
                continue;
            };
            let mine = self.directory.get(page).copied().unwrap_or(0);
            if let Some(mine) = mine
                .checked_sub(1)
                .and_then(|s| self.pages.get_mut(s as usize))
            {
                mine.join(theirs);
            } else if self.pages.len() < self.page_budget {
                // (Room for a page: no id went to `others` yet, none of this page.)
                self.new_page(page, theirs);
            } else {
                for id in Self::ids_of(page, &theirs) {
                    self.insert(id);
                }
            }
        }
        for id in others {
            self.insert(id);
        }
    }

    /// The ids of a page.
    fn ids_of(page: usize, ids: &IdPage) -> impl Iterator<Item = u32> + '_ {
        let first = u32::try_from(page).unwrap_or(u32::MAX) << Self::PAGE_BITS;
        ids.lows().map(move |low| first | u32::from(low))
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
        // (A keyword's first letter, in either case, before trying each.)
        Some(b'M' | b'm' | b'P' | b'p' | b'I' | b'i' | b'E' | b'e') => {
            ["MP", "PC", "PE", "Pi", "P", "I", "E"]
                .into_iter()
                .any(|k| common::keyword_then_equals(cur, k))
        }
        Some(_) | None => false,
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
        let zero = x.wrapping_sub(ONES) & !x & HIGHS;
        if zero != 0 {
            // The lowest byte flagged is the first newline (a false flag can
            // only follow a true one).
            return Some(offset + (zero.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b == b'\n')
        .map(|i| offset + i)
}

/// [`Reader::holds_only_lists`] of `view`, whatever its player.
fn holds_only_lists_besides_player(view: &TurnView) -> bool {
    // Every field named: a new one must be placed on one side or the other.
    let TurnView {
        game,
        turn,
        turn_assumed,
        player: _,
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
    } = view;
    game.is_none()
        && turn.is_none()
        && !turn_assumed
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
        self.view.player.is_none() && holds_only_lists_besides_player(&self.view)
    }

    /// True when the streamed reading `next` of the next slice, on a thread, is
    /// what this reader would read of it (see [`read_streamed_counting_slices`]):
    /// `player` is the player both were told at the start.
    fn can_absorb(&self, next: &Reader<'_>, player: Option<&PlayerRef>) -> bool {
        let (Some(stream), Some(next_stream)) = (&self.stream, &next.stream) else {
            return false;
        };
        let lists_only =
            next.view.player.as_ref() == player && holds_only_lists_besides_player(&next.view);
        next_stream.slice
            && !self.bold
            && self.view.player.as_ref() == player
            && lists_only
            && !stream.world_ids.intersects(&next_stream.world_ids)
            && !stream.fleet_ids.intersects(&next_stream.fleet_ids)
            && !stream.treasure_ids.intersects(&next_stream.treasure_ids)
    }

    /// Takes the streamed reading of the next slice (see
    /// [`read_streamed_counting_slices`]): its ids, its duplicates, then all that
    /// [`Reader::append`] takes.
    fn absorb(&mut self, mut next: Reader<'_>) {
        if let (Some(stream), Some(next_stream)) = (&mut self.stream, next.stream.take()) {
            stream.world_ids.union(next_stream.world_ids);
            stream.fleet_ids.union(next_stream.fleet_ids);
            stream.treasure_ids.union(next_stream.treasure_ids);
            stream.later_worlds.extend(next_stream.later_worlds);
            stream.later_fleets.extend(next_stream.later_fleets);
            stream.later_treasures.extend(next_stream.later_treasures);
        }
        self.append(next);
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
            last_treasure: _,
            handed_treasure: _,
            spare_connections: _,
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
            Some(w) => world::rest(
                &mut cur,
                &mut ctx,
                w,
                &mut seen,
                &mut self.spare_connections,
            ),
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
        let mut f = FleetView {
            id,
            bomb,
            world: self.world,
            line: line_no,
            ..FleetView::default()
        };
        let mut ctx = Ctx {
            line_no,
            line,
            diags: &mut self.diags,
            names: &mut self.names,
        };
        fleet::rest(&mut cur, &mut ctx, &mut f)?;
        let index = self.view.fleets.len();
        match &mut self.stream {
            Some(stream) => {
                // As in `finish`: the annex's placeholder `...` is no duplicate.
                let placeholder = f.owner.as_deref() == Some("...");
                if placeholder || stream.fleet_ids.insert(f.id) {
                    stream.sink.fleet(&f, self.view.player.as_ref());
                } else {
                    stream.later_fleets.push((index, f.line));
                }
            }
            None => self.view.fleets.push(f),
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
        match &mut self.stream {
            Some(stream) if stream.takes_lists => stream.sink.trace(&t),
            _ => self.view.traces.push(t),
        }
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
        let kind = self.treasure_kind(text);
        let site = self.site.unwrap_or(TreasureSite::Unattached);
        match &mut self.stream {
            // As in `finish_treasures`: the first description is kept.
            Some(stream) if stream.takes_lists => {
                if stream.treasure_ids.insert(id) {
                    // Handed in a view used again (its name's allocation).
                    let handed = &mut self.handed_treasure;
                    handed.id = id;
                    handed.name.clear();
                    handed.name.push_str(text);
                    handed.kind = kind;
                    handed.site = site;
                    handed.line = line_no;
                    stream.sink.treasure(handed);
                } else {
                    stream.later_treasures.push((0, line_no));
                }
            }
            _ => self.view.treasures.push(TreasureView {
                id,
                name: text.to_string(),
                kind,
                site,
                line: line_no,
            }),
        }
        Ok(())
    }

    /// The kind of the treasure named `text` (a name of the vocabulary, in any
    /// case; an unknown name by its words). A CR names the same few treasures
    /// line after line: the last one is compared first.
    fn treasure_kind(&mut self, text: &str) -> Option<TreasureKind> {
        if let Some((last, kind)) = &self.last_treasure
            && last == text
        {
            return *kind;
        }
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
        let (last, last_kind) = self.last_treasure.get_or_insert_default();
        last.clear();
        last.push_str(text);
        *last_kind = kind;
        kind
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
        // The list of connections kept, to be used again by the next world.
        for w in self.view.worlds.drain(..) {
            if let Some(list) = w.connections {
                self.spare_connections = Some(list);
            }
        }
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
        warned |= self.drop_duplicates(&stream.later_treasures, "cr-duplicate-treasure");
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
/// `entries` are (index, id, line), in the order of their indices.
/// Found with an [`IdSet`] in one pass (a sort of a big CR's hundreds of
/// thousands of treasures cost more than reading them).
fn later_duplicates(entries: impl Iterator<Item = (usize, u32, u32)>) -> Vec<(usize, u32)> {
    // Pages up to 16 bytes per entry (a line holds more): as much as the list
    // of a sort would take; the ids of a big CR's treasures fit in them.
    let (least, most) = entries.size_hint();
    let mut seen = IdSet::new(most.unwrap_or(least).saturating_mul(16));
    entries
        .filter(|&(_, id, _)| !seen.insert(id))
        .map(|(index, _, line)| (index, line))
        .collect()
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
    use super::{
        FleetView, IdPage, IdSet, PlayerRef, Reader, SHORT_SLICES_PER_THREAD, SLICES_PER_THREAD,
        Sink, SplitSink, TextSource, TraceView, TreasureView, WorldView, count_newlines,
        find_newline, read_counting, read_in_n_slices, read_streamed_counting_slices, slice_starts,
        slice_starts_in,
    };

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

    /// Every world and fleet a streamed reading hands over, with the player
    /// handed with it, in order.
    #[derive(Default, Debug, PartialEq)]
    struct Handed(Vec<HandedItem>);

    /// (`M` or `F`, id, line, owner, the player handed with it).
    type HandedItem = (char, u32, u32, Option<String>, Option<String>);

    impl Sink for Handed {
        fn world(&mut self, w: &WorldView, player: Option<&PlayerRef>) {
            let owner = w
                .owner
                .as_ref()
                .and_then(|o| o.name.as_deref().map(str::to_string));
            let player = player.map(|p| p.name.clone());
            self.0.push(('M', w.id, w.line, owner, player));
        }
        fn fleet(&mut self, f: &FleetView, player: Option<&PlayerRef>) {
            let owner = f.owner.as_deref().map(str::to_string);
            let player = player.map(|p| p.name.clone());
            self.0.push(('F', f.id, f.line, owner, player));
        }
    }

    impl SplitSink for Handed {
        fn split(&self) -> Self {
            Handed::default()
        }
        fn join(&mut self, later: Self) {
            self.0.extend(later.0);
        }
    }

    /// The full fixture's header, then `blocks` blocks of worlds of their own
    /// numbers, with their fleets and traces.
    fn clean_text(blocks: u32) -> String {
        let start = FULL.find("Md_203").unwrap_or(0);
        let mut text = FULL[..start].to_string();
        for i in 0..blocks {
            text.push_str(&format!(
                "M_{i} (1,2) \"Zarkan\" P=5 MP=3(+1) [4,7]\n  F_{i} \"Zarkan\" []=3\n  \
                 F_{} \"Vellia\" [?]=7\n  {{F_{} \"Vellia\" vers M_{i}}}\n",
                i + 10_000_000,
                i + 20_000_000
            ));
        }
        text
    }

    #[test]
    fn a_big_text_read_streamed_in_slices_hands_what_one_piece_hands() {
        let [tricky, messy] = big_texts();
        // A player named again far down: the slices after it are read again.
        let mut renamed = clean_text(60_000);
        renamed.push_str("Joueur : \"Vellia\":2\n");
        renamed.push_str(&clean_text(60_000)[FULL.find("Md_203").unwrap_or(0)..]);
        for (name, text) in [
            ("clean", clean_text(120_000)),
            ("tricky", tricky),
            ("messy", messy),
            ("renamed", renamed),
        ] {
            let mut whole = Handed::default();
            let (view, diagnostics, counts) = read_counting(&text, Some(&mut whole));
            assert!(!whole.0.is_empty(), "{name}: worlds and fleets handed");
            for threads in [2, 3, 7] {
                let mut sliced = Handed::default();
                let Ok((sliced_view, sliced_diagnostics, sliced_counts, taken)) =
                    read_streamed_counting_slices(text.as_str(), &mut sliced, threads);
                assert!(
                    sliced == whole,
                    "{name}, {threads} threads: handed otherwise"
                );
                assert_eq!(sliced_diagnostics, diagnostics, "{name}, {threads} threads");
                assert!(
                    sliced_view == view,
                    "{name}, {threads} threads: views differ"
                );
                assert_eq!(
                    (sliced_counts.nonblank, sliced_counts.recognised),
                    (counts.nonblank, counts.recognised)
                );
                let Ok(starts) = slice_starts_in(
                    text.as_str(),
                    0,
                    threads * SLICES_PER_THREAD,
                    threads * SHORT_SLICES_PER_THREAD,
                    &mut Vec::new(),
                );
                let slices = starts.len();
                match name {
                    // Every slice taken as read: nothing read twice.
                    "clean" => assert_eq!(taken, slices),
                    // A header in every slice: all read again.
                    "messy" => {}
                    _ => assert!(
                        taken > 0 && taken < slices,
                        "{name}, {threads} threads: {taken} of {slices} slices taken"
                    ),
                }
            }
        }
    }

    /// Every trace and treasure a streamed reading hands to a sink that takes
    /// them ([`Sink::takes_lists`]): (`{` or `T`, fleet or treasure, line).
    #[derive(Default, Debug, PartialEq)]
    struct Lists(Vec<(char, u32, u32)>);

    impl Sink for Lists {
        fn world(&mut self, _: &WorldView, _: Option<&PlayerRef>) {}
        fn fleet(&mut self, _: &FleetView, _: Option<&PlayerRef>) {}
        fn takes_lists(&self) -> bool {
            true
        }
        fn trace(&mut self, t: &TraceView) {
            self.0.push(('{', t.fleet, t.line));
        }
        fn treasure(&mut self, t: &TreasureView) {
            self.0.push(('T', t.id, t.line));
        }
    }

    impl SplitSink for Lists {
        fn split(&self) -> Self {
            Lists::default()
        }
        fn join(&mut self, later: Self) {
            self.0.extend(later.0);
        }
    }

    #[test]
    fn a_sink_taking_the_traces_and_treasures_is_handed_those_the_view_keeps() {
        let [tricky, messy] = big_texts();
        for (name, text) in [
            ("clean", clean_text(120_000)),
            ("tricky", tricky),
            ("messy", messy),
        ] {
            let (view, diagnostics, _) = read_counting(&text, None);
            assert!(!view.traces.is_empty(), "{name}: traces");
            assert!(
                name == "clean" || !view.treasures.is_empty(),
                "{name}: treasures"
            );
            let traces: Vec<(char, u32, u32)> =
                view.traces.iter().map(|t| ('{', t.fleet, t.line)).collect();
            let treasures: Vec<(char, u32, u32)> =
                view.treasures.iter().map(|t| ('T', t.id, t.line)).collect();
            for threads in [1, 2, 3] {
                let mut lists = Lists::default();
                let Ok((sliced_view, sliced_diagnostics, _, _)) =
                    read_streamed_counting_slices(text.as_str(), &mut lists, threads);
                let handed = |kind| -> Vec<(char, u32, u32)> {
                    lists.0.iter().copied().filter(|l| l.0 == kind).collect()
                };
                assert!(handed('{') == traces, "{name}, {threads} threads: traces");
                assert!(
                    handed('T') == treasures,
                    "{name}, {threads} threads: treasures"
                );
                assert!(sliced_view.traces.is_empty() && sliced_view.treasures.is_empty());
                assert_eq!(sliced_diagnostics, diagnostics, "{name}, {threads} threads");
            }
        }
    }

    #[test]
    fn counts_newlines_as_one_byte_at_a_time_does() {
        let mut bytes: Vec<u8> = (0..40_000u32)
            .map(|i| {
                if i % 7 == 0 || i % 13 == 0 {
                    b'\n'
                } else {
                    (i % 251) as u8
                }
            })
            .collect();
        // A block of nothing but newlines: 255 per byte counter at most.
        bytes.extend(std::iter::repeat_n(b'\n', 20_000));
        // Bytes one bit away from a newline (0x0b, 0x8a, 0x0e …) next to them.
        bytes.extend((0..4_000u32).map(|i| {
            if i % 3 == 0 {
                b'\n'
            } else {
                b'\n' ^ (1 << (i % 8))
            }
        }));
        for len in [
            0,
            1,
            7,
            8,
            9,
            31,
            32,
            2039,
            2040,
            2041,
            8161,
            30_000,
            59_999,
            bytes.len(),
        ] {
            let slice = &bytes[..len];
            let expected = slice.iter().filter(|&&b| b == b'\n').count();
            assert_eq!(count_newlines(slice), expected, "{len} bytes");
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
            assert!(set.contains(id), "{id} is there");
            assert!(!set.insert(id), "{id} is there");
        }
        assert!(!set.contains(8) && !set.contains(65_537) && !set.contains(5));
        assert_eq!(set.pages.len(), 2);
        assert_eq!(set.others.len(), 3);
        assert_eq!(set.directory.len(), 2);
        assert!(set.insert(8));
        // A page of many ids, in any order: listed, then a bitmap.
        let mut set = IdSet::new(1024 * 1024);
        let many: Vec<u32> = (0..3000u32)
            .map(|k| 65_536 * 3 + (k * 7919) % 65_536)
            .collect();
        for (k, &id) in many.iter().enumerate() {
            assert!(set.insert(id), "{id} is new");
            assert!(!set.insert(id), "{id} is there");
            if k % 500 == 0 {
                let so_far = many.get(..=k).unwrap_or_default();
                assert!(so_far.iter().all(|&id| set.contains(id)), "{k} ids in");
            }
        }
        assert!(many.iter().all(|&id| set.contains(id)));
        assert!(!set.contains(65_536 * 3 + 1));
        assert!(matches!(set.pages.as_slice(), [IdPage::Bits(_)]));
    }

    #[test]
    fn id_sets_meet_and_join_as_their_ids_do() {
        // Sets of every budget (pages, then a hash set), ids clustered and
        // scattered: `intersects` and `union` as a set of all the ids says.
        // Pages of many ids (bitmaps), ids in descending order.
        let many: Vec<u32> = (0..2000u32).rev().map(|k| 65_536 * 9 + 3 * k).collect();
        let many_more: Vec<u32> = (0..1500u32).map(|k| 65_536 * 9 + 3 * k + 1).collect();
        let many_and_one: Vec<u32> = [65_536 * 9 + 3 * 1999]
            .into_iter()
            .chain((0..1100u32).map(|k| 65_536 * 12 + k))
            .collect();
        let groups: [&[u32]; 7] = [
            &[7, 3, 65_536 + 7, 200_000, u32::MAX],
            &[8, 65_536 * 9, 4_000_000_000, 0],
            &[3, 65_536 * 9 + 1],
            &[u32::MAX, 1_000_000_001],
            &many,
            &many_more,
            &many_and_one,
        ];
        for budget_text in [1, 8 * 1024, 1024 * 1024] {
            for (i, mine) in groups.iter().enumerate() {
                for theirs in groups.iter().skip(i + 1) {
                    let set_of = |ids: &[u32]| {
                        let mut set = IdSet::new(budget_text);
                        for &id in ids {
                            set.insert(id);
                        }
                        set
                    };
                    let (a, b) = (set_of(mine), set_of(theirs));
                    let common = mine.iter().any(|id| theirs.contains(id));
                    assert_eq!(a.intersects(&b), common, "{mine:?} {theirs:?}");
                    assert_eq!(b.intersects(&a), common, "{theirs:?} {mine:?}");
                    let mut joined = a;
                    joined.union(b);
                    for id in mine.iter().chain(theirs.iter()) {
                        assert!(joined.contains(*id), "{id} in the union");
                    }
                    for id in [1, 9, 65_536, 2_000_000_000] {
                        assert!(!joined.contains(id), "{id} in no set");
                    }
                }
            }
        }
    }

    /// A text read a part at a time into the reader's buffers, as a file is;
    /// a part reaching past `fail_from` cannot be read.
    struct Parts<'a> {
        bytes: &'a [u8],
        fail_from: usize,
    }

    impl TextSource for Parts<'_> {
        type Error = String;
        fn text_len(&self) -> usize {
            self.bytes.len()
        }
        fn bytes<'b>(
            &'b self,
            range: std::ops::Range<usize>,
            buffer: &'b mut Vec<u8>,
        ) -> Result<&'b [u8], String> {
            if range.end > self.fail_from {
                return Err(format!("{range:?} unreadable"));
            }
            buffer.clear();
            buffer.extend_from_slice(self.bytes.get(range).unwrap_or_default());
            Ok(buffer)
        }
        fn text<'b>(
            &'b self,
            range: std::ops::Range<usize>,
            buffer: &'b mut Vec<u8>,
        ) -> Result<&'b str, String> {
            std::str::from_utf8(self.bytes(range, buffer)?).map_err(|e| e.to_string())
        }
    }

    #[test]
    fn a_text_read_part_by_part_hands_what_the_whole_string_hands() {
        let [tricky, _] = big_texts();
        for (name, text) in [
            ("clean", format!("\u{feff}{}", clean_text(120_000))),
            ("tricky", tricky),
        ] {
            let mut whole = Handed::default();
            let (view, diagnostics, counts) = read_counting(&text, Some(&mut whole));
            for threads in [1, 2, 3] {
                let mut parts = Handed::default();
                let source = Parts {
                    bytes: text.as_bytes(),
                    fail_from: usize::MAX,
                };
                let read = read_streamed_counting_slices(&source, &mut parts, threads);
                let Ok((parts_view, parts_diagnostics, parts_counts, _)) = read else {
                    panic!("{name}, {threads} threads: {read:?}", read = read.err());
                };
                assert!(
                    parts == whole,
                    "{name}, {threads} threads: handed otherwise"
                );
                assert_eq!(parts_diagnostics, diagnostics, "{name}, {threads} threads");
                assert!(
                    parts_view == view,
                    "{name}, {threads} threads: views differ"
                );
                assert_eq!(
                    (parts_counts.nonblank, parts_counts.recognised),
                    (counts.nonblank, counts.recognised)
                );
                // A part that cannot be read (or is not UTF-8): the error, and
                // nothing handed.
                for fail_from in [text.len() / 3, text.len() - 1] {
                    let mut failed = Handed::default();
                    let source = Parts {
                        bytes: text.as_bytes(),
                        fail_from,
                    };
                    let read = read_streamed_counting_slices(&source, &mut failed, threads);
                    assert!(read.is_err(), "{name}, {threads} threads: an error");
                    assert!(failed.0.is_empty(), "{name}, {threads} threads: handed");
                }
                let mut broken = text.clone().into_bytes();
                if let Some(byte) = broken.get_mut(text.len() * 2 / 3) {
                    *byte = 0xff;
                }
                let source = Parts {
                    bytes: &broken,
                    fail_from: usize::MAX,
                };
                let mut failed = Handed::default();
                let read = read_streamed_counting_slices(&source, &mut failed, threads);
                assert!(read.is_err(), "{name}, {threads} threads: not UTF-8");
                assert!(failed.0.is_empty(), "{name}, {threads} threads: handed");
            }
        }
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
