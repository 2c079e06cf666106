//! What the app keeps of a game's mail, per game, in its data folder
//! (`mail/<game>.ron`, readable by the player only): the game's address, his
//! number and address, his SMTP server (never a password: those go to the system keyring when he
//! asks, `post::keyring`), the mails sent
//! (their subject with the password masked, the SHA-256 of the orders they
//! carried) and the mails received from the robot, filed by their facts
//! (`game::mailbox::client`): acknowledgements matched to the orders sent,
//! relayed messages and rumours (the game's diplomacy history).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::SmtpSettings;
use crate::game::mailbox::client::Received;

/// How a mail left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Via {
    /// A `mailto:` link handed to the player's mail program.
    MailProgram,
    /// Copied for him to paste (too long for a link).
    Copied,
    /// Sent through his SMTP server.
    Smtp,
}

/// A mail sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SentMail {
    /// Seconds since 1970.
    pub when: i64,
    /// Its subject, the password masked (`ORDRES KARNAJ 1 ****`).
    pub subject: String,
    /// For orders: the SHA-256 of the orders as the robot stores them.
    pub checksum: Option<String>,
    pub via: Via,
    /// The version the robot acknowledged, once its reply is read.
    pub acknowledged: Option<u32>,
    /// The acknowledgement's text (the validator's diagnostics, the forecast),
    /// at most [`MAX_REPLY_CHARS`] characters of it.
    #[serde(default)]
    pub reply: Option<String>,
}

/// The most of an acknowledgement's text kept with the mail it answers.
pub const MAX_REPLY_CHARS: usize = 16_384;

/// A relayed message or a rumour received.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub turn: Option<u32>,
    /// `None`: a rumour (anonymous).
    pub from: Option<u32>,
    pub to: Vec<u32>,
    pub text: String,
}

/// One game's mail, as the app keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameMail {
    /// The game's (the robot's) address.
    pub address: String,
    /// The player's number.
    pub player: u32,
    /// The player's own address (From of what he sends).
    pub from: String,
    pub smtp: SmtpSettings,
    /// The player asked for his passwords (the game's, his SMTP server's) to
    /// be kept in the system keyring (`post::keyring`); they are never in
    /// this file.
    pub keep_passwords: bool,
    pub sent: Vec<SentMail>,
    pub messages: Vec<Message>,
}

/// What reading a reply did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Filed {
    /// An acknowledgement: its version, whether it matches orders sent from
    /// here (their SHA-256), and whether it was not known yet.
    Acknowledgement {
        version: u32,
        matched: bool,
        new: bool,
    },
    /// A message or rumour, kept (or already kept).
    Message { new: bool },
    /// A message between other players (a mail folder shared by several):
    /// not kept.
    NotForYou,
    /// The robot's answer to a `CONFIG`, `INFO` or `MESSAGE` sent from here
    /// (`matched`: kept with it).
    Answer { request: String, matched: bool },
    /// A mail of another game, or about another player: not kept.
    NotThisGame,
    /// A CR, a reminder, another answer: nothing to keep.
    Other,
}

/// The largest mail file read (the robot's replies are far smaller).
pub const MAX_BOOK_BYTES: u64 = 8 << 20;

/// `2026-11-28 10:42 UTC`: when a mail left (seconds since 1970).
pub fn utc_text(when: i64) -> String {
    let days = when.div_euclid(86_400);
    let seconds = when.rem_euclid(86_400);
    // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        seconds / 3600,
        seconds % 3600 / 60
    )
}

/// `ORDRES KARNAJ 1 ****`: a subject with its password (the fourth word) masked.
pub fn masked_subject(subject: &str) -> String {
    let mut words: Vec<&str> = subject.split(' ').collect();
    if let Some(word) = words.get_mut(3)
        && !word.is_empty()
    {
        *word = "****";
    }
    words.join(" ")
}

impl GameMail {
    /// The file of game `game` in the data folder `data_dir`.
    pub fn path(data_dir: &Path, game: &str) -> PathBuf {
        let name: String = game
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .take(64)
            .collect();
        data_dir.join("mail").join(format!("{name}.ron"))
    }

    /// Reads it (an empty one when there is none yet).
    pub fn load(data_dir: &Path, game: &str) -> std::io::Result<GameMail> {
        let path = Self::path(data_dir, game);
        match crate::storage::text_file::read_text(
            &path,
            crate::storage::text_file::TextKind::Orders,
        ) {
            Ok((text, _)) => ron::from_str(&text).map_err(std::io::Error::other),
            Err(crate::storage::text_file::ReadError::Io(e))
                if e.kind() == std::io::ErrorKind::NotFound =>
            {
                Ok(GameMail::default())
            }
            Err(e) => Err(std::io::Error::other(e.to_string())),
        }
    }

    /// Writes it (atomically, for the player only).
    pub fn save(&self, data_dir: &Path, game: &str) -> std::io::Result<()> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::new())
            .map_err(std::io::Error::other)?;
        crate::storage::write_private_in_new_dirs(
            &Self::path(data_dir, game),
            text.as_bytes(),
            crate::storage::Durability::Synced,
        )
    }

    /// Forgets the mail sent at `index` of [`GameMail::sent`] (one the mail
    /// program never sent, say).
    pub fn remove_sent(&mut self, index: usize) {
        if index < self.sent.len() {
            self.sent.remove(index);
        }
    }

    /// Keeps a mail sent.
    pub fn record_sent(&mut self, when: i64, subject: &str, checksum: Option<String>, via: Via) {
        self.sent.push(SentMail {
            when,
            subject: masked_subject(subject),
            checksum,
            via,
            acknowledged: None,
            reply: None,
        });
    }

    /// Files a mail received from the robot for game `game`: a mail of another
    /// game, or an acknowledgement or answer for another player (a mail
    /// folder several share), is not kept.
    pub fn file_for(&mut self, game: &str, received: Received) -> Filed {
        let (of_game, player) = match &received {
            Received::OrdersAck { game, player, .. } | Received::Answer { game, player, .. } => {
                (game.as_str(), Some(*player))
            }
            Received::Message { game, .. }
            | Received::TurnReport { game, .. }
            | Received::Reminder { game, .. } => (game.as_str(), None),
            Received::Other { .. } => return Filed::Other,
        };
        let other_player = self.player != 0 && player.is_some_and(|p| p != self.player);
        if of_game != game || other_player {
            return Filed::NotThisGame;
        }
        self.file(received)
    }

    /// Files a mail received from the robot.
    pub fn file(&mut self, received: Received) -> Filed {
        match received {
            Received::OrdersAck {
                version,
                checksum,
                text,
                ..
            } => {
                let sent = self
                    .sent
                    .iter_mut()
                    .rev()
                    .find(|s| s.checksum.as_deref() == Some(checksum.as_str()));
                let matched = sent.is_some();
                let mut new = false;
                if let Some(sent) = sent {
                    new = sent.acknowledged != Some(version);
                    sent.acknowledged = Some(version);
                    sent.reply = Some(text.chars().take(MAX_REPLY_CHARS).collect());
                }
                Filed::Acknowledgement {
                    version,
                    matched,
                    new,
                }
            }
            Received::Message {
                turn,
                from,
                to,
                text,
                ..
            } => {
                // Addressed to others, from another: not his diplomacy.
                if self.player != 0
                    && !to.is_empty()
                    && from != Some(self.player)
                    && !to.contains(&self.player)
                {
                    return Filed::NotForYou;
                }
                let message = Message {
                    turn,
                    from,
                    to,
                    text,
                };
                let new = !self.messages.contains(&message);
                if new {
                    self.messages.push(message);
                }
                Filed::Message { new }
            }
            Received::Answer { request, text, .. } => {
                // The latest request of that kind not answered yet.
                let sent = self.sent.iter_mut().rev().find(|s| {
                    s.reply.is_none() && s.subject.split(' ').next() == Some(request.as_str())
                });
                let matched = sent.is_some();
                if let Some(sent) = sent {
                    sent.reply = Some(text.chars().take(MAX_REPLY_CHARS).collect());
                }
                Filed::Answer { request, matched }
            }
            _ => Filed::Other,
        }
    }

    /// The messages holding every word of `search` (case-insensitive; a
    /// number also finds the messages from or to that player), newest turn
    /// first.
    pub fn search(&self, search: &str) -> Vec<&Message> {
        let words: Vec<String> = search.split_whitespace().map(str::to_lowercase).collect();
        let mut found: Vec<&Message> = self
            .messages
            .iter()
            .filter(|m| {
                let text = m.text.to_lowercase();
                words.iter().all(|w| match w.parse::<u32>() {
                    // A number: the player sending or receiving, or that
                    // number in the text (M_53 for 53, not for 3).
                    Ok(n) => {
                        m.from == Some(n)
                            || m.to.contains(&n)
                            || text
                                .split(|c: char| !c.is_ascii_digit())
                                .any(|token| token == w)
                    }
                    Err(_) => text.contains(w.as_str()),
                })
            })
            .collect();
        found.sort_by_key(|m| std::cmp::Reverse(m.turn));
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acknowledgements_match_the_orders_sent_and_messages_are_kept_once() {
        let mut book = GameMail::default();
        book.record_sent(
            1,
            "ORDRES KARNAJ 1 secret \"un\"",
            Some("abc".into()),
            Via::Smtp,
        );
        assert_eq!(book.sent[0].subject, "ORDRES KARNAJ 1 **** \"un\"");
        let ack = |checksum: &str| Received::OrdersAck {
            game: "KARNAJ".into(),
            turn: 1,
            player: 1,
            version: 2,
            checksum: checksum.into(),
            text: String::new(),
        };
        assert_eq!(
            book.file(ack("zzz")),
            Filed::Acknowledgement {
                version: 2,
                matched: false,
                new: false
            }
        );
        assert_eq!(
            book.file(ack("abc")),
            Filed::Acknowledgement {
                version: 2,
                matched: true,
                new: true
            }
        );
        assert_eq!(book.sent[0].acknowledged, Some(2));
        assert_eq!(book.sent[0].reply.as_deref(), Some(""));
        let message = Received::Message {
            game: "KARNAJ".into(),
            turn: Some(3),
            from: None,
            to: vec![],
            text: "On dit que Miria ment".into(),
        };
        assert_eq!(book.file(message.clone()), Filed::Message { new: true });
        assert_eq!(book.file(message), Filed::Message { new: false });
        assert_eq!(book.search("miria MENT").len(), 1);
        assert!(book.search("Backchiche").is_empty());
    }

    #[test]
    fn the_book_is_saved_and_read_back_without_any_password() {
        let dir = std::env::temp_dir().join(format!("nebutil-book-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut book = GameMail {
            address: "nebula@example.org".into(),
            player: 1,
            ..GameMail::default()
        };
        book.record_sent(5, "CONFIG KARNAJ 1 motdepasse", None, Via::MailProgram);
        assert!(book.save(&dir, "KARNAJ 2").is_ok());
        let text = std::fs::read_to_string(GameMail::path(&dir, "KARNAJ 2")).unwrap_or_default();
        assert!(!text.contains("motdepasse"), "{text}");
        assert_eq!(GameMail::load(&dir, "KARNAJ 2").ok(), Some(book));
        assert_eq!(
            GameMail::load(&dir, "other").ok(),
            Some(GameMail::default())
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn answers_go_with_their_request_and_others_messages_are_left_out() {
        let mut book = GameMail {
            player: 2,
            ..GameMail::default()
        };
        book.record_sent(1, "CONFIG KARNAJ 2 pw", None, Via::Smtp);
        book.record_sent(2, "INFO KARNAJ 2 pw", None, Via::Smtp);
        let answer = |request: &str| Received::Answer {
            request: request.into(),
            game: "KARNAJ".into(),
            turn: Some(3),
            player: 2,
            text: "Votre configuration".into(),
        };
        assert_eq!(
            book.file(answer("CONFIG")),
            Filed::Answer {
                request: "CONFIG".into(),
                matched: true
            }
        );
        assert_eq!(book.sent[0].reply.as_deref(), Some("Votre configuration"));
        assert_eq!(book.sent[1].reply, None);
        // Answered already: a second answer matches nothing.
        assert!(matches!(
            book.file(answer("CONFIG")),
            Filed::Answer { matched: false, .. }
        ));
        let message = |from: Option<u32>, to: Vec<u32>| Received::Message {
            game: "KARNAJ".into(),
            turn: Some(3),
            from,
            to,
            text: "Alliance ?".into(),
        };
        assert_eq!(book.file(message(Some(1), vec![3])), Filed::NotForYou);
        assert_eq!(
            book.file(message(Some(1), vec![2, 3])),
            Filed::Message { new: true }
        );
        assert_eq!(
            book.file(message(Some(2), vec![3])),
            Filed::Message { new: true }
        );
        // A number finds what a player sent or received.
        assert_eq!(book.search("1").len(), 1);
        // Another game's mail, another player's answer: not kept.
        let mut answer_to_1 = answer("INFO");
        if let Received::Answer { player, .. } = &mut answer_to_1 {
            *player = 1;
        }
        assert_eq!(book.file_for("KARNAJ", answer_to_1), Filed::NotThisGame);
        assert_eq!(book.file_for("ORION", answer("INFO")), Filed::NotThisGame);
        assert_eq!(
            book.file_for("KARNAJ", answer("INFO")),
            Filed::Answer {
                request: "INFO".into(),
                matched: true
            }
        );
        assert_eq!(book.search("3").len(), 2);
        assert_eq!(book.search("alliance 1").len(), 1);
    }

    #[test]
    fn a_time_is_written_as_a_utc_date() {
        assert_eq!(utc_text(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_text(1_795_863_720), "2026-11-28 11:02 UTC");
        assert_eq!(utc_text(951_782_400), "2000-02-29 00:00 UTC");
    }
}
