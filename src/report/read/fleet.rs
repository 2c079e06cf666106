//! Fleet lines (`F_57 "Maxtor" []=10`), traces (`{F_57 "Maxtor" vers M_48}`) and
//! treasure lines (`T_57 <La machine perdue>`).

use crate::model::view::{CargoView, FleetEvent, FleetView, TraceView};

use super::common::{Ctx, Dots, close_bracket, dots, fire_mark, origin, quoted, world_ref};
use super::cursor::{Cursor, Fail, Parse, SYNTAX, TOO_LARGE};
use super::world::owner_text;

/// `F_57` / `F#48`: number and bomb flag.
pub(super) fn head(cur: &mut Cursor<'_>) -> Parse<(u32, bool)> {
    cur.expect(b'F')?;
    let bomb = cur.eat(b'#');
    if !cur.eat(b'_') && !bomb {
        return cur.fail(SYNTAX);
    }
    let id = cur.int()?;
    Ok((id, bomb))
}

/// True when the cursor stands on `("` (spaces allowed): a peace owner block.
fn at_peace_block(cur: &Cursor<'_>) -> bool {
    let mut probe = *cur;
    probe.eat(b'(') && {
        probe.skip_ws();
        probe.peek() == Some(b'"')
    }
}

/// The rest of a fleet line after its head.
///
/// Applies ruling G-21 (see the ruling list).
pub(super) fn rest(cur: &mut Cursor<'_>, ctx: &mut Ctx<'_>, f: &mut FleetView) -> Parse<()> {
    let head_end = cur.pos;
    cur.skip_ws();
    let mut has_owner = false;
    if cur.peek() == Some(b'"') {
        owner(cur, ctx, f, false)?;
        has_owner = true;
    } else if at_peace_block(cur) {
        owner(cur, ctx, f, true)?;
        has_owner = true;
    }
    let mut has_ships = false;
    loop {
        cur.skip_ws();
        let Some(c) = cur.peek() else {
            break;
        };
        match c {
            b'[' if !has_ships => {
                ships(cur, ctx, f)?;
                has_ships = true;
            }
            b'd' | b'D' if matches!(cur.peek_at(1), Some(b'u' | b'U')) && f.from.is_none() => {
                f.from = Some(origin(cur)?);
            }
            b'*' if f.fire.is_none() => f.fire = fire_mark(cur)?,
            b'.' => {
                dots(cur, ctx)?;
            }
            _ => return cur.fail(SYNTAX),
        }
    }
    if !has_ships {
        if has_owner || f.fire.is_some() {
            f.vc = Some(0);
            f.vt = Some(0);
            f.total = Some(0);
            f.cargo = Some(CargoView::default());
        } else {
            // `F#102` alone: a mention, nothing is known of it.
            ctx.warn(head_end, cur.pos, "cr-fleet-incomplete");
        }
    }
    Ok(())
}

/// `"Maxtor"`, `("Backchiche")`, `("Ishar (Maxtor) ") C`, `"... "D`, `"X"!`.
fn owner(cur: &mut Cursor<'_>, ctx: &mut Ctx<'_>, f: &mut FleetView, peace: bool) -> Parse<()> {
    if peace {
        cur.expect(b'(')?;
        cur.skip_ws();
    }
    let (s, e) = quoted(cur, ctx)?;
    let text = owner_text(cur, ctx, s, e, false);
    if peace {
        cur.skip_ws();
        cur.expect(b')')?;
    }
    f.owner = text.name.map(|name| ctx.names.get(name));
    f.previous_owner = text.previous.map(str::to_string);
    f.at_peace = Some(peace);
    if text.captured {
        f.event = Some(FleetEvent::Captured);
    }
    let save = cur.pos;
    cur.skip_ws();
    let flag = match cur.peek() {
        Some(b'!') => Some(FleetEvent::Captured),
        Some(b'C') => Some(FleetEvent::Gift),
        Some(b'D') => Some(FleetEvent::UnloadedPc),
        Some(b'P') => Some(FleetEvent::Pirated),
        _ => None,
    };
    let word_follows = cur
        .peek_at(1)
        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'=' || b >= 0x80);
    match flag {
        Some(event) if cur.peek() == Some(b'!') || !word_follows => {
            cur.pos += 1;
            f.event = Some(event);
        }
        _ => cur.pos = save,
    }
    Ok(())
}

/// `[2,7N,3C,2R]=4+6T`, `[]=10`, `[?]=3`, `[?]=24?`, `[?]=?`, `[...] =2`.
fn ships(cur: &mut Cursor<'_>, ctx: &mut Ctx<'_>, f: &mut FleetView) -> Parse<()> {
    let open = cur.pos;
    cur.expect(b'[')?;
    cur.skip_ws();
    let (cargo, empty) = match cur.peek() {
        Some(b'?') => {
            cur.pos += 1;
            (None, false)
        }
        Some(b'.') => {
            if !cur.looking_at_ci("...") {
                return cur.fail(SYNTAX);
            }
            while cur.eat(b'.') {}
            (None, false)
        }
        Some(b']' | b'=') => (Some(CargoView::default()), true),
        Some(b) if b.is_ascii_digit() => (Some(cargo(cur)?), false),
        _ => return cur.fail(SYNTAX),
    };
    close_bracket(cur, ctx, open, empty)?;
    let (vc, vt, total) = ship_count(cur)?;
    f.vc = vc;
    f.vt = vt;
    f.total = total;
    f.cargo = cargo;
    Ok(())
}

/// `2,7N,3C,2R` (spaces allowed after commas).
fn cargo(cur: &mut Cursor<'_>) -> Parse<CargoView> {
    let mut cargo = CargoView::default();
    loop {
        cur.skip_ws();
        let start = cur.pos;
        let n = cur.int()?;
        let slot = match cur.peek().map(|b| b.to_ascii_uppercase()) {
            Some(b'N') => {
                cur.pos += 1;
                &mut cargo.n
            }
            Some(b'C') => {
                cur.pos += 1;
                &mut cargo.c
            }
            Some(b'R') => {
                cur.pos += 1;
                &mut cargo.r
            }
            _ => &mut cargo.mp,
        };
        *slot = slot.checked_add(n).ok_or(Fail {
            pos: start,
            code: TOO_LARGE,
        })?;
        if cur.at_word_char() {
            return cur.fail(SYNTAX);
        }
        cur.skip_ws();
        if !cur.eat(b',') {
            return Ok(cargo);
        }
    }
}

/// `10` (VC), `6T` (VT), `4+6T`, `24?` (total only), `?` (nothing known: what
/// the printer writes for a fleet whose cargo alone is known, `[?]=?` at worst).
fn ship_count(cur: &mut Cursor<'_>) -> Parse<(Option<u32>, Option<u32>, Option<u32>)> {
    let start = cur.pos;
    if eat_suffix(cur, b'?') {
        return Ok((None, None, None));
    }
    let a = cur.int()?;
    if eat_suffix(cur, b'T') {
        return Ok((Some(0), Some(a), Some(a)));
    }
    if eat_suffix(cur, b'?') {
        return Ok((None, None, Some(a)));
    }
    let save = cur.pos;
    cur.skip_ws();
    if cur.eat(b'+') {
        cur.skip_ws();
        let b = cur.int()?;
        eat_suffix(cur, b'T');
        let total = a.checked_add(b).ok_or(Fail {
            pos: start,
            code: TOO_LARGE,
        })?;
        return Ok((Some(a), Some(b), Some(total)));
    }
    cur.pos = save;
    if cur.at_word_char() {
        return cur.fail(SYNTAX);
    }
    Ok((Some(a), Some(0), Some(a)))
}

/// A trace line, the cursor on `{`.
///
/// Applies ruling G-19 (see the ruling list): `from: None` for a departure trace.
/// Applies ruling G-20 (see the ruling list): `ambushed: true`.
///
/// `du`/`vers` read in any case (T-13).
pub(super) fn trace(cur: &mut Cursor<'_>, ctx: &mut Ctx<'_>, t: &mut TraceView) -> Parse<()> {
    cur.expect(b'{')?;
    cur.skip_ws();
    if !cur.eat_ci(b'F') {
        return cur.fail(SYNTAX);
    }
    cur.eat(b'#');
    cur.eat(b'_');
    cur.skip_ws();
    t.fleet = cur.int()?;
    cur.skip_ws();
    let peace = at_peace_block(cur);
    if peace || cur.peek() == Some(b'"') {
        if peace {
            cur.expect(b'(')?;
            cur.skip_ws();
        }
        let (s, e) = quoted(cur, ctx)?;
        t.owner = owner_text(cur, ctx, s, e, false)
            .name
            .map(|name| ctx.names.get(name));
        if peace {
            cur.skip_ws();
            cur.expect(b')')?;
        }
    }
    cur.skip_ws();
    if cur.looking_at_ci("du") {
        t.from = Some(origin(cur)?);
        cur.skip_ws();
    }
    if !cur.eat_str_ci("vers") {
        return cur.fail(SYNTAX);
    }
    cur.skip_ws();
    let to_at = cur.pos;
    match world_ref(cur)? {
        Some(to) => t.to = to,
        None => {
            return Err(Fail {
                pos: to_at,
                code: SYNTAX,
            });
        }
    }
    cur.skip_ws();
    if !cur.eat(b'}') {
        ctx.warn(cur.pos, cur.pos, "cr-unclosed-trace");
    }
    cur.skip_ws();
    if cur.looking_at_ci("**") {
        cur.pos += 2;
        t.ambushed = true;
    }
    trailing(cur, ctx)
}

/// A treasure line `T_57 <La machine perdue>`: number and text.
pub(super) fn treasure<'a>(cur: &mut Cursor<'a>, ctx: &mut Ctx<'_>) -> Parse<(u32, &'a str)> {
    cur.expect(b'T')?;
    cur.expect(b'_')?;
    let id = cur.int()?;
    cur.skip_ws();
    cur.expect(b'<')?;
    let start = cur.pos;
    let text = match cur.find(b'>') {
        Some(close) => {
            cur.pos = close + 1;
            cur.slice(start, close)
        }
        None => {
            ctx.warn(cur.end, cur.end, "cr-unclosed-treasure");
            let text = cur.rest().trim_end();
            cur.pos = cur.end;
            text
        }
    };
    trailing(cur, ctx)?;
    Ok((id, text))
}

/// Nothing but spaces or a trailing full stop may remain.
fn trailing(cur: &mut Cursor<'_>, ctx: &mut Ctx<'_>) -> Parse<()> {
    cur.skip_ws();
    if cur.at_end() {
        return Ok(());
    }
    if cur.peek() == Some(b'.')
        && let Dots::Trailing = dots(cur, ctx)?
    {
        return Ok(());
    }
    cur.fail(SYNTAX)
}

/// Eats `suffix` (`T` or `?`) after a ship count, spaces allowed before it; a `T`
/// must not start a word.
fn eat_suffix(cur: &mut Cursor<'_>, suffix: u8) -> bool {
    let mut probe = *cur;
    probe.skip_ws();
    if !probe.eat_ci(suffix) || (suffix == b'T' && probe.at_word_char()) {
        return false;
    }
    *cur = probe;
    true
}
