//! The labelled lines of a CR: our header, score, declarations, world name and
//! corruption, final ranking (format doc in `report/mod.rs`), and the book's
//! technology block, statistics block and "Vous connaissez de nom" line.

use crate::model::player::Class;
use crate::model::tech::Tech;
use crate::model::view::{
    DeclarationKind, DeclarationView, KnownLevels, PlayerRef, RankingEntry, SpyEntry, SpyReport,
    StatKind, StatValue, TechLine,
};

use super::common::{Ctx, strict_quoted};
use super::cursor::{Cursor, Parse, SYNTAX, fold, fold_label_into};

/// What a labelled line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Label {
    Header,
    Turn,
    Player,
    Points,
    Statistics,
    TechHeader,
    Tech(Tech),
    Stat(StatKind),
    Known,
    KnownLevels,
    DeclarationsMade,
    DeclarationsReceived,
    Name,
    Corruption,
    RankingHeader,
}

/// Recognises the label of a line (the text before its first `:`, accents and
/// case folded, `*` of markdown bold ignored). Returns the label and the
/// position after the `:` (or after the label for lines without colon).
///
/// `scratch` is a buffer the caller keeps from line to line (the folded text).
pub(super) fn label(cur: &Cursor<'_>, scratch: &mut String) -> Option<(Label, usize)> {
    let rest = cur.rest();
    // A world's name and corruption, as written under each world: found
    // without folding (what folding would find; most labelled lines of a big
    // CR are these).
    for (written, label) in [
        ("Nom :", Label::Name),
        ("Corrompu par :", Label::Corruption),
    ] {
        if rest.starts_with(written) {
            return Some((label, cur.pos + written.len()));
        }
    }
    // The header (`NEBULA - Partie … - Tour 12`) has no colon and may be as long
    // as its game's name: recognised by its first word whatever its length.
    let lead = rest.trim_start_matches(['*', ' ', '\t']).as_bytes();
    if lead
        .get(..6)
        .is_some_and(|word| word.eq_ignore_ascii_case(b"nebula"))
    {
        return Some((Label::Header, cur.pos));
    }
    let colon = rest.find(':');
    let head = colon.map_or(rest, |c| rest.get(..c).unwrap_or(rest));
    // Every label is short: a long head is no label (and is not folded, which
    // would cost an allocation the size of the line).
    if head.len() > MAX_LABEL_BYTES {
        return None;
    }
    fold_label_into(head, scratch);
    let after = colon.map_or(cur.end, |c| cur.pos + c + 1);
    if scratch.starts_with("nebula") {
        return Some((Label::Header, cur.pos));
    }
    let label = *labels().get(scratch.as_str())?;
    // Lines that need a colon.
    if colon.is_none() && !matches!(label, Label::Statistics | Label::RankingHeader) {
        return None;
    }
    Some((label, after))
}

/// The longest text before a label's colon that is looked at (markdown stars and
/// spaces included; the longest label has 26 characters).
const MAX_LABEL_BYTES: usize = 96;

/// Every label by its folded text, built once.
fn labels() -> &'static std::collections::HashMap<String, Label> {
    static LABELS: std::sync::OnceLock<std::collections::HashMap<String, Label>> =
        std::sync::OnceLock::new();
    LABELS.get_or_init(|| {
        let mut map: std::collections::HashMap<String, Label> = [
            ("tour", Label::Turn),
            ("joueur", Label::Player),
            ("points", Label::Points),
            ("statistiques", Label::Statistics),
            ("vos niveaux technologiques", Label::TechHeader),
            ("vous connaissez de nom", Label::Known),
            ("niveaux connus", Label::KnownLevels),
            ("vos declarations", Label::DeclarationsMade),
            ("declarations recues", Label::DeclarationsReceived),
            ("nom", Label::Name),
            ("corrompu par", Label::Corruption),
            ("classement final", Label::RankingHeader),
        ]
        .into_iter()
        .map(|(text, label)| (text.to_string(), label))
        .collect();
        // The fixed labels win over a technology's or a statistic's.
        for tech in Tech::ALL {
            map.entry(fold(tech.cr_label()))
                .or_insert(Label::Tech(tech));
        }
        for stat in StatKind::ALL {
            map.entry(fold(stat.label())).or_insert(Label::Stat(stat));
        }
        map
    })
}

/// Skips spaces and markdown bold stars (`**Votre CA est de**`, T-14), warning
/// once per run of stars.
fn skip_ws_stars(cur: &mut Cursor<'_>, ctx: &mut Ctx<'_>) {
    loop {
        cur.skip_ws();
        if cur.peek() == Some(b'*') {
            let start = cur.pos;
            while cur.eat(b'*') {}
            ctx.warn(start, cur.pos, "cr-markdown-bold");
        } else {
            return;
        }
    }
}

/// Only spaces remain.
fn end(cur: &mut Cursor<'_>) -> Parse<()> {
    cur.skip_ws();
    if cur.at_end() {
        Ok(())
    } else {
        cur.fail(SYNTAX)
    }
}

/// A player reference `"Name":7` (number optional); spaces allowed around `:`.
fn player_ref(cur: &mut Cursor<'_>) -> Parse<PlayerRef> {
    let (s, e) = strict_quoted(cur)?;
    let name = cur.slice(s, e).trim().to_string();
    let save = cur.pos;
    cur.skip_ws();
    let number = if cur.eat(b':') {
        cur.skip_ws();
        Some(cur.int()?)
    } else {
        cur.pos = save;
        None
    };
    Ok(PlayerRef { name, number })
}

/// `NEBULA - Partie KARNAJ - Tour 12` (separators: runs of spaces, other ASCII
/// whitespace and `-`).
pub(super) fn header(cur: &mut Cursor<'_>) -> Parse<(Option<String>, Option<u32>)> {
    let text = cur.rest();
    // Words with their byte ranges in `text`.
    let mut words: Vec<(usize, usize)> = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    // Any ASCII whitespace separates words (a `\r` kept at the end of a line
    // would otherwise end the game's name, and be trimmed on the next reading).
    let separator = |b: &u8| *b == b'-' || b.is_ascii_whitespace();
    while i < bytes.len() {
        if bytes.get(i).is_some_and(separator) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !bytes.get(i).is_some_and(separator) {
            i += 1;
        }
        words.push((start, i));
    }
    let word = |k: usize| {
        words
            .get(k)
            .and_then(|&(a, b)| text.get(a..b))
            .unwrap_or("")
    };
    if !word(0).eq_ignore_ascii_case("nebula") {
        return cur.fail(SYNTAX);
    }
    // The turn: the last word "Tour" (or "Tour:"), then an optional ":", then a number.
    let mut turn = None;
    let mut name_end_word = words.len();
    for k in (1..words.len()).rev() {
        let w = word(k);
        let is_tour = w.eq_ignore_ascii_case("tour") || w.eq_ignore_ascii_case("tour:");
        if !is_tour {
            continue;
        }
        let mut n = k + 1;
        if word(n) == ":" {
            n += 1;
        }
        if let Ok(value) = word(n).parse::<u32>()
            && n + 1 == words.len()
        {
            turn = Some(value);
            name_end_word = k;
            break;
        }
    }
    let mut game = None;
    if word(1).eq_ignore_ascii_case("partie") && name_end_word > 2 {
        let start = words.get(2).map_or(0, |w| w.0);
        let end = words.get(name_end_word - 1).map_or(0, |w| w.1);
        // Other blanks (a no-break space) are not the name's at its ends either:
        // printed at the end of the line, the next reading would trim them — and
        // the dashes they hid from the words' separators (`X -\u{a0}` is `X`).
        let is_end = |c: char| c.is_whitespace() || c == '-';
        if let Some(name) = text.get(start..end).map(|n| n.trim_matches(is_end))
            && !name.is_empty()
        {
            game = Some(name.to_string());
        }
    } else if name_end_word > 1 && !word(1).eq_ignore_ascii_case("partie") {
        return Err(super::cursor::Fail {
            pos: cur.pos + words.get(1).map_or(0, |w| w.0),
            code: SYNTAX,
        });
    }
    cur.pos = cur.end;
    Ok((game, turn))
}

/// `Tour : 12`.
pub(super) fn turn(cur: &mut Cursor<'_>) -> Parse<u32> {
    cur.skip_ws();
    let turn = cur.int()?;
    end(cur)?;
    Ok(turn)
}

/// `Joueur : "Maxtor":5 (Empereur)`.
pub(super) fn player(cur: &mut Cursor<'_>, ctx: &mut Ctx<'_>) -> Parse<(PlayerRef, Option<Class>)> {
    cur.skip_ws();
    let player = player_ref(cur)?;
    cur.skip_ws();
    let mut class = None;
    if cur.eat(b'(') {
        let start = cur.pos;
        let Some(close) = cur.find(b')') else {
            return cur.fail(SYNTAX);
        };
        let name = cur.slice(start, close);
        class = Class::from_name(name);
        if class.is_none() {
            ctx.warn(start, close, "cr-unknown-class");
        }
        cur.pos = close + 1;
    }
    end(cur)?;
    Ok((player, class))
}

/// `Points : 1234 (+56)`.
pub(super) fn points(cur: &mut Cursor<'_>) -> Parse<(i64, Option<i64>)> {
    cur.skip_ws();
    let score = cur.signed()?;
    cur.skip_ws();
    let mut delta = None;
    if cur.eat(b'(') {
        cur.skip_ws();
        delta = Some(cur.signed()?);
        cur.skip_ws();
        cur.expect(b')')?;
    }
    end(cur)?;
    Ok((score, delta))
}

/// What a technology line gives: the line, and CA / CD when shown.
pub(super) struct TechRead {
    pub line: TechLine,
    pub catt: Option<u32>,
    pub cdef: Option<u32>,
}

/// `DEplacement : 4 (+4/10)`, `ATtaque : 1 (10), Votre CA est de : 50`,
/// `RADar : 3 (max)`.
pub(super) fn tech(cur: &mut Cursor<'_>, ctx: &mut Ctx<'_>, tech: Tech) -> Parse<TechRead> {
    cur.skip_ws();
    let level = cur.int()?;
    cur.skip_ws();
    cur.expect(b'(')?;
    cur.skip_ws();
    let (invested, cost) = if cur.eat_str_ci("max") {
        // `(max)`, `(max.)`, `(maximum)`.
        while cur
            .peek()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'.')
        {
            cur.pos += 1;
        }
        (0, None)
    } else {
        let plus = cur.eat(b'+');
        cur.skip_ws();
        let first = cur.int()?;
        cur.skip_ws();
        if cur.eat(b'/') {
            cur.skip_ws();
            (first, Some(cur.int()?))
        } else if plus {
            return cur.fail(SYNTAX);
        } else {
            (0, Some(first))
        }
    };
    cur.skip_ws();
    cur.expect(b')')?;
    let mut read = TechRead {
        line: TechLine {
            tech,
            level,
            invested,
            cost,
        },
        catt: None,
        cdef: None,
    };
    skip_ws_stars(cur, ctx);
    if cur.eat(b',') {
        skip_ws_stars(cur, ctx);
        if !cur.eat_str_ci("votre") {
            return cur.fail(SYNTAX);
        }
        cur.skip_ws();
        let is_ca = if cur.eat_str_ci("CA") {
            cur.eat_str_ci("tt");
            true
        } else if cur.eat_str_ci("CD") {
            cur.eat_str_ci("ef");
            false
        } else {
            return cur.fail(SYNTAX);
        };
        cur.skip_ws();
        if !cur.eat_str_ci("est") {
            return cur.fail(SYNTAX);
        }
        cur.skip_ws();
        if !cur.eat_str_ci("de") {
            return cur.fail(SYNTAX);
        }
        skip_ws_stars(cur, ctx);
        cur.expect(b':')?;
        cur.skip_ws();
        let value = cur.int()?;
        if is_ca {
            read.catt = Some(value);
        } else {
            read.cdef = Some(value);
        }
    }
    skip_ws_stars(cur, ctx);
    end(cur)?;
    Ok(read)
}

/// `Capacité minière : 34` or a spy ranking
/// `1:1624 4:"TAPIMOKET":1299 … M : 1051 [Erreur=10%]`.
pub(super) fn stat(cur: &mut Cursor<'_>) -> Parse<StatValue> {
    cur.skip_ws();
    let start = cur.pos;
    let value = cur.int64()?;
    cur.skip_ws();
    if cur.at_end() {
        return Ok(StatValue::Own(value));
    }
    cur.pos = start;
    let mut entries = Vec::new();
    loop {
        cur.skip_ws();
        if matches!(cur.peek(), Some(b'M' | b'm')) {
            cur.pos += 1;
            cur.skip_ws();
            cur.expect(b':')?;
            cur.skip_ws();
            let mean = cur.int64()?;
            cur.skip_ws();
            let mut error_percent = 0;
            if cur.eat(b'[') {
                cur.skip_ws();
                if !cur.eat_str_ci("erreur") {
                    return cur.fail(SYNTAX);
                }
                cur.skip_ws();
                cur.expect(b'=')?;
                cur.skip_ws();
                error_percent = cur.int()?;
                cur.skip_ws();
                cur.eat(b'%');
                cur.skip_ws();
                cur.expect(b']')?;
            }
            end(cur)?;
            return Ok(StatValue::Spied(SpyReport {
                entries,
                mean,
                error_percent,
            }));
        }
        let rank = cur.int()?;
        cur.skip_ws();
        cur.expect(b':')?;
        cur.skip_ws();
        let mut name = None;
        if cur.peek() == Some(b'"') {
            let (s, e) = strict_quoted(cur)?;
            name = Some(cur.slice(s, e).trim().to_string());
            cur.skip_ws();
            cur.expect(b':')?;
            cur.skip_ws();
        }
        let value = cur.int64()?;
        entries.push(SpyEntry { rank, name, value });
    }
}

/// The entries of a player list `"Miria":7 , "Backchiche":9...` (also a
/// continuation line of it). `aucun` reads as an empty list.
/// Every entry must carry its number (`require_number`): a quoted name alone is
/// not a player reference of this list.
pub(super) fn player_list(cur: &mut Cursor<'_>, require_number: bool) -> Parse<Vec<PlayerRef>> {
    let mut players = Vec::new();
    cur.skip_ws();
    if matches!(
        fold(cur.rest()).as_str(),
        "aucun" | "aucune" | "personne" | "-"
    ) {
        cur.pos = cur.end;
        return Ok(players);
    }
    loop {
        cur.skip_ws();
        if cur.at_end() {
            return Ok(players);
        }
        if cur.looking_at_ci("...") || cur.peek() == Some(b'\xE2') {
            // `...` or `…`: the list goes on (elided, or on the next line).
            if cur.rest().starts_with('…') {
                cur.pos += '…'.len_utf8();
            } else {
                while cur.eat(b'.') {}
            }
            end(cur)?;
            return Ok(players);
        }
        let player = player_ref(cur)?;
        if require_number && player.number.is_none() {
            return cur.fail(SYNTAX);
        }
        players.push(player);
        cur.skip_ws();
        cur.eat(b',');
    }
}

/// `"Miria":7 ATT 3 DEF 2, "Backchiche":9 DEF 1` (ruling G-168): each player with
/// his number, then `ATT a` and/or `DEF d` in either order, at least one.
pub(super) fn known_levels(cur: &mut Cursor<'_>) -> Parse<Vec<KnownLevels>> {
    let mut list = Vec::new();
    loop {
        cur.skip_ws();
        if cur.at_end() {
            return Ok(list);
        }
        let player = player_ref(cur)?;
        if player.number.is_none() {
            return cur.fail(SYNTAX);
        }
        let mut levels = KnownLevels {
            player,
            attack: None,
            defense: None,
        };
        loop {
            cur.skip_ws();
            let slot = if cur.looking_at_ci("ATT") {
                &mut levels.attack
            } else if cur.looking_at_ci("DEF") {
                &mut levels.defense
            } else {
                break;
            };
            if slot.is_some() {
                return cur.fail(SYNTAX);
            }
            cur.pos += 3;
            cur.skip_ws();
            *slot = Some(cur.int()?);
        }
        if levels.attack.is_none() && levels.defense.is_none() {
            return cur.fail(SYNTAX);
        }
        list.push(levels);
        cur.skip_ws();
        if !cur.eat(b',') {
            end(cur)?;
            return Ok(list);
        }
    }
}

/// `A:"Miria":7 C:"Miria":7 J:"Backchiche":9(4)` or `aucune`.
pub(super) fn declarations(cur: &mut Cursor<'_>) -> Parse<Vec<DeclarationView>> {
    let mut list = Vec::new();
    cur.skip_ws();
    if matches!(fold(cur.rest()).as_str(), "aucune" | "aucun" | "-") {
        cur.pos = cur.end;
        return Ok(list);
    }
    loop {
        cur.skip_ws();
        if cur.at_end() {
            return Ok(list);
        }
        let start = cur.pos;
        while cur.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
            cur.pos += 1;
        }
        let Some(kind) = DeclarationKind::from_keyword(cur.slice(start, cur.pos)) else {
            cur.pos = start;
            return cur.fail("cr-unknown-declaration");
        };
        cur.skip_ws();
        cur.expect(b':')?;
        cur.skip_ws();
        let player = player_ref(cur)?;
        let save = cur.pos;
        cur.skip_ws();
        let mut turn = None;
        if cur.eat(b'(') {
            cur.skip_ws();
            turn = Some(cur.int()?);
            cur.skip_ws();
            cur.expect(b')')?;
        } else {
            cur.pos = save;
        }
        list.push(DeclarationView { kind, player, turn });
        cur.skip_ws();
        cur.eat(b',');
    }
}

/// `Nom : "Terra Nova"` / `Corrompu par : "Miria"`: the quoted text (or the bare
/// rest of the line).
pub(super) fn quoted_value(cur: &mut Cursor<'_>) -> Parse<String> {
    cur.skip_ws();
    if cur.peek() == Some(b'"') {
        let start = cur.pos + 1;
        // The last quote of the line closes (the text itself has none).
        let close = cur
            .rest()
            .rfind('"')
            .map(|i| cur.pos + i)
            .filter(|&q| q >= start);
        let Some(close) = close else {
            return cur.fail(SYNTAX);
        };
        let text = cur.slice(start, close).to_string();
        cur.pos = close + 1;
        end(cur)?;
        return Ok(text);
    }
    let text = cur.rest().trim().to_string();
    if text.is_empty() {
        return cur.fail(SYNTAX);
    }
    cur.pos = cur.end;
    Ok(text)
}

/// `1. "Maxtor":5 3456`.
pub(super) fn ranking(cur: &mut Cursor<'_>) -> Parse<RankingEntry> {
    let rank = cur.int()?;
    cur.skip_ws();
    cur.eat(b'.');
    cur.skip_ws();
    let player = player_ref(cur)?;
    cur.skip_ws();
    let score = cur.signed()?;
    end(cur)?;
    Ok(RankingEntry {
        rank,
        player,
        score,
    })
}
