//! The mails of the turn itself: every player's CR and NBT when a turn begins,
//! and the reminders before the deadline.

use super::*;

/// The mails of a new turn: every registered player whose CR of `turn` was not
/// mailed yet gets it with his NBT, once.
///
/// Ruling G-165 (annexe, serveur de mail): when the arbiter undoes a turn
/// (`nebutil game undo`), the robot withdraws its CRs still waiting in the
/// outbox; those already sent are followed, once the turn is resolved again,
/// by the new CRs as a correction (their own Message-ID, a subject and a first
/// line saying they replace the earlier CR of that turn).
pub fn turn_mails(state: &mut MailState, ctx: &Context) -> Vec<(PlayerId, Reply)> {
    state.turn_seen.entry(ctx.turn).or_insert(ctx.now);
    let correction = state.corrections.get(&ctx.turn).copied().unwrap_or(0);
    let mut mails = Vec::new();
    for (number, me) in state.players.iter_mut() {
        if me.cr_mailed >= ctx.turn {
            continue;
        }
        let player = PlayerId(*number);
        let files = (ctx.turn_files)(player);
        if files.is_empty() {
            continue;
        }
        me.cr_mailed = ctx.turn;
        let lang = me.language();
        let mut subject = tr_args(
            lang,
            "mail-turn-subject",
            &[("game", ctx.game), ("turn", &ctx.turn.to_string())],
        );
        let mut body = tr_args(
            lang,
            "mail-turn-body",
            &[
                ("game", ctx.game),
                ("player", &number.to_string()),
                ("turn", &ctx.turn.to_string()),
            ],
        );
        let mut id = format!("turn-{:03}-p{number}", ctx.turn);
        // Applies ruling G-165 (see this function's doc).
        if correction > 0 {
            id.push_str(&format!("-c{correction}"));
            subject.push_str(&tr(lang, "mail-turn-correction-subject"));
            body = format!(
                "{}\n\n{body}",
                tr_args(
                    lang,
                    "mail-turn-correction",
                    &[("turn", &ctx.turn.to_string())]
                )
            );
        }
        if let Some(password) = me.initial_password.take() {
            body.push_str("\n\n");
            body.push_str(&tr_args(
                lang,
                "mail-turn-password",
                &[
                    ("game", ctx.game),
                    ("player", &number.to_string()),
                    ("password", &password),
                ],
            ));
        }
        mails.push((
            player,
            Reply {
                id,
                to: me.emails.clone(),
                subject,
                body,
                attachments: files,
                kind: ReplyKind::Answer,
                facts: facts(&[
                    ("kind", "cr"),
                    ("game", ctx.game),
                    ("turn", &ctx.turn.to_string()),
                    ("player", &number.to_string()),
                ]),
            },
        ));
    }
    mails
}

/// Ruling G-158 (annexe, serveur de mail): with a deadline set for the turn
/// (`--deadline`), each registered player is reminded once, in the last
/// `hours` before it: when the server holds no orders from him, or when his
/// stored orders have errors (listed). Nothing is sent after the deadline.
pub fn reminders(state: &mut MailState, ctx: &Context, hours: i64) -> Vec<Reply> {
    let Some((turn, deadline)) = state.deadline else {
        return Vec::new();
    };
    if turn != ctx.turn || ctx.now >= deadline || ctx.now < deadline - hours * 3600 {
        return Vec::new();
    }
    let mut mails = Vec::new();
    for (number, me) in state.players.iter_mut() {
        if state.reminded.get(number).is_some_and(|t| *t >= turn) {
            continue;
        }
        let player = PlayerId(*number);
        let lang = me.language();
        let body = match (ctx.stored_orders)(player) {
            None => tr_args(
                lang,
                "mail-remind-none",
                &[("game", ctx.game), ("turn", &turn.to_string())],
            ),
            Some(text) => {
                let errors: Vec<String> = (ctx.validate)(player, &text, lang)
                    .into_iter()
                    .filter(|(error, _)| *error)
                    .map(|(_, line)| line)
                    .collect();
                if errors.is_empty() {
                    continue;
                }
                format!(
                    "{}\n\n{}\n",
                    tr_args(
                        lang,
                        "mail-remind-errors",
                        &[
                            ("game", ctx.game),
                            ("turn", &turn.to_string()),
                            ("count", &errors.len().to_string()),
                        ],
                    ),
                    errors.join("\n")
                )
            }
        };
        state.reminded.insert(*number, turn);
        mails.push(Reply {
            id: format!("remind-{turn:03}-p{number}"),
            to: me.emails.clone(),
            subject: tr_args(
                lang,
                "mail-remind-subject",
                &[("game", ctx.game), ("turn", &turn.to_string())],
            ),
            body,
            attachments: Vec::new(),
            kind: ReplyKind::Answer,
            facts: facts(&[
                ("kind", "reminder"),
                ("game", ctx.game),
                ("turn", &turn.to_string()),
                ("player", &number.to_string()),
            ]),
        });
    }
    mails
}

/// Owned pairs of facts for a reply's `X-Nebula` header.
pub(super) fn facts(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
        .collect()
}
