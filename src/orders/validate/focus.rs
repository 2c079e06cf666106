//! Pointing a diagnostic at the offending token of its order (`F_57` in
//! `F_57 MM 48 304`, the `10` of `M_127 C 10 VC F_57`), when the order's text is
//! at hand. The order is tokenized again only for the orders that have a
//! diagnostic, so this costs nothing on a clean file.

use crate::diagnostic::Span;
use crate::model::{FleetId, TreasureId, WorldId};

use super::super::lex::{TokKind, Token, tokenize};

/// What part of an order a diagnostic is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The whole order.
    Order,
    /// `M_m` (or a bare world number of a route or of `Z m`).
    World(WorldId),
    /// `F_f`.
    Fleet(FleetId),
    /// `T_t`.
    Treasure(TreasureId),
    /// The quantity x.
    Count,
    /// The second number after the verb (`y` of `M_m C x E y`).
    SecondCount,
    /// The player after `:`.
    Player,
    /// The i-th world of a route (0-based).
    Hop(usize),
}

/// The span of `focus` inside the order at `order` on `line` (the whole line's
/// text); the order's span when the token cannot be found.
pub fn locate(line: &str, order: Span, focus: Focus) -> Span {
    if focus == Focus::Order {
        return order;
    }
    let start = order.column.saturating_sub(1) as usize;
    let len = order.end_column.saturating_sub(order.column) as usize;
    let text: String = line.chars().skip(start).take(len).collect();
    let Ok(tokens) = tokenize(&text, order.line) else {
        return order;
    };
    let offset = order.column.saturating_sub(1);
    find(&tokens, focus)
        .map(|(from, to)| Span::new(order.line, from + offset, to + offset))
        .unwrap_or(order)
}

fn number(token: &Token) -> Option<u32> {
    (token.kind == TokKind::Num)
        .then(|| token.text.parse().ok())
        .flatten()
}

/// A letter + number pair (`F 57`, `F_57`, `F57`) naming entity `id`.
fn pair(tokens: &[Token], letters: &[&str], id: u32) -> Option<(u32, u32)> {
    tokens.windows(2).find_map(|w| {
        (letters.iter().any(|l| w[0].is(l)) && number(&w[1]) == Some(id))
            .then_some((w[0].col, w[1].end))
    })
}

const VERBS: [&str; 4] = ["C", "E", "T", "D"];

fn find(tokens: &[Token], focus: Focus) -> Option<(u32, u32)> {
    match focus {
        Focus::Order => None,
        Focus::World(id) => pair(tokens, &["M", "MD"], id).or_else(|| {
            tokens
                .iter()
                .skip(1)
                .find(|t| number(t) == Some(id))
                .map(|t| (t.col, t.end))
        }),
        Focus::Fleet(id) => pair(tokens, &["F"], id),
        Focus::Treasure(id) => pair(tokens, &["T"], id),
        Focus::Count | Focus::SecondCount => {
            let skip = usize::from(focus == Focus::SecondCount);
            tokens
                .iter()
                .enumerate()
                .skip(2)
                .filter(|(i, t)| {
                    t.kind == TokKind::Num
                        && tokens
                            .get(i - 1)
                            .is_some_and(|p| VERBS.iter().any(|v| p.is(v)))
                })
                .nth(skip)
                .map(|(_, t)| (t.col, t.end))
        }
        Focus::Player => tokens
            .iter()
            .position(|t| t.is(":"))
            .and_then(|i| tokens.get(i + 1))
            .map(|t| (t.col, t.end)),
        Focus::Hop(index) => {
            // Skip `F f`, then every number is a world of the route; a preceding
            // `M` belongs to it.
            tokens
                .iter()
                .enumerate()
                .skip(2)
                .filter(|(_, t)| t.kind == TokKind::Num)
                .map(|(i, token)| match tokens.get(i - 1) {
                    Some(prev) if prev.is("M") => (prev.col, token.end),
                    _ => (token.col, token.end),
                })
                .nth(index)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: &str, focus: Focus) -> (u32, u32) {
        let end = line.chars().count() as u32 + 1;
        let span = locate(line, Span::new(1, 1, end), focus);
        (span.column, span.end_column)
    }

    #[test]
    fn tokens_are_found() {
        assert_eq!(at("M_127 C 10 VC F_57", Focus::World(127)), (1, 6));
        assert_eq!(at("M_127 C 10 VC F_57", Focus::Fleet(57)), (15, 19));
        assert_eq!(at("M_127 C 10 VC F_57", Focus::Count), (9, 11));
        assert_eq!(at("m127 c 3 e 9", Focus::SecondCount), (12, 13));
        assert_eq!(at("F_240 MM 48 304", Focus::Hop(1)), (13, 16));
        assert_eq!(at("F 240 M 48 M 304", Focus::Hop(1)), (12, 17));
        assert_eq!(at("F_5 T 4 R", Focus::Count), (7, 8));
        assert_eq!(at("A : \"Miria\"", Focus::Player), (5, 12));
        assert_eq!(at("Z 12", Focus::World(12)), (3, 5));
        // Not found: the whole order.
        assert_eq!(at("F_5 T 4 R", Focus::Fleet(6)), (1, 10));
    }

    #[test]
    fn offset_orders_keep_their_columns() {
        let line = "   F_57 MM 48 ; note";
        let span = locate(line, Span::new(3, 4, 14), Focus::Hop(0));
        assert_eq!((span.line, span.column, span.end_column), (3, 12, 14));
    }
}
