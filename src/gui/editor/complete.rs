//! Completion of the word before the cursor: world, fleet and treasure numbers
//! the player knows (`M_4` → `M_48`, `M_412`…), player numbers after a
//! declaration's `:`, and the order keywords. Pure: text and knowledge in,
//! suggestions out.

use std::ops::Range;

use crate::model::Tech;
use crate::model::knowledge::Knowledge;
use crate::orders::ast::Declaration;

/// At most this many suggestions are offered.
pub const MAX_SUGGESTIONS: usize = 12;

/// One suggestion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// What replaces the word (`M_48`).
    pub insert: String,
    /// What is known of it (owner, name…), shown weak on the right.
    pub detail: String,
}

/// The word ending at `cursor` (a character index): letters, digits and `_`.
/// Returns its character range.
pub fn word_before(text: &str, cursor: usize) -> Range<usize> {
    let chars: Vec<char> = text.chars().take(cursor).collect();
    let mut start = chars.len();
    while start > 0 && (chars[start - 1].is_alphanumeric() || chars[start - 1] == '_') {
        start -= 1;
    }
    start..chars.len()
}

/// The last character before `start` that is not a space (`:` in `A : 7`).
fn symbol_before(chars: &[char], start: usize) -> Option<char> {
    chars[..start.min(chars.len())]
        .iter()
        .rev()
        .find(|c| !c.is_whitespace())
        .copied()
}

/// Keywords of the order language, each once, for completion.
fn keywords() -> Vec<&'static str> {
    let mut words: Vec<&'static str> = Declaration::ALL.iter().map(|d| d.keyword()).collect();
    words.extend(Tech::ALL.iter().map(|t| t.keyword()));
    words.extend([
        "VC", "VT", "VI", "VP", "MM", "MP", "MD", "PC", "Z", "S", "D", "G", "P", "R", "I", "X",
    ]);
    let mut seen = std::collections::HashSet::new();
    words.retain(|w| seen.insert(*w));
    words
}

/// The word ending at `cursor` is complete by itself: an order keyword, or a
/// world, fleet, treasure or player number the player knows.
pub fn is_complete(text: &str, cursor: usize, knowledge: &Knowledge) -> bool {
    let range = word_before(text, cursor);
    let chars: Vec<char> = text.chars().take(cursor).collect();
    let word: String = chars[range.clone()].iter().collect();
    if word.is_empty() {
        return false;
    }
    let before = symbol_before(&chars, range.start);
    if before == Some(':') {
        return word.parse::<u32>().is_ok_and(|n| {
            knowledge
                .known_players
                .values()
                .any(|p| p.number.as_ref().is_some_and(|k| k.value == n))
        });
    }
    let upper = word.to_uppercase();
    if keywords().contains(&upper.as_str()) {
        return true;
    }
    let mut letters = upper.chars();
    let first = letters.next();
    let rest: String = letters.collect();
    let digits = rest.strip_prefix('_').unwrap_or(&rest);
    let Ok(number) = digits.parse::<u32>() else {
        return false;
    };
    match first {
        Some('M') => knowledge.world(number).is_some(),
        Some('F') => knowledge.fleet(number).is_some(),
        Some('T') => knowledge.treasure(number).is_some(),
        _ => false,
    }
}

/// The suggestions for the word ending at `cursor` (characters).
pub fn suggest(text: &str, cursor: usize, knowledge: &Knowledge) -> Vec<Suggestion> {
    let range = word_before(text, cursor);
    let chars: Vec<char> = text.chars().take(cursor).collect();
    let word: String = chars[range.clone()].iter().collect();
    let before = symbol_before(&chars, range.start);
    let mut out = Vec::new();

    // After a declaration's `:`, the players known by number.
    if before == Some(':') && word.chars().all(|c| c.is_ascii_digit()) {
        let mut players: Vec<(u32, &str)> = knowledge
            .known_players
            .iter()
            .filter_map(|(name, p)| p.number.as_ref().map(|n| (n.value, name.as_str())))
            .collect();
        players.sort();
        players.dedup();
        for (number, name) in players {
            let insert = number.to_string();
            if insert.starts_with(&word) && insert != word {
                out.push(Suggestion {
                    insert,
                    detail: format!("\"{name}\""),
                });
            }
        }
        out.truncate(MAX_SUGGESTIONS);
        return out;
    }
    if word.is_empty() {
        return out;
    }

    // `M`, `M_4`, `m4`, `F_`, `T_7`: references.
    let mut letters = word.chars();
    let first = letters.next().map(|c| c.to_ascii_uppercase());
    let rest: String = letters.collect();
    let digits = rest.strip_prefix('_').unwrap_or(&rest);
    if matches!(first, Some('M' | 'F' | 'T')) && digits.chars().all(|c| c.is_ascii_digit()) {
        let matching = |id: u32| {
            let number = id.to_string();
            number.starts_with(digits) && number != digits
        };
        match first {
            Some('M') => {
                for world in knowledge.worlds().filter(|w| matching(w.id)) {
                    let mut detail = String::new();
                    if let Some(Some(owner)) = world.owner_name() {
                        detail.push_str(&format!("\"{owner}\""));
                    }
                    if let Some(name) = world.name() {
                        if !detail.is_empty() {
                            detail.push(' ');
                        }
                        detail.push_str(&format!("= \"{}\"", name.value));
                    }
                    out.push(Suggestion {
                        insert: format!("M_{}", world.id),
                        detail,
                    });
                }
            }
            Some('F') => {
                for fleet in knowledge.fleets().filter(|f| matching(f.id)) {
                    let mut detail = String::new();
                    if let Some(owner) = &fleet.owner {
                        detail.push_str(&format!("\"{}\"", owner.value));
                    }
                    if let Some(world) = &fleet.world {
                        if !detail.is_empty() {
                            detail.push(' ');
                        }
                        detail.push_str(&format!("@ M_{}", world.value));
                    }
                    out.push(Suggestion {
                        insert: format!("F_{}", fleet.id),
                        detail,
                    });
                }
            }
            _ => {
                for treasure in knowledge.treasures().filter(|t| matching(t.id)) {
                    out.push(Suggestion {
                        insert: format!("T_{}", treasure.id),
                        detail: format!("<{}>", treasure.name),
                    });
                }
            }
        }
        // Mine first, then by number (the iterators are by number).
        if let Some(me) = knowledge.player.as_ref().map(|p| format!("\"{}\"", p.name)) {
            out.sort_by_key(|s| !s.detail.starts_with(&me));
        }
    }

    // Keywords (only words of letters).
    if word.chars().all(char::is_alphabetic) {
        let upper = word.to_uppercase();
        for keyword in keywords() {
            if keyword.starts_with(&upper) && keyword != upper {
                out.push(Suggestion {
                    insert: keyword.to_string(),
                    detail: String::new(),
                });
            }
        }
    }
    out.truncate(MAX_SUGGESTIONS);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::session::Session;

    fn demo_knowledge() -> Knowledge {
        let mut session = Session::default();
        let current = crate::gui::session::orion::load_orion(&mut session);
        session.knowledge_at(current)
    }

    fn inserts(text: &str, knowledge: &Knowledge) -> Vec<String> {
        suggest(text, text.chars().count(), knowledge)
            .into_iter()
            .map(|s| s.insert)
            .collect()
    }

    #[test]
    fn the_word_before_the_cursor_stops_at_spaces_and_symbols() {
        assert_eq!(word_before("M_48 C 10 VC F_5", 16), 13..16);
        assert_eq!(word_before("A:7", 3), 2..3);
        assert_eq!(word_before("A:", 2), 2..2);
        assert_eq!(word_before("é", 1), 0..1);
    }

    #[test]
    fn world_and_fleet_numbers_known_are_completed() {
        let knowledge = demo_knowledge();
        let worlds = inserts("M_4", &knowledge);
        assert!(worlds.contains(&"M_48".to_string()), "{worlds:?}");
        assert!(worlds.iter().all(|w| w.starts_with("M_4")));
        // The lower-case glued form too.
        assert!(inserts("f20", &knowledge).contains(&"F_204".to_string()));
        // The complete number alone is not offered again.
        assert!(!inserts("M_48", &knowledge).contains(&"M_48".to_string()));
        // The owner is shown.
        let detail = suggest("F_20", 4, &knowledge)
            .into_iter()
            .find(|s| s.insert == "F_204")
            .map(|s| s.detail);
        assert_eq!(detail.as_deref().map(|d| d.contains("Miria")), Some(true));
    }

    #[test]
    fn complete_words_are_recognised() {
        let knowledge = demo_knowledge();
        let complete = |text: &str| is_complete(text, text.chars().count(), &knowledge);
        assert!(complete("F_57 P"));
        assert!(complete("M_48 C 1 r"));
        assert!(complete("F_57"));
        assert!(!complete("F_5"));
        assert!(complete("A:7"));
        assert!(!complete("M_4"));
        assert!(!complete("A:77"));
        assert!(!complete("F_57 Q"));
        assert!(!complete("F_57 "));
    }

    #[test]
    fn keywords_and_players_are_completed() {
        let knowledge = demo_knowledge();
        let words = inserts("M_48 C 10 D", &knowledge);
        assert!(words.contains(&"DEP".to_string()), "{words:?}");
        assert!(words.contains(&"DEF".to_string()));
        let players = suggest("A:", 2, &knowledge);
        assert!(
            players.iter().any(|s| s.detail == "\"Miria\""),
            "{players:?}"
        );
        // The canonical spacing too.
        assert_eq!(suggest("A : ", 4, &knowledge), players);
        assert!(inserts("zzz", &knowledge).is_empty());
        assert!(inserts("M_48 ", &knowledge).is_empty());
    }

    proptest::proptest! {
        /// Any text, any cursor (even past the end): no panic, no empty
        /// suggestion.
        #[test]
        fn any_text_and_cursor_complete_without_panic(
            text in "[ -~é_:\n]{0,60}",
            cursor in 0usize..80,
        ) {
            let knowledge = demo_knowledge();
            let range = word_before(&text, cursor);
            proptest::prop_assert!(range.start <= range.end);
            for suggestion in suggest(&text, cursor, &knowledge) {
                proptest::prop_assert!(!suggestion.insert.is_empty());
            }
            let _ = is_complete(&text, cursor, &knowledge);
            let _ = super::super::char_index(&text, (cursor % 5) as u32, cursor as u32);
            let _ = super::super::line_of(&text, cursor);
        }
    }
}
