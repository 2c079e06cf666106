//! The mails of the turn itself: every player's CR and NBT when a turn begins,
//! and the reminders before the deadline.

use super::*;

/// The mails of a new turn: every registered player whose CR of `turn` was not
/// mailed yet gets it with his NBT, once.
pub fn turn_mails(state: &mut MailState, ctx: &Context) -> Vec<(PlayerId, Reply)> {
    state.turn_seen.entry(ctx.turn).or_insert(ctx.now);
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
        mails.push((
            player,
            Reply {
                id: format!("turn-{:03}-p{number}", ctx.turn),
                to: me.emails.clone(),
                subject: tr_args(
                    lang,
                    "mail-turn-subject",
                    &[("game", ctx.game), ("turn", &ctx.turn.to_string())],
                ),
                body: tr_args(
                    lang,
                    "mail-turn-body",
                    &[
                        ("game", ctx.game),
                        ("player", &number.to_string()),
                        ("turn", &ctx.turn.to_string()),
                    ],
                ),
                attachments: files,
                kind: ReplyKind::Answer,
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
        });
    }
    mails
}
