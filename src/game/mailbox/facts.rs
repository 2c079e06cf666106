//! What a reply of the robot is, for a program: one `X-Nebula` header of
//! `key=value` pairs (`kind=orders; game=KARNAJ; turn=3; player=1; version=2;
//! checksum=9f…`), so that the player's app files an acknowledgement, a relayed
//! message or a turn's CR whatever the language of the text. Values are
//! percent-encoded outside `A–Z a–z 0–9 . , _ -` (a header stays ASCII).
//!
//! A rumour (`A`) carries no `from`: its sender stays unknown to the program as
//! to the reader.

/// The header's name.
pub const FACTS_HEADER: &str = "X-Nebula";

/// The longest header value read (a stranger's mail may carry anything).
pub const MAX_FACTS_BYTES: usize = 1024;

fn keep(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b',' | b'_' | b'-')
}

/// The header's value for `facts`.
pub fn facts_value(facts: &[(String, String)]) -> String {
    facts
        .iter()
        .map(|(key, value)| {
            let mut encoded = String::new();
            for byte in value.bytes() {
                if keep(byte) {
                    encoded.push(char::from(byte));
                } else {
                    encoded.push_str(&format!("%{byte:02X}"));
                }
            }
            format!("{key}={encoded}")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The pairs of a header's value (at most `MAX_FACTS_BYTES` of it read;
/// a pair without `=` or badly encoded is left out).
pub fn parse_facts(value: &str) -> Vec<(String, String)> {
    let value = value.get(..MAX_FACTS_BYTES).unwrap_or(value);
    value
        .split(';')
        .filter_map(|pair| {
            let (key, encoded) = pair.trim().split_once('=')?;
            let key = key.trim();
            if key.is_empty() || !key.bytes().all(keep) {
                return None;
            }
            let mut bytes = Vec::new();
            let raw = encoded.trim().as_bytes();
            let mut i = 0;
            while i < raw.len() {
                match raw[i] {
                    b'%' => {
                        let hex = std::str::from_utf8(raw.get(i + 1..i + 3)?).ok()?;
                        bytes.push(u8::from_str_radix(hex, 16).ok()?);
                        i += 3;
                    }
                    b if keep(b) => {
                        bytes.push(b);
                        i += 1;
                    }
                    _ => return None,
                }
            }
            Some((key.to_string(), String::from_utf8(bytes).ok()?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_round_trip_through_the_header() {
        let facts = vec![
            ("kind".to_string(), "orders".to_string()),
            ("game".to_string(), "LA GRANDE; PARTIE=é".to_string()),
            ("checksum".to_string(), "9f0a".to_string()),
        ];
        let value = facts_value(&facts);
        assert!(value.is_ascii(), "{value}");
        assert_eq!(parse_facts(&value), facts);
        // Garbage is left out, pair by pair.
        assert_eq!(
            parse_facts("kind=orders; =x; bad key=1; game=%ZZ; turn=3"),
            vec![
                ("kind".to_string(), "orders".to_string()),
                ("turn".to_string(), "3".to_string())
            ]
        );
    }
}
