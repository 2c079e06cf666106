//! The requests a player mails (the annex's four kinds): orders, a message to
//! relay, settings, information; and the confirmation of a new address.

use super::*;

/// Ruling G-154 (annexe, serveur de mail): versions are ordered by the mail's
/// Date, bounded by its arrival time (a Date in the future counts as the
/// arrival), then by arrival. Every version is kept; a mail older than the
/// current version does not replace it, and its acknowledgement says so (the
/// book let the older mail win when it arrived last).
/// Ruling G-159 (annexe, serveur de mail): orders are for the turn being played
/// when the mail is processed (the subject names no turn). A mail dated before
/// that turn began (written for the previous one, arriving late) is stored all
/// the same, and its acknowledgement warns that it now counts for this turn.
#[allow(clippy::too_many_arguments)]
pub(super) fn orders_request(
    state: &mut MailState,
    ctx: &Context,
    mail: &Incoming,
    player: PlayerId,
    lang: Lang,
    to: &[String],
    acknowledgement: &Option<String>,
    stored: String,
    out: &mut Out,
) {
    // Applies ruling G-154 (see this function's doc).
    let when = mail.date.map_or(ctx.now, |d| d.min(ctx.now));
    let key = key_of(player, ctx.turn);
    let versions = state.versions.entry(key.clone()).or_default();
    let number = versions.len() as u32 + 1;
    let sum = checksum(&stored);
    let current_when = state
        .current
        .get(&key)
        .and_then(|c| versions.iter().find(|v| v.number == *c))
        .map(|v| v.when);
    let current = current_when.is_none_or(|w| when >= w);
    versions.push(Version {
        number,
        when,
        checksum: sum.clone(),
    });
    if current {
        state.current.insert(key, number);
    }
    out.effects.push(Effect::StoreOrders {
        player,
        turn: ctx.turn,
        version: number,
        text: stored.clone(),
        current,
    });
    let diagnostics = (ctx.validate)(player, &stored, lang);
    // Applies ruling G-159 (see this function's doc).
    let late = state
        .turn_seen
        .get(&ctx.turn)
        .is_some_and(|start| when < *start);
    let mut body = tr_args(
        lang,
        if current {
            "mail-orders-stored"
        } else {
            "mail-orders-older"
        },
        &[
            ("game", ctx.game),
            ("player", &player.0.to_string()),
            ("turn", &ctx.turn.to_string()),
            ("version", &number.to_string()),
            ("checksum", &sum),
            ("lines", &stored.lines().count().to_string()),
        ],
    );
    body.push_str("\n\n");
    if late {
        body.push_str(&tr_args(
            lang,
            "mail-orders-late",
            &[("turn", &ctx.turn.to_string())],
        ));
        body.push_str("\n\n");
    }
    if let Some(message) = acknowledgement {
        body.push_str(&tr_args(
            lang,
            "mail-orders-message",
            &[("message", message)],
        ));
        body.push_str("\n\n");
    }
    if diagnostics.is_empty() {
        body.push_str(&tr(lang, "mail-orders-no-diagnostic"));
    } else {
        body.push_str(&tr_args(
            lang,
            "mail-orders-diagnostics",
            &[("count", &diagnostics.len().to_string())],
        ));
        body.push('\n');
        for (_, line) in &diagnostics {
            body.push_str(line);
            body.push('\n');
        }
    }
    let forecast = (ctx.forecast)(player, &stored, lang);
    if !forecast.is_empty() {
        body.push_str("\n\n");
        body.push_str(&tr(lang, "mail-orders-forecast"));
        body.push('\n');
        for line in &forecast {
            body.push_str(line);
            body.push('\n');
        }
    }
    body.push_str("\n\nDEBUT\n");
    body.push_str(&stored);
    body.push_str("FIN\n");
    let subject = tr_args(
        lang,
        "mail-orders-subject",
        &[
            ("game", ctx.game),
            ("player", &player.0.to_string()),
            ("version", &number.to_string()),
            ("message", acknowledgement.as_deref().unwrap_or("")),
        ],
    );
    let facts = super::turn::facts(&[
        ("kind", "orders"),
        ("game", ctx.game),
        ("turn", &ctx.turn.to_string()),
        ("player", &player.0.to_string()),
        ("version", &number.to_string()),
        ("checksum", &sum),
    ]);
    out.replies.push(Reply {
        facts,
        ..reply(to, subject, body)
    });
}

#[allow(clippy::too_many_arguments)]
pub(super) fn relay(
    state: &mut MailState,
    ctx: &Context,
    player: PlayerId,
    me: &PlayerMail,
    mode: Option<MessageMode>,
    recipients: &[Recipient],
    lines: &[String],
    attachments: &[(String, String)],
    out: &mut Out,
) {
    // Applies ruling G-161 (see the ruling list).
    let lang = me.language();
    let sent = state.relays.entry(player.0).or_default();
    sent.retain(|t| ctx.now - *t < 3600);
    if sent.len() >= RELAYS_PER_HOUR {
        out.log(format!(
            "{}: player {} over {RELAYS_PER_HOUR} relayed messages an hour, not relayed",
            ctx.key, player.0
        ));
        out.replies.push(reply(
            &me.emails,
            tr(lang, "mail-re-message"),
            tr_args(
                lang,
                "mail-message-rate",
                &[("count", &RELAYS_PER_HOUR.to_string())],
            ),
        ));
        return;
    }
    sent.push(ctx.now);
    let (attachments, dropped) = relayed_attachments(attachments);
    let anonymous = mode == Some(MessageMode::Anonymous);
    let all = recipients.contains(&Recipient::All);
    let mut targets: Vec<PlayerId> = Vec::new();
    let mut unknown = Vec::new();
    for r in recipients {
        match r {
            Recipient::All => targets.extend(ctx.players.iter().map(|(p, _)| *p)),
            Recipient::Number(n) => {
                if ctx.players.iter().any(|(p, _)| p == n) {
                    targets.push(*n);
                } else {
                    unknown.push(n.0.to_string());
                }
            }
            Recipient::Pseudo(name) => match ctx.players.iter().find(|(_, n)| n == name) {
                Some((p, _)) => targets.push(*p),
                None => unknown.push(name.clone()),
            },
        }
    }
    targets.sort();
    targets.dedup();
    targets.retain(|p| *p != player);
    if mode == Some(MessageMode::Multi) {
        let mut thread: Vec<u32> = targets.iter().map(|p| p.0).collect();
        thread.push(player.0);
        thread.sort_unstable();
        state.threads.insert(ctx.key.to_string(), thread);
    }
    let names: Vec<String> = targets.iter().map(|p| p.0.to_string()).collect();
    let mut delivered = Vec::new();
    for target in &targets {
        let Some(them) = state.players.get(&target.0) else {
            continue;
        };
        // The book's settings: rumours (anonymous) and general messages (<All>).
        if (anonymous && !them.rumeur) || (all && !anonymous && !them.msggen) {
            continue;
        }
        let lang = them.language();
        let header = if anonymous {
            tr_args(lang, "mail-relay-rumour", &[("game", ctx.game)])
        } else if mode == Some(MessageMode::Multi) {
            tr_args(
                lang,
                "mail-relay-multi",
                &[
                    ("game", ctx.game),
                    ("player", &player.0.to_string()),
                    ("recipients", &names.join(",")),
                ],
            )
        } else {
            tr_args(
                lang,
                "mail-relay-from",
                &[("game", ctx.game), ("player", &player.0.to_string())],
            )
        };
        // Relayed text only: never the sender's address nor his headers.
        let subject = format!("[{}] {header}", ctx.game);
        let mut body = lines.join("\n");
        body.push('\n');
        if mode == Some(MessageMode::Multi) {
            body.push_str(&format!(
                "\n-- \n{}\n",
                tr_args(
                    lang,
                    "mail-relay-answer-multi",
                    &[("game", ctx.game), ("recipients", &names.join(","))]
                )
            ));
        }
        let mut relayed = reply(&them.emails, subject, body);
        // Applies ruling G-151 (see the ruling list): text attachments only.
        relayed.attachments = attachments.clone();
        // For the player's app; a rumour's sender stays unknown to it too.
        let turn = ctx.turn.to_string();
        let from = player.0.to_string();
        let to = names.join(",");
        let mut pairs = vec![("kind", "message"), ("game", ctx.game), ("turn", &turn[..])];
        if anonymous {
            pairs.push(("anonymous", "1"));
        } else {
            pairs.push(("from", &from[..]));
            pairs.push(("to", &to[..]));
        }
        relayed.facts = super::turn::facts(&pairs);
        out.replies.push(relayed);
        delivered.push(target.0.to_string());
    }
    let mut body = tr_args(
        lang,
        "mail-message-sent",
        &[("recipients", &delivered.join(", "))],
    );
    if !unknown.is_empty() {
        body.push('\n');
        body.push_str(&tr_args(
            lang,
            "mail-message-unknown",
            &[("recipients", &unknown.join(", "))],
        ));
    }
    if dropped > 0 {
        body.push('\n');
        body.push_str(&tr_args(
            lang,
            "mail-message-attachments-dropped",
            &[
                ("count", &dropped.to_string()),
                ("max", &RELAYED_ATTACHMENTS.to_string()),
                ("kib", &(RELAYED_ATTACHMENT_BYTES / 1024).to_string()),
            ],
        ));
    }
    if me.copie {
        body.push_str("\n\nDEBUT\n");
        for line in lines {
            body.push_str(line);
            body.push('\n');
        }
        body.push_str("FIN\n");
    }
    out.replies.push(Reply {
        facts: answer_facts("message", ctx, player),
        ..reply(&me.emails, tr(lang, "mail-re-message"), body)
    });
}

/// The text attachments a message carries (applies ruling G-161, see the
/// ruling list): at most [`RELAYED_ATTACHMENTS`], each at most
/// [`RELAYED_ATTACHMENT_BYTES`]; and how many were dropped.
fn relayed_attachments(attachments: &[(String, String)]) -> (Vec<(String, String)>, usize) {
    let kept: Vec<(String, String)> = attachments
        .iter()
        .filter(|(_, text)| text.len() <= RELAYED_ATTACHMENT_BYTES)
        .take(RELAYED_ATTACHMENTS)
        .cloned()
        .collect();
    let dropped = attachments.len() - kept.len();
    (kept, dropped)
}

pub(super) fn settings_text(lang: Lang, me: &PlayerMail) -> String {
    let yes_no = |b: bool| if b { "Y" } else { "N" };
    tr_args(
        lang,
        "mail-config-current",
        &[
            ("emails", &me.emails.join(", ")),
            ("msggen", yes_no(me.msggen)),
            ("copie", yes_no(me.copie)),
            ("rumeur", yes_no(me.rumeur)),
        ],
    )
}

/// Ruling G-155 (annexe, serveur de mail): EMAIL and ADDEMAIL send
/// each new address a mail whose subject holds a token
/// (`CONFIRMATION PARTIE J token`); a mail from one of those
/// addresses whose subject holds the token (a reply) makes the
/// change; a later EMAIL/ADDEMAIL replaces a pending one.
pub(super) fn config_request(
    state: &mut MailState,
    ctx: &Context,
    player: PlayerId,
    lang: Lang,
    to: &[String],
    commands: &[ConfigCommand],
    out: &mut Out,
) {
    let Some(me) = state.players.get_mut(&player.0) else {
        return;
    };
    let mut body = String::new();
    for command in commands {
        match command {
            ConfigCommand::Password(p) => {
                // Applies ruling G-162 (see the ruling list).
                if let Some(problem) = password_problem(p) {
                    body.push_str(&tr_args(
                        lang,
                        problem,
                        &[("min", &MIN_PASSWORD_CHARS.to_string())],
                    ));
                    body.push('\n');
                    continue;
                }
                out.effects.push(Effect::SetPassword {
                    player,
                    password: p.clone(),
                });
                body.push_str(&tr(lang, "mail-config-password"));
                body.push('\n');
            }
            ConfigCommand::MsgGen(b) => me.msggen = *b,
            ConfigCommand::Copie(b) => me.copie = *b,
            ConfigCommand::Rumeur(b) => me.rumeur = *b,
            ConfigCommand::Email(_) | ConfigCommand::AddEmail(_) => {
                let (addresses, add) = match command {
                    ConfigCommand::Email(a) => (a.clone(), false),
                    ConfigCommand::AddEmail(a) => (vec![a.clone()], true),
                    _ => continue,
                };
                let addresses: Vec<String> =
                    addresses.iter().map(|a| a.to_ascii_lowercase()).collect();
                // Applies ruling G-161 (see the ruling list).
                let invalid: Vec<&str> = addresses
                    .iter()
                    .filter(|a| !is_mailbox(a))
                    .map(String::as_str)
                    .collect();
                if addresses.len() > NEW_ADDRESSES || !invalid.is_empty() {
                    body.push_str(&if invalid.is_empty() {
                        tr_args(
                            lang,
                            "mail-config-too-many-addresses",
                            &[("max", &NEW_ADDRESSES.to_string())],
                        )
                    } else {
                        tr_args(
                            lang,
                            "mail-config-invalid-addresses",
                            &[("invalid", &invalid.join(", "))],
                        )
                    });
                    body.push('\n');
                    continue;
                }
                // Applies ruling G-155 (see this function's doc).
                let token = token(ctx.key, player);
                me.pending = Some(PendingEmail {
                    token: token.clone(),
                    addresses: addresses.clone(),
                    add,
                });
                out.replies.push(reply(
                    &addresses,
                    format!("CONFIRMATION {} {} {token}", ctx.game, player.0),
                    tr_args(
                        lang,
                        "mail-confirm-ask",
                        &[
                            ("game", ctx.game),
                            ("player", &player.0.to_string()),
                            ("addresses", &addresses.join(", ")),
                        ],
                    ),
                ));
                body.push_str(&tr_args(
                    lang,
                    "mail-config-confirm-sent",
                    &[("addresses", &addresses.join(", "))],
                ));
                body.push('\n');
            }
        }
    }
    body.push_str(&settings_text(lang, me));
    out.replies.push(Reply {
        facts: answer_facts("config", ctx, player),
        ..reply(to, tr(lang, "mail-re-config"), body)
    });
}

/// The facts of the robot's answer to a `CONFIG`, `INFO` or `MESSAGE`
/// (`request`), so that the player's app files it with the request it
/// answers (`game::mailbox::client`).
fn answer_facts(request: &str, ctx: &Context, player: PlayerId) -> Vec<(String, String)> {
    super::turn::facts(&[
        ("kind", "answer"),
        ("request", request),
        ("game", ctx.game),
        ("turn", &ctx.turn.to_string()),
        ("player", &player.0.to_string()),
    ])
}

pub(super) fn confirm(
    state: &mut MailState,
    ctx: &Context,
    mail: &Incoming,
    out: &mut Out,
) -> bool {
    let found = state.players.iter_mut().find(|(_, p)| {
        p.pending.as_ref().is_some_and(|pending| {
            mail.subject.contains(&pending.token) && pending.addresses.contains(&mail.from)
        })
    });
    let Some((number, me)) = found else {
        return false;
    };
    let Some(pending) = me.pending.take() else {
        return false;
    };
    if pending.add {
        for a in pending.addresses {
            if !me.emails.contains(&a) {
                me.emails.push(a);
            }
        }
    } else {
        me.emails = pending.addresses;
    }
    let lang = me.language();
    out.log(format!(
        "{}: player {number} confirmed addresses {}",
        ctx.key,
        me.emails.join(", ")
    ));
    let body = format!(
        "{}\n{}",
        tr(lang, "mail-confirm-done"),
        settings_text(lang, me)
    );
    out.replies
        .push(reply(&me.emails.clone(), tr(lang, "mail-re-config"), body));
    true
}

/// Ruling G-156 (annexe, serveur de mail): NBORDRES counts the
/// orders of the current stored version for the turn being
/// played (lines read as orders; comments and blank lines do not
/// count), 0 when nothing is stored.
#[allow(clippy::too_many_arguments)]
pub(super) fn info_request(
    state: &MailState,
    ctx: &Context,
    player: PlayerId,
    lang: Lang,
    to: &[String],
    requests: &[InfoRequest],
    errors: &[String],
    out: &mut Out,
) {
    let mut body = String::new();
    let mut attachments = Vec::new();
    let stored = (ctx.stored_orders)(player);
    let version = state.current.get(&key_of(player, ctx.turn)).copied();
    for request in requests {
        match request {
            InfoRequest::NbOrdres => {
                // Applies ruling G-156 (see this function's doc).
                let count = stored
                    .as_deref()
                    .map_or(0, |t| crate::orders::parse::parse_orders(t).orders.len());
                body.push_str(&tr_args(
                    lang,
                    "mail-info-count",
                    &[
                        ("turn", &ctx.turn.to_string()),
                        ("count", &count.to_string()),
                    ],
                ));
                body.push_str("\n\n");
            }
            InfoRequest::Ordres => match &stored {
                Some(text) => {
                    body.push_str(&tr_args(
                        lang,
                        "mail-info-orders",
                        &[
                            ("turn", &ctx.turn.to_string()),
                            ("version", &version.unwrap_or(0).to_string()),
                            ("checksum", &checksum(text)),
                        ],
                    ));
                    body.push_str("\nDEBUT\n");
                    body.push_str(text);
                    body.push_str("FIN\n\n");
                }
                None => {
                    body.push_str(&tr_args(
                        lang,
                        "mail-info-no-orders",
                        &[("turn", &ctx.turn.to_string())],
                    ));
                    body.push_str("\n\n");
                }
            },
            InfoRequest::Cr => {
                let files = (ctx.turn_files)(player);
                body.push_str(&tr_args(
                    lang,
                    "mail-info-cr",
                    &[
                        ("turn", &ctx.turn.to_string()),
                        ("files", &files.len().to_string()),
                    ],
                ));
                body.push_str("\n\n");
                attachments.extend(files);
            }
        }
    }
    if !errors.is_empty() {
        body.push_str(&tr(lang, "mail-request-errors"));
        body.push('\n');
        body.push_str(&errors.join("\n"));
        body.push('\n');
    }
    if requests.is_empty() && errors.is_empty() {
        body.push_str(&tr(lang, "mail-info-empty"));
    }
    out.replies.push(Reply {
        attachments,
        facts: answer_facts("info", ctx, player),
        ..reply(to, tr(lang, "mail-re-info"), body)
    });
}
