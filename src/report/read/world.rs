//! World lines: `M_15 (13,75,584) "Maxtor:5" [I=2]=3 [P=86(167)]=1 MP=7(+1)`,
//! black holes, continuation lines, and the owner blocks shared with fleets.

use crate::model::galaxy::Coords;
use crate::model::view::{Connection, Deaths, OwnerView, PopKind, WorldEvent, WorldView};

use super::common::{
    Ctx, Dots, close_bracket, dots, eat_keyword_equals, fire_mark, keyword_then_equals, quoted,
};
use super::cursor::{Cursor, Fail, Parse, SYNTAX, TOO_LARGE, fold};

/// Which items a world's lines showed (to complete a full line at the end).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Seen {
    pub bits: u16,
    /// `/5C` or `P=14C`: the converts belong to the world's owner.
    pub converts_by_owner: bool,
}

pub(super) const OWNER: u16 = 1;
pub(super) const IND: u16 = 1 << 1;
pub(super) const POP: u16 = 1 << 2;
pub(super) const MP: u16 = 1 << 3;
pub(super) const PC: u16 = 1 << 4;
pub(super) const PI: u16 = 1 << 5;
pub(super) const PE: u16 = 1 << 6;
pub(super) const MEVA: u16 = 1 << 7;
pub(super) const CONVERTS: u16 = 1 << 8;

/// `M_12`, `Md_127`, `M#51`: number and prefix flags.
pub(super) struct Head {
    pub id: u32,
    pub start_world: bool,
    pub bombed: bool,
}

/// Applies ruling G-16 (see the ruling list).
pub(super) fn head(cur: &mut Cursor<'_>) -> Parse<Head> {
    cur.expect(b'M')?;
    let start_world = cur.eat_ci(b'd');
    let bombed = cur.eat(b'#');
    if !cur.eat(b'_') && !bombed {
        return cur.fail(SYNTAX);
    }
    let id = cur.int()?;
    Ok(Head {
        id,
        start_world,
        bombed,
    })
}

/// The rest of a world line after its head: a black hole, or connections, owner
/// and items.
///
/// `spare`: a list of connections to use again (a streamed reading's, of the
/// world handed before), taken when the line lists connections.
pub(super) fn rest(
    cur: &mut Cursor<'_>,
    ctx: &mut Ctx<'_>,
    w: &mut WorldView,
    seen: &mut Seen,
    spare: &mut Option<Vec<Connection>>,
) -> Parse<()> {
    let head_end = cur.pos;
    cur.skip_ws();
    if cur.peek() == Some(b'*') {
        // Most black holes are written `* Trou noir *` (found without
        // folding the rest of the line); any other spacing or case is folded.
        let rest = cur.rest().as_bytes();
        let plain = rest
            .windows(9)
            .any(|w| w.eq_ignore_ascii_case(b"trou noir"));
        if plain || fold(cur.rest()).contains("trou noir") {
            w.black_hole = true;
            cur.pos = cur.end;
            return Ok(());
        }
        return cur.fail(SYNTAX);
    }
    if cur.peek() == Some(b'(') {
        w.connections = connections(cur, spare)?;
        if w.connections.is_none() {
            w.elided = true;
        }
    } else {
        // A world named without its connections (a mention, not a description).
        ctx.warn(head_end, cur.pos, "cr-world-incomplete");
        w.elided = true;
    }
    items(cur, ctx, w, seen, true)
}

/// Applies ruling G-25 (see the ruling list).
fn connections(
    cur: &mut Cursor<'_>,
    spare: &mut Option<Vec<Connection>>,
) -> Parse<Option<Vec<Connection>>> {
    cur.expect(b'(')?;
    cur.skip_ws();
    if cur.looking_at_ci("...") {
        while cur.eat(b'.') {}
        cur.skip_ws();
        cur.expect(b')')?;
        return Ok(None);
    }
    let count = cur.find(b')').map_or(0, |close| {
        cur.slice(cur.pos, close)
            .bytes()
            .filter(|&b| b == b',')
            .count()
    });
    let mut list = match spare.take() {
        Some(mut list) => {
            list.clear();
            list.reserve(count + 1);
            list
        }
        None => Vec::with_capacity(count + 1),
    };
    if cur.eat(b')') {
        return Ok(Some(list));
    }
    loop {
        cur.skip_ws();
        let mut black_hole = cur.eat(b'@');
        cur.skip_ws();
        let world = cur.int()?;
        cur.skip_ws();
        if cur.eat(b'@') {
            black_hole = true;
        }
        list.push(Connection { world, black_hole });
        cur.skip_ws();
        if cur.eat(b',') {
            continue;
        }
        cur.expect(b')')?;
        return Ok(Some(list));
    }
}

/// The items of a world line, or of a continuation line (`owner_allowed` false).
pub(super) fn items(
    cur: &mut Cursor<'_>,
    ctx: &mut Ctx<'_>,
    w: &mut WorldView,
    seen: &mut Seen,
    mut owner_allowed: bool,
) -> Parse<()> {
    loop {
        cur.skip_ws();
        let Some(c) = cur.peek() else {
            return Ok(());
        };
        match c {
            b'"' if owner_allowed => {
                owner(cur, ctx, w)?;
                seen.bits |= OWNER;
            }
            b'[' => bracket(cur, ctx, w, seen)?,
            b'{' => w.push_death(deaths(cur)?),
            b'+' if cur.looking_at_ci("+pop") => growth(cur, w)?,
            b'.' => {
                if let Dots::Elision = dots(cur, ctx)? {
                    w.elided = true;
                }
            }
            _ => keyword_item(cur, ctx, w, seen)?,
        }
        owner_allowed = false;
    }
}

fn keyword_item(
    cur: &mut Cursor<'_>,
    ctx: &mut Ctx<'_>,
    w: &mut WorldView,
    seen: &mut Seen,
) -> Parse<()> {
    let upper = |b: Option<u8>| b.map(|b| b.to_ascii_uppercase());
    let keyword: &str = match (upper(cur.peek()), upper(cur.peek_at(1))) {
        (Some(b'M'), Some(b'P')) => "MP",
        (Some(b'P'), Some(b'C')) => "PC",
        (Some(b'P'), Some(b'E')) => "PE",
        (Some(b'P'), Some(b'I')) => "Pi",
        (Some(b'P'), _) => "P",
        (Some(b'I'), _) => "I",
        (Some(b'E'), _) => "E",
        _ => return cur.fail(SYNTAX),
    };
    // The letters matched: spaces, `=`, spaces.
    let mut probe = *cur;
    probe.pos += keyword.len();
    probe.skip_ws();
    if !probe.eat(b'=') {
        return cur.fail(SYNTAX);
    }
    probe.skip_ws();
    *cur = probe;
    match keyword {
        "MP" => {
            mp(cur, w)?;
            seen.bits |= MP;
        }
        "PC" => {
            w.set_pc(Some(cur.int()?));
            seen.bits |= PC;
        }
        "PE" => {
            w.set_pe(Some(cur.int()?));
            seen.bits |= PE;
        }
        "Pi" => {
            let count = cur.int()?;
            let save = cur.pos;
            cur.skip_ws();
            let recovery = if cur.eat(b'/') {
                cur.skip_ws();
                cur.int()?
            } else {
                cur.pos = save;
                0
            };
            w.set_pillage_count(Some(count));
            w.set_pillage_recovery(Some(recovery));
            seen.bits |= PI;
        }
        "P" => {
            population(cur, ctx, w, seen)?;
            w.set_vp(Some(0));
            w.set_vp_fire(None);
        }
        "I" => {
            industries(cur, w)?;
            w.set_vi(Some(0));
            w.set_vi_fire(None);
            seen.bits |= IND;
        }
        _ => {
            let done = cur.int()?;
            cur.skip_ws();
            cur.expect(b'/')?;
            cur.skip_ws();
            let slots = cur.int()?;
            w.set_meva(Some(done));
            w.set_meva_slots(Some(slots));
            seen.bits |= MEVA;
        }
    }
    Ok(())
}

/// `I=n` or `I=a/n` (the cursor after `=`).
fn industries(cur: &mut Cursor<'_>, w: &mut WorldView) -> Parse<()> {
    let first = cur.int()?;
    let save = cur.pos;
    cur.skip_ws();
    if cur.eat(b'/') {
        cur.skip_ws();
        let total = cur.int()?;
        w.set_industries(Some(total));
        w.set_active_industries(Some(first));
    } else {
        cur.pos = save;
        w.set_industries(Some(first));
        w.set_active_industries(Some(first));
    }
    Ok(())
}

/// `MP=7(+1)`, `MP=3`, `MP=(+2)`, `MP=10 (+1)` (the cursor after `=`).
fn mp(cur: &mut Cursor<'_>, w: &mut WorldView) -> Parse<()> {
    let stock = if cur.at_digit() {
        Some(cur.int()?)
    } else {
        None
    };
    let save = cur.pos;
    cur.skip_ws();
    let production = if cur.eat(b'(') {
        cur.skip_ws();
        cur.eat(b'+');
        cur.skip_ws();
        let n = cur.int()?;
        cur.skip_ws();
        cur.expect(b')')?;
        Some(n)
    } else {
        cur.pos = save;
        None
    };
    if stock.is_none() && production.is_none() {
        return cur.fail(SYNTAX);
    }
    w.set_mp(Some(stock.unwrap_or(0)));
    w.set_mining(Some(production.unwrap_or(0)));
    Ok(())
}

/// `+Pop=+17.5%` → 175 tenths of a percent.
fn growth(cur: &mut Cursor<'_>, w: &mut WorldView) -> Parse<()> {
    cur.eat_str_ci("+pop");
    cur.skip_ws();
    cur.expect(b'=')?;
    cur.skip_ws();
    cur.eat(b'+');
    let start = cur.pos;
    let whole = cur.int()?;
    let too_large = Fail {
        pos: start,
        code: TOO_LARGE,
    };
    let mut tenths = whole.checked_mul(10).ok_or(too_large)?;
    if matches!(cur.peek(), Some(b'.' | b',')) && cur.peek_at(1).is_some_and(|b| b.is_ascii_digit())
    {
        cur.pos += 1;
        let mut digit_index = 0;
        while let Some(d) = cur.peek().filter(u8::is_ascii_digit) {
            let d = u32::from(d - b'0');
            match digit_index {
                0 => tenths = tenths.checked_add(d).ok_or(too_large)?,
                1 if d >= 5 => tenths = tenths.checked_add(1).ok_or(too_large)?,
                _ => {}
            }
            digit_index += 1;
            cur.pos += 1;
        }
    }
    cur.skip_ws();
    cur.eat(b'%');
    w.set_growth_rate(Some(tenths));
    Ok(())
}

/// Applies ruling G-23 (see the ruling list).
fn deaths(cur: &mut Cursor<'_>) -> Parse<Deaths> {
    cur.expect(b'{')?;
    cur.skip_ws();
    cur.eat(b'-');
    cur.skip_ws();
    let count = cur.int()?;
    cur.skip_ws();
    let kind = match cur.peek().map(|b| b.to_ascii_uppercase()) {
        Some(b'P' | b'N') => {
            cur.pos += 1;
            PopKind::NonConverts
        }
        Some(b'C') => {
            cur.pos += 1;
            PopKind::Converts
        }
        Some(b'R') => {
            cur.pos += 1;
            PopKind::Robots
        }
        _ => PopKind::NonConverts,
    };
    cur.skip_ws();
    cur.expect(b'}')?;
    Ok(Deaths { count, kind })
}

/// `P=86(167)`, `P=14C (26)`, `P=25R(167)`, `P=0{-351} (0)`,
/// `P=86(167)/12C:"Miria"`, `P=14 (26) /8C:Gehowa`, `P=14 (26) /5C` (the cursor
/// after `=`).
///
/// Ruling G-27 (VI.4.2): converts of several missionaries never remain on one
/// world at the end of a turn, so one converts suffix suffices: a second one is
/// read, dropped, and warned about (`cr-several-converts`).
fn population(
    cur: &mut Cursor<'_>,
    ctx: &mut Ctx<'_>,
    w: &mut WorldView,
    seen: &mut Seen,
) -> Parse<()> {
    let count = cur.int()?;
    let mut all_converted = false;
    let mut robots = false;
    match cur.peek() {
        Some(b'C' | b'c') => {
            cur.pos += 1;
            all_converted = true;
        }
        Some(b'R' | b'r') => {
            cur.pos += 1;
            robots = true;
        }
        _ => {}
    }
    if cur.at_word_char() {
        return cur.fail(SYNTAX);
    }
    let mut limit = None;
    let mut converts: Option<(u32, Option<String>)> = None;
    loop {
        let save = cur.pos;
        cur.skip_ws();
        match cur.peek() {
            Some(b'{') => w.push_death(deaths(cur)?),
            Some(b'(') if limit.is_none() => {
                cur.pos += 1;
                cur.skip_ws();
                limit = Some(cur.int()?);
                cur.skip_ws();
                cur.expect(b')')?;
            }
            Some(b'/') => {
                let at = cur.pos;
                let suffix = converts_suffix(cur)?;
                if converts.is_some() || seen.bits & CONVERTS != 0 {
                    ctx.warn(at, cur.pos, "cr-several-converts");
                } else {
                    converts = Some(suffix);
                }
            }
            _ => {
                cur.pos = save;
                break;
            }
        }
    }
    w.set_pop_limit(limit);
    let has_converts = all_converted || converts.is_some();
    if robots {
        w.set_robots(Some(count));
        w.set_population(Some(0));
        w.set_converts(Some(0));
        w.converts_owner = None;
    } else {
        w.set_robots(Some(0));
        w.set_population(Some(count));
        if all_converted {
            w.set_converts(Some(count));
            w.converts_owner = None;
            seen.converts_by_owner = true;
        } else if let Some((n, owner)) = converts {
            w.set_converts(Some(n));
            seen.converts_by_owner = owner.is_none();
            w.converts_owner = owner;
        } else {
            w.set_converts(Some(0));
            w.converts_owner = None;
        }
    }
    if has_converts {
        seen.bits |= CONVERTS;
    }
    seen.bits |= POP;
    Ok(())
}

/// Applies ruling G-26 (see the ruling list).
fn converts_suffix(cur: &mut Cursor<'_>) -> Parse<(u32, Option<String>)> {
    cur.expect(b'/')?;
    cur.skip_ws();
    let n = cur.int()?;
    cur.skip_ws();
    if !cur.eat_ci(b'C') {
        return cur.fail(SYNTAX);
    }
    let save = cur.pos;
    cur.skip_ws();
    if !cur.eat(b':') {
        cur.pos = save;
        return Ok((n, None));
    }
    cur.skip_ws();
    if cur.peek() == Some(b'"') {
        let (s, e) = super::common::strict_quoted(cur)?;
        let name = cur.slice(s, e).trim();
        return Ok((n, (!name.is_empty()).then(|| name.to_string())));
    }
    let start = cur.pos;
    while let Some(b) = cur.peek() {
        if b == b']' || cur.at_space() {
            break;
        }
        if b == b'"' {
            // A quote inside an unquoted name: the name could not be printed back.
            return cur.fail(SYNTAX);
        }
        cur.bump();
    }
    if cur.pos == start {
        return cur.fail(SYNTAX);
    }
    // Other whitespace than spaces (a form feed…) is left out of the name, as
    // inside quotes: the name prints back quoted.
    let name = cur.slice(start, cur.pos).trim();
    Ok((n, (!name.is_empty()).then(|| name.to_string())))
}

/// A `[…]` item of a world: `[I=2]=3`, `[]=2`, `[P=86(167)]=1`, `[12,7]`, `[...]`.
fn bracket(
    cur: &mut Cursor<'_>,
    ctx: &mut Ctx<'_>,
    w: &mut WorldView,
    seen: &mut Seen,
) -> Parse<()> {
    let open = cur.pos;
    cur.expect(b'[')?;
    cur.skip_ws();
    if keyword_then_equals(cur, "I") {
        eat_keyword_equals(cur, "I");
        industries(cur, w)?;
        close_bracket(cur, ctx, open, false)?;
        w.set_vi(Some(cur.int()?));
        w.set_vi_fire(fire_mark(cur)?);
        seen.bits |= IND;
    } else if keyword_then_equals(cur, "P") {
        eat_keyword_equals(cur, "P");
        population(cur, ctx, w, seen)?;
        close_bracket(cur, ctx, open, false)?;
        w.set_vp(Some(cur.int()?));
        w.set_vp_fire(fire_mark(cur)?);
    } else if cur.at_digit() {
        let x = cur.int()?;
        cur.skip_ws();
        cur.expect(b',')?;
        cur.skip_ws();
        let y = cur.int()?;
        cur.skip_ws();
        cur.expect(b']')?;
        w.coords = Some(Coords { x, y });
        w.coords_approximate = false;
    } else if cur.peek() == Some(b'.') {
        if !cur.looking_at_ci("...") {
            return cur.fail(SYNTAX);
        }
        while cur.eat(b'.') {}
        cur.skip_ws();
        cur.expect(b']')?;
        w.elided = true;
        // `[...]=5`: VI or VP, we cannot tell; the count is read and dropped.
        let save = cur.pos;
        cur.skip_ws();
        if cur.eat(b'=') {
            cur.skip_ws();
            cur.int()?;
            fire_mark(cur)?;
        } else {
            cur.pos = save;
        }
    } else if matches!(cur.peek(), Some(b']' | b'=')) {
        close_bracket(cur, ctx, open, true)?;
        w.set_vi(Some(cur.int()?));
        w.set_vi_fire(fire_mark(cur)?);
        w.set_industries(Some(0));
        w.set_active_industries(Some(0));
        seen.bits |= IND;
    } else {
        return cur.fail(SYNTAX);
    }
    Ok(())
}

/// The owner block of a world line.
///
/// Applies ruling G-18 (see the ruling list).
fn owner(cur: &mut Cursor<'_>, ctx: &mut Ctx<'_>, w: &mut WorldView) -> Parse<()> {
    let (s, e) = quoted(cur, ctx)?;
    let text = owner_text(cur, ctx, s, e, true);
    let mut owner = OwnerView {
        name: text.name.map(|name| ctx.names.get(name)),
        previous: text.previous.map(str::to_string),
        owned_turns: text.owned_turns.unwrap_or(0),
        mining_counter: text.mining_counter,
        event: text.captured.then_some(WorldEvent::Captured),
    };
    if text.placeholder {
        w.elided = true;
    }
    // A flag after the quotes, possibly after spaces (T-6, T-7).
    let save = cur.pos;
    cur.skip_ws();
    match cur.peek() {
        Some(b'!') => {
            cur.pos += 1;
            owner.event = Some(WorldEvent::Captured);
        }
        Some(flag @ (b'C' | b'P'))
            if !cur.peek_at(1).is_some_and(|b| {
                b.is_ascii_alphanumeric() || b == b'_' || b == b'=' || b >= 0x80
            }) =>
        {
            cur.pos += 1;
            owner.event = Some(if flag == b'C' {
                WorldEvent::Gift
            } else {
                WorldEvent::Pillaged
            });
        }
        _ => cur.pos = save,
    }
    w.owner = Some(owner);
    Ok(())
}

/// The parts of the text inside an owner block.
pub(super) struct OwnerText<'a> {
    /// `None` for `" (BACKCHICHE) "` (became neutral) or an empty block.
    pub name: Option<&'a str>,
    pub previous: Option<&'a str>,
    /// `!` inside the quotes.
    pub captured: bool,
    pub owned_turns: Option<u32>,
    pub mining_counter: Option<u32>,
    /// The name is the placeholder `...` of the book's annex.
    pub placeholder: bool,
}

/// Reads the text of an owner block (byte range `s..e` of the line): trims it
/// (T-5), takes a final `!` (T-6), the counters `:o` / `:o:c` (worlds only,
/// `counters`), and `New(Old)` / `(Old)`.
///
/// Applies ruling G-17 (see the ruling list).
pub(super) fn owner_text<'a>(
    cur: &Cursor<'a>,
    ctx: &mut Ctx<'_>,
    s: usize,
    e: usize,
    counters: bool,
) -> OwnerText<'a> {
    let byte = |i: usize| cur.byte_at(i).unwrap_or(0);
    let is_space = |b: u8| b == b' ' || b == b'\t';
    let (mut a, mut b) = (s, e);
    while a < b && is_space(byte(a)) {
        a += 1;
    }
    // What ends the text before each part is taken off — spaces, tabs and the
    // capture mark, however many times it is written (`Nom !!`, `"Nom! : 0`,
    // `Nom (Old) !:3`) — is never the name's: a name never ends with a blank or
    // a `!`, or it would read back otherwise once printed (blanks trimmed, a
    // final `!` a capture, `X (Y) !` a name where `X (Y)` is a previous owner).
    let mut captured = false;
    let mut strip_tail = |b: &mut usize| loop {
        while *b > a && is_space(byte(*b - 1)) {
            *b -= 1;
        }
        if *b > a && byte(*b - 1) == b'!' {
            captured = true;
            *b -= 1;
        } else {
            break;
        }
    };
    strip_tail(&mut b);
    let mut owned_turns = None;
    let mut mining_counter = None;
    if counters && let Some((rest, last)) = split_counter(cur, ctx, a, b) {
        b = rest;
        strip_tail(&mut b);
        if let Some((rest2, first)) = split_counter(cur, ctx, a, b) {
            owned_turns = Some(first);
            mining_counter = Some(last);
            b = rest2;
            strip_tail(&mut b);
        } else {
            owned_turns = Some(last);
        }
    }
    let mut previous = None;
    if b > a && byte(b - 1) == b')' {
        let open = (a..b - 1).rev().find(|&i| byte(i) == b'(');
        // An empty `()` is no previous owner: it stays in the name (taken off,
        // a name such as `X : 1 ()` would print as `"X : 1"` and read back as
        // `X` with a counter).
        if let Some(p) = open.filter(|&p| !cur.slice(p + 1, b - 1).trim().is_empty()) {
            previous = Some(cur.slice(p + 1, b - 1).trim());
            b = p;
            strip_tail(&mut b);
        }
    }
    let name = cur.slice(a, b);
    let name = (!name.is_empty()).then_some(name);
    OwnerText {
        placeholder: name.is_some_and(|n| n.chars().all(|c| c == '.')),
        name,
        previous,
        captured,
        owned_turns,
        mining_counter,
    }
}

/// A `:n` at the end of `a..b` (spaces or tabs allowed around `:` and after
/// `n`): returns the end of what precedes it and `n`. A space before `:` is a
/// typo (T-5): warned.
fn split_counter(cur: &Cursor<'_>, ctx: &mut Ctx<'_>, a: usize, b: usize) -> Option<(usize, u32)> {
    let byte = |i: usize| cur.byte_at(i).unwrap_or(0);
    // Spaces and tabs alike (a tab left before a first counter would keep it in
    // the name, then be trimmed on the next reading and the counter read).
    let is_space = |b: u8| b == b' ' || b == b'\t';
    let mut b = b;
    while b > a && is_space(byte(b - 1)) {
        b -= 1;
    }
    let mut i = b;
    while i > a && byte(i - 1).is_ascii_digit() {
        i -= 1;
    }
    if i == b {
        return None;
    }
    let digits = cur.slice(i, b);
    let mut j = i;
    while j > a && is_space(byte(j - 1)) {
        j -= 1;
    }
    if j == a || byte(j - 1) != b':' {
        return None;
    }
    let value: u32 = digits.parse().ok()?;
    let colon = j - 1;
    let mut k = colon;
    while k > a && is_space(byte(k - 1)) {
        k -= 1;
    }
    if k < colon {
        ctx.warn(k, colon + 1, "cr-owner-spacing");
    }
    Some((k, value))
}

/// Completes a world after its last line: on a full line, an absent item is known
/// to be zero (see the format doc in `report/mod.rs`).
pub(super) fn finish(w: &mut WorldView, seen: &Seen) {
    if seen.converts_by_owner {
        w.converts_owner = w
            .owner
            .as_ref()
            .and_then(|o| o.name.as_deref().map(str::to_string));
    }
    if w.elided || w.black_hole {
        return;
    }
    if w.owner.is_none() {
        w.owner = Some(OwnerView::default());
    }
    if seen.bits & IND == 0 {
        w.set_industries(Some(0));
        w.set_active_industries(Some(0));
        w.set_vi(Some(0));
    }
    if seen.bits & POP == 0 {
        w.set_population(Some(0));
        w.set_converts(Some(0));
        w.set_robots(Some(0));
        w.set_pop_limit(Some(0));
        w.set_vp(Some(0));
    }
    if seen.bits & MP == 0 {
        w.set_mp(Some(0));
        w.set_mining(Some(0));
    }
    if seen.bits & PC == 0 {
        w.set_pc(Some(0));
    }
    if seen.bits & PI == 0 {
        w.set_pillage_count(Some(0));
        w.set_pillage_recovery(Some(0));
    }
    if seen.bits & PE == 0 {
        w.set_pe(Some(0));
    }
    if seen.bits & MEVA == 0 {
        w.set_meva(Some(0));
    }
}
