//! The "Courrier" window: the player's side of the game's mail server. Every
//! request of the book's annex is built from controls, never typed — `ORDRES`
//! (the order draft), `MESSAGE` (recipients picked among the players known by
//! name and number, `A` rumour or `M` to several, `<All>`), `CONFIG` (each
//! setting a control), `INFO` (CR, NBORDRES, ORDRES) — and checked by the
//! robot's own parser before it leaves ([`MailKind::check`]); it leaves through
//! the player's mail program (a `mailto:` link, or the text copied when too long
//! for one) or his SMTP server ([`crate::post::send_smtp`], on a background
//! thread). What was sent, and what the robot answered (pasted, or read from a
//! `.eml`, an mbox or a Maildir folder), is kept per game
//! ([`crate::post::book::GameMail`]): acknowledgements matched to the orders
//! sent, relayed messages and rumours searchable. The passwords (the game's,
//! the SMTP server's) are asked, used, and kept only in the system keyring
//! when the player ticks it ([`crate::post::keyring`], called off the UI
//! thread); never in a file of the app.

use std::path::{Path, PathBuf};
use std::sync::mpsc;

use egui::RichText;

use super::command::WindowId;
use super::context::UiContext;
use crate::diagnostic::Severity;
use crate::game::mailbox::client::classify;
use crate::game::mailbox::{checksum, read_incoming};
use crate::i18n::{Lang, tr, tr_args};
use crate::model::PlayerId;
use crate::orders::mail::{
    ConfigCommand, ConfigMail, Credentials, InfoMail, InfoRequest, MailKind, MessageMail,
    MessageMode, OrdersMail, Recipient,
};
use crate::post::book::{Filed, GameMail, Via};
use crate::post::keyring::{self, KeyringError, Secret};
use crate::post::{PostError, Security, mailto_url, send_smtp};

/// Which request is being written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Request {
    #[default]
    Orders,
    Message,
    Config,
    Info,
}

/// A yes/no setting of `CONFIG`, or left as it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Setting {
    #[default]
    Unchanged,
    Yes,
    No,
}

/// Something said in the window: a message id, its arguments, whether it is an error.
type Said = (String, Vec<(String, String)>, bool);

/// What the keyring answered (its calls run off the UI thread: a locked
/// keyring may ask the user to unlock it).
enum KeyringNews {
    /// Whether there is a keyring, and the passwords kept for `game` (when
    /// the player asked for them to be kept).
    Found {
        status: Result<(), KeyringError>,
        game: Option<String>,
        game_password: Option<String>,
        smtp_password: Option<String>,
    },
    /// Kept (`announce`: said even when it worked, the player having just
    /// ticked the box).
    Stored {
        result: Result<(), KeyringError>,
        announce: bool,
    },
    Forgotten(Result<(), KeyringError>),
}

/// The keyring as the window knows it.
#[derive(Default)]
struct KeyringLink {
    channel: Option<(mpsc::Sender<KeyringNews>, mpsc::Receiver<KeyringNews>)>,
    /// `None` until the keyring answered.
    status: Option<Result<(), KeyringError>>,
    /// Calls under way.
    busy: usize,
    /// The passwords of the game shown must be looked up.
    stale: bool,
}

/// The window's state.
#[derive(Default)]
pub struct CourrierState {
    pub open: bool,
    pub request: Request,
    /// The data folder (the game's mail book is kept there; `None`: nothing kept).
    data_dir: Option<PathBuf>,
    /// The game the book is of, and the book.
    game: Option<String>,
    pub book: GameMail,
    /// The game's password (for this session, or from the keyring).
    password: String,
    /// The SMTP server's password (likewise).
    smtp_password: String,
    keyring: KeyringLink,
    acknowledgement: String,
    recipients: Vec<u32>,
    /// Recipients typed by number (players not known by name).
    typed_recipients: String,
    all: bool,
    mode: Option<MessageMode>,
    text: String,
    new_password: String,
    msggen: Setting,
    copie: Setting,
    rumeur: Setting,
    email: String,
    add_email: String,
    info: [bool; 3],
    /// A reply pasted, or the path of one to read.
    paste: String,
    path: String,
    search: String,
    /// The last thing done, as a message id and its arguments (and whether it
    /// is an error).
    notice: Option<Said>,
    /// The player said to send orders with errors anyway.
    send_anyway: bool,
    /// What reading replies did (said beside the replies).
    reply_notice: Option<Said>,
    /// "Répondre" was clicked: the message's text takes the focus (and is
    /// scrolled to).
    focus_text: bool,
    /// An SMTP sending under way: its result comes back here.
    sending: Option<mpsc::Receiver<Result<(), PostError>>>,
    /// What is being sent by SMTP (recorded when it succeeds).
    pending: Option<(String, Option<String>)>,
}

impl std::fmt::Debug for CourrierState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CourrierState")
            .field("open", &self.open)
            .field("request", &self.request)
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
}

impl CourrierState {
    /// Keeps the game's mail book in `dir`.
    pub fn set_data_dir(&mut self, dir: Option<PathBuf>) {
        self.data_dir = dir;
        self.game = None;
    }

    /// Loads the book of `game` when it changes (the player's number from his
    /// report when the book has none).
    fn follow_game(&mut self, game: Option<&str>, player: Option<u32>) {
        if self.game.as_deref() == game {
            return;
        }
        self.game = game.map(str::to_string);
        self.book = match (&self.data_dir, game) {
            (Some(dir), Some(game)) => GameMail::load(dir, game).unwrap_or_default(),
            _ => GameMail::default(),
        };
        if self.book.player == 0 {
            self.book.player = player.unwrap_or(0);
        }
        if self.book.smtp.port == 0 {
            self.book.smtp.port = 587;
        }
        self.password.clear();
        self.smtp_password.clear();
        self.keyring.stale = true;
    }

    /// The keyring entries of the game shown (the SMTP one when the server
    /// asks for a login).
    fn secrets(&self) -> (Option<Secret>, Option<Secret>) {
        let game = self.game.clone().map(|game| Secret::Game {
            game,
            player: self.book.player,
        });
        let smtp = self.book.smtp.user.clone().and_then(|user| {
            let host = self.book.smtp.host.trim().to_string();
            (!host.is_empty()).then_some(Secret::Smtp { host, user })
        });
        (game, smtp)
    }

    /// Runs `job` on the keyring off the UI thread; its answer comes back to
    /// [`Self::poll_keyring`].
    fn keyring_job(
        &mut self,
        ctx: &egui::Context,
        job: impl FnOnce() -> KeyringNews + Send + 'static,
    ) {
        let sender = self
            .keyring
            .channel
            .get_or_insert_with(mpsc::channel)
            .0
            .clone();
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("nebutil-keyring".into())
            .spawn(move || {
                let _ = sender.send(job());
                ctx.request_repaint();
            });
        if spawned.is_ok() {
            self.keyring.busy += 1;
        }
    }

    /// Asks the keyring whether it is there and, when the player keeps his
    /// passwords in it, for those of the game shown.
    fn look_up_keyring(&mut self, ctx: &egui::Context) {
        self.keyring.stale = false;
        let keep = self.book.keep_passwords;
        let game = self.game.clone();
        let (game_secret, smtp_secret) = self.secrets();
        self.keyring_job(ctx, move || {
            let status = keyring::available();
            let load = |secret: Option<Secret>| {
                secret
                    .filter(|_| keep && status.is_ok())
                    .and_then(|s| keyring::load(&s).ok().flatten())
            };
            KeyringNews::Found {
                game_password: load(game_secret),
                smtp_password: load(smtp_secret),
                status,
                game,
            }
        });
    }

    /// Keeps the passwords typed in the keyring (when the player asked).
    fn keep_passwords(&mut self, ctx: &egui::Context, announce: bool) {
        if !self.book.keep_passwords || !matches!(self.keyring.status, Some(Ok(()))) {
            return;
        }
        let (game_secret, smtp_secret) = self.secrets();
        let passwords = [
            (game_secret, self.password.clone()),
            (smtp_secret, self.smtp_password.clone()),
        ];
        self.keyring_job(ctx, move || {
            let mut result = Ok(());
            for (secret, password) in passwords {
                if let Some(secret) = secret
                    && !password.is_empty()
                {
                    result = result.and(keyring::store(&secret, &password));
                }
            }
            KeyringNews::Stored { result, announce }
        });
    }

    /// Takes the keyring's answers.
    fn poll_keyring(&mut self) {
        let mut news = Vec::new();
        if let Some((_, receiver)) = &self.keyring.channel {
            news.extend(receiver.try_iter());
        }
        for item in news {
            self.keyring.busy = self.keyring.busy.saturating_sub(1);
            match item {
                KeyringNews::Found {
                    status,
                    game,
                    game_password,
                    smtp_password,
                } => {
                    self.keyring.status = Some(status);
                    if game == self.game {
                        if let Some(p) = game_password.filter(|_| self.password.is_empty()) {
                            self.password = p;
                        }
                        if let Some(p) = smtp_password.filter(|_| self.smtp_password.is_empty()) {
                            self.smtp_password = p;
                        }
                    }
                }
                KeyringNews::Stored {
                    result: Ok(()),
                    announce,
                } => {
                    if announce {
                        self.say("gui-courrier-kept", &[], false);
                    }
                }
                KeyringNews::Forgotten(Ok(())) => self.say("gui-courrier-forgotten", &[], false),
                KeyringNews::Stored { result: Err(e), .. } | KeyringNews::Forgotten(Err(e)) => {
                    self.say(e.message_id(), &[("detail", e.detail().to_string())], true);
                }
            }
        }
    }

    fn save(&mut self) {
        if let (Some(dir), Some(game)) = (&self.data_dir, &self.game)
            && self.book.save(dir, game).is_err()
        {
            self.notice = Some(("gui-courrier-save-failed".into(), Vec::new(), true));
        }
    }

    /// Empties the request just sent (a second click would send it again).
    fn clear_request(&mut self) {
        match self.request {
            Request::Orders => {
                self.acknowledgement.clear();
                self.send_anyway = false;
            }
            Request::Message => {
                self.text.clear();
                self.recipients.clear();
                self.typed_recipients.clear();
                self.all = false;
                self.mode = None;
            }
            Request::Config => {
                self.new_password.clear();
                self.msggen = Setting::Unchanged;
                self.copie = Setting::Unchanged;
                self.rumeur = Setting::Unchanged;
                self.email.clear();
                self.add_email.clear();
            }
            Request::Info => self.info = [false; 3],
        }
    }

    fn say(&mut self, id: &str, args: &[(&str, String)], error: bool) {
        self.notice = Some((
            id.to_string(),
            args.iter()
                .map(|(k, v)| ((*k).to_string(), v.clone()))
                .collect(),
            error,
        ));
    }

    /// The request as the controls say, for `game`; the orders from `draft`.
    pub fn build(&self, game: &str, draft: &str) -> MailKind {
        let credentials = Credentials {
            game: game.to_string(),
            player: PlayerId(self.book.player),
            password: self.password.clone(),
        };
        match self.request {
            Request::Orders => {
                let ack = self.acknowledgement.trim();
                MailKind::Orders(OrdersMail::from_order_text(
                    credentials,
                    (!ack.is_empty()).then(|| ack.to_string()),
                    draft,
                ))
            }
            Request::Message => {
                let mut recipients: Vec<Recipient> = if self.all {
                    vec![Recipient::All]
                } else {
                    let mut numbers = self.recipients.clone();
                    numbers.extend(
                        self.typed_recipients
                            .split([',', ' ', ';'])
                            .filter_map(|n| n.trim().parse::<u32>().ok())
                            .filter(|n| *n > 0),
                    );
                    numbers.sort_unstable();
                    numbers.dedup();
                    numbers
                        .into_iter()
                        .map(|n| Recipient::Number(PlayerId(n)))
                        .collect()
                };
                recipients.dedup();
                MailKind::Message(MessageMail {
                    credentials,
                    mode: self.mode,
                    recipients,
                    lines: self.text.lines().map(str::to_string).collect(),
                })
            }
            Request::Config => {
                let mut commands = Vec::new();
                if !self.new_password.trim().is_empty() {
                    commands.push(ConfigCommand::Password(
                        self.new_password.trim().to_string(),
                    ));
                }
                for (setting, make) in [
                    (
                        self.msggen,
                        ConfigCommand::MsgGen as fn(bool) -> ConfigCommand,
                    ),
                    (self.copie, ConfigCommand::Copie),
                    (self.rumeur, ConfigCommand::Rumeur),
                ] {
                    match setting {
                        Setting::Yes => commands.push(make(true)),
                        Setting::No => commands.push(make(false)),
                        Setting::Unchanged => {}
                    }
                }
                let emails: Vec<String> = self
                    .email
                    .split(',')
                    .map(|a| a.trim().to_string())
                    .filter(|a| !a.is_empty())
                    .collect();
                if !emails.is_empty() {
                    commands.push(ConfigCommand::Email(emails));
                }
                if !self.add_email.trim().is_empty() {
                    commands.push(ConfigCommand::AddEmail(self.add_email.trim().to_string()));
                }
                MailKind::Config(ConfigMail {
                    credentials,
                    commands,
                })
            }
            Request::Info => MailKind::Info(InfoMail {
                credentials,
                requests: [InfoRequest::Cr, InfoRequest::NbOrdres, InfoRequest::Ordres]
                    .into_iter()
                    .zip(self.info)
                    .filter(|(_, asked)| *asked)
                    .map(|(r, _)| r)
                    .collect(),
            }),
        }
    }

    /// Takes the result of an SMTP sending under way.
    fn poll(&mut self) {
        let Some(receiver) = &self.sending else {
            return;
        };
        let Ok(result) = receiver.try_recv() else {
            return;
        };
        self.sending = None;
        match result {
            Ok(()) => {
                if let Some((subject, sum)) = self.pending.take() {
                    self.book.record_sent(now(), &subject, sum, Via::Smtp);
                    self.save();
                }
                self.clear_request();
                self.say("gui-courrier-sent-smtp", &[], false);
            }
            Err(error) => {
                self.pending = None;
                let args: Vec<(&str, String)> = error.args();
                self.say(error.message_id(), &args, true);
            }
        }
    }

    /// Reads a reply: a mail's raw text.
    pub fn read_reply(&mut self, raw: &[u8]) -> Filed {
        let game = self.game.clone().unwrap_or_default();
        let filed = self
            .book
            .file_for(&game, classify(&read_incoming(raw, &self.book.from)));
        self.save();
        filed
    }

    /// Reads the replies at `path`: a `.eml` (one mail), an mbox (several), or
    /// a Maildir folder (`cur/` and `new/`). Says how many were filed.
    pub fn read_path(&mut self, path: &Path) {
        if !path.exists() {
            self.reply_notice = Some((
                "gui-courrier-no-such-path".into(),
                vec![("path".into(), path.display().to_string())],
                true,
            ));
            return;
        }
        let game = self.game.clone().unwrap_or_default();
        let mut files = Vec::new();
        if path.is_dir() {
            for sub in ["cur", "new"] {
                if let Ok(entries) = std::fs::read_dir(path.join(sub)) {
                    files.extend(entries.flatten().map(|e| e.path()));
                }
            }
            files.sort();
        } else {
            files.push(path.to_path_buf());
        }
        let (mut acknowledged, mut messages) = (0, 0);
        for file in files.iter().take(10_000) {
            let Ok(bytes) = read_bounded(file) else {
                continue;
            };
            for mail in crate::game::mailbox::client::split_mbox(&bytes) {
                match self
                    .book
                    .file_for(&game, classify(&read_incoming(mail, &self.book.from)))
                {
                    Filed::Acknowledgement { new: true, .. }
                    | Filed::Answer { matched: true, .. } => acknowledged += 1,
                    Filed::Message { new: true } => messages += 1,
                    _ => {}
                }
            }
        }
        self.save();
        self.reply_notice = Some((
            "gui-courrier-read".into(),
            vec![
                ("acknowledged".into(), acknowledged.to_string()),
                ("messages".into(), messages.to_string()),
            ],
            false,
        ));
    }
}

/// A mail file, at most [`crate::post::book::MAX_BOOK_BYTES`] of it.
fn read_bounded(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(crate::post::book::MAX_BOOK_BYTES)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

impl super::windows::AppWindow for CourrierState {
    fn id(&self) -> WindowId {
        WindowId::Courrier
    }
    fn is_open(&self) -> bool {
        self.open
    }
    fn set_open(&mut self, open: bool) {
        self.open = open;
    }
    fn show(&mut self, ctx: &egui::Context, cx: &mut UiContext<'_>) {
        self.poll();
        self.poll_keyring();
        if self.sending.is_some() || self.keyring.busy > 0 {
            ctx.request_repaint_after(std::time::Duration::from_millis(200));
        }
        let mut open = self.open;
        super::windows::app_window(ctx, WindowId::Courrier.title(cx.lang))
            .id(WindowId::Courrier.egui_id())
            .open(&mut open)
            // Never taller or wider than the screen leaves room for.
            .default_size([
                660.0_f32.min(ctx.content_rect().width() * 0.9),
                720.0_f32.min(ctx.content_rect().height() * 0.85),
            ])
            .show(ctx, |ui| {
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| courrier_ui(ui, self, cx));
            });
        self.open = open;
    }
}

/// A labelled text field (its label is its accessible name).
fn field(ui: &mut egui::Ui, label: &str, text: &mut String, password: bool) -> egui::Response {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(
            egui::TextEdit::singleline(text)
                .password(password)
                .desired_width(260.0),
        )
        .labelled_by(l.id)
    })
    .inner
}

fn setting_ui(ui: &mut egui::Ui, label: &str, value: &mut Setting, lang: Lang) -> egui::Response {
    ui.horizontal(|ui| {
        ui.label(label);
        for (choice, id) in [
            (Setting::Unchanged, "gui-courrier-unchanged"),
            (Setting::Yes, "gui-courrier-yes"),
            (Setting::No, "gui-courrier-no"),
        ] {
            ui.radio_value(value, choice, tr(lang, id));
        }
    })
    .response
}

/// The window's content.
pub fn courrier_ui(ui: &mut egui::Ui, state: &mut CourrierState, cx: &mut UiContext<'_>) {
    let lang = cx.lang;
    let view = cx.view();
    let game = view.and_then(|v| v.game.clone());
    let me = view.and_then(|v| v.player.clone());
    state.follow_game(game.as_deref(), me.as_ref().and_then(|p| p.number));
    let Some(game) = game else {
        ui.label(tr(lang, "gui-courrier-no-game"));
        return;
    };
    ui.label(
        RichText::new(tr_args(
            lang,
            "gui-courrier-heading",
            &[("game", &game), ("player", &state.book.player.to_string())],
        ))
        .strong(),
    );
    egui::CollapsingHeader::new(tr(lang, "gui-courrier-settings"))
        .id_salt("courrier-settings")
        .default_open(state.book.address.is_empty())
        .show(ui, |ui| {
            let mut changed = false;
            changed |= field(
                ui,
                &tr(lang, "gui-courrier-address"),
                &mut state.book.address,
                false,
            )
            .changed();
            changed |= field(
                ui,
                &tr(lang, "gui-courrier-from"),
                &mut state.book.from,
                false,
            )
            .changed();
            let mut host = state.book.smtp.host.clone();
            changed |= field(ui, &tr(lang, "gui-courrier-smtp-host"), &mut host, false).changed();
            state.book.smtp.host = host;
            ui.horizontal(|ui| {
                let l = ui.label(tr(lang, "gui-courrier-smtp-port"));
                // Wide enough for five digits while typed.
                changed |= ui
                    .add_sized(
                        [64.0, 20.0],
                        egui::DragValue::new(&mut state.book.smtp.port).range(0..=65535),
                    )
                    .labelled_by(l.id)
                    .changed();
                for (security, name) in [
                    (Security::StartTls, "STARTTLS"),
                    (Security::Tls, "TLS"),
                    (Security::Plain, ""),
                ] {
                    let name = if name.is_empty() {
                        tr(lang, "gui-courrier-plain")
                    } else {
                        name.to_string()
                    };
                    changed |= ui
                        .radio_value(&mut state.book.smtp.security, security, name)
                        .on_hover_text(tr(lang, "gui-courrier-security-hint"))
                        .changed();
                }
            });
            let mut user = state.book.smtp.user.clone().unwrap_or_default();
            changed |= field(ui, &tr(lang, "gui-courrier-smtp-user"), &mut user, false).changed();
            state.book.smtp.user = (!user.trim().is_empty()).then(|| user.trim().to_string());
            if changed {
                state.save();
            }
        });
    passwords_ui(ui, state, lang);
    ui.separator();
    ui.horizontal(|ui| {
        for (request, word) in [
            (Request::Orders, "ORDRES"),
            (Request::Message, "MESSAGE"),
            (Request::Config, "CONFIG"),
            (Request::Info, "INFO"),
        ] {
            // What was said about another request is not about this one.
            if ui
                .selectable_value(&mut state.request, request, word)
                .changed()
            {
                state.notice = None;
            }
        }
    });
    request_ui(ui, state, cx);
    let mail_kind = state.build(&game, cx.draft);
    let mail = mail_kind.to_mail();
    let problems = mail_kind.check();
    ui.add_space(4.0);
    ui.label(RichText::new(tr(lang, "gui-courrier-built")).strong());
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.monospace(crate::post::book::masked_subject(&mail.subject));
        for line in mail.body.lines().take(12) {
            // The new password of a CONFIG is masked here too.
            match line.strip_prefix("PASSWORD ") {
                Some(_) => ui.monospace("PASSWORD ****"),
                None => ui.monospace(line),
            };
        }
        if mail.body.lines().count() > 12 {
            ui.weak("…");
        }
    });
    // What is missing, said plainly (the parser's complaints would say less).
    let missing = if state.password.trim().is_empty() {
        Some("gui-courrier-password-needed")
    } else {
        match &mail_kind {
            MailKind::Message(m) if m.recipients.is_empty() => Some("gui-courrier-no-recipient"),
            MailKind::Message(m) if m.lines.iter().all(|l| l.trim().is_empty()) => {
                Some("gui-courrier-no-text")
            }
            MailKind::Info(i) if i.requests.is_empty() => Some("gui-courrier-no-request"),
            _ => None,
        }
    };
    // Orders the player sends anyway go with their errors (the robot
    // stores them as they are and says what it refuses).
    let mut errors = missing.is_some()
        || (problems.iter().any(|d| d.severity == Severity::Error)
            && !(matches!(mail_kind, MailKind::Orders(_)) && state.send_anyway));
    if let Some(id) = missing {
        ui.colored_label(ui.visuals().warn_fg_color, tr(lang, id));
    } else {
        for problem in &problems {
            ui.colored_label(ui.visuals().warn_fg_color, problem.message(lang));
        }
    }
    // Orders with errors never leave without the player saying so.
    if let MailKind::Orders(orders) = &mail_kind {
        if cx.draft_errors > 0 {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                tr_args(
                    lang,
                    "gui-courrier-orders-errors",
                    &[("errors", &cx.draft_errors.to_string())],
                ),
            );
            ui.checkbox(&mut state.send_anyway, tr(lang, "gui-courrier-send-anyway"));
            errors |= !state.send_anyway;
        } else if orders.order_text().lines().all(|l| l.trim().is_empty()) {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                tr(lang, "gui-courrier-orders-empty"),
            );
        }
    }
    let ready = !errors && !state.book.address.trim().is_empty() && state.sending.is_none();
    let sum = match &mail_kind {
        MailKind::Orders(orders) => Some(checksum(&orders.order_text())),
        _ => None,
    };
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(
                ready,
                egui::Button::new(tr(lang, "gui-courrier-send-program")),
            )
            .clicked()
        {
            match mailto_url(state.book.address.trim(), &mail) {
                Some(url) => {
                    ui.ctx().open_url(egui::OpenUrl::new_tab(url));
                    state
                        .book
                        .record_sent(now(), &mail.subject, sum.clone(), Via::MailProgram);
                    state.say("gui-courrier-sent-program", &[], false);
                    state.clear_request();
                }
                None => {
                    ui.ctx().copy_text(mail.to_text());
                    state
                        .book
                        .record_sent(now(), &mail.subject, sum.clone(), Via::Copied);
                    state.say(
                        "gui-courrier-too-long",
                        &[("address", state.book.address.clone())],
                        false,
                    );
                }
            }
            state.save();
            state.keep_passwords(ui.ctx(), false);
        }
        let smtp_ready =
            ready && !state.book.smtp.host.trim().is_empty() && !state.book.from.trim().is_empty();
        if ui
            .add_enabled(
                smtp_ready,
                egui::Button::new(tr(lang, "gui-courrier-send-smtp")),
            )
            .on_disabled_hover_text(tr(lang, "gui-courrier-smtp-needed"))
            .clicked()
        {
            let (sender, receiver) = mpsc::channel();
            let settings = state.book.smtp.clone();
            let password = (!state.smtp_password.is_empty()).then(|| state.smtp_password.clone());
            let subject = mail.subject.clone();
            let (from, to, mail) = (
                state.book.from.trim().to_string(),
                state.book.address.trim().to_string(),
                mail.clone(),
            );
            let ctx = ui.ctx().clone();
            let spawned = std::thread::Builder::new()
                .name("nebutil-smtp".into())
                .spawn(move || {
                    let result = send_smtp(&settings, password.as_deref(), &from, &to, &mail);
                    let _ = sender.send(result);
                    ctx.request_repaint();
                });
            if spawned.is_ok() {
                state.notice = None;
                state.sending = Some(receiver);
                state.pending = Some((subject, sum.clone()));
                state.keep_passwords(ui.ctx(), false);
            }
        }
        if ui
            .add_enabled(!errors, egui::Button::new(tr(lang, "gui-courrier-copy")))
            .on_hover_text(tr(lang, "gui-courrier-copy-hint"))
            .clicked()
        {
            ui.ctx().copy_text(mail.to_text());
            state
                .book
                .record_sent(now(), &mail.subject, sum.clone(), Via::Copied);
            state.save();
            state.say(
                "gui-courrier-copied",
                &[("address", state.book.address.clone())],
                false,
            );
            state.clear_request();
            state.keep_passwords(ui.ctx(), false);
        }
        if state.sending.is_some() {
            ui.spinner();
        }
    });
    if let Some((id, args, error)) = &state.notice {
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let text = tr_args(lang, id, &args);
        if *error {
            ui.colored_label(ui.visuals().error_fg_color, text);
        } else {
            ui.label(text);
        }
    }
    ui.separator();
    sent_ui(ui, state, lang);
    replies_ui(ui, state, lang);
}

/// The game's password, the SMTP server's (when it asks for a login), and
/// whether the system keyring keeps them.
fn passwords_ui(ui: &mut egui::Ui, state: &mut CourrierState, lang: Lang) {
    if state.keyring.stale {
        state.look_up_keyring(ui.ctx());
    }
    field(
        ui,
        &tr(lang, "gui-courrier-password"),
        &mut state.password,
        true,
    )
    .on_hover_text(tr(lang, "gui-courrier-password-hint"));
    if state.book.smtp.user.is_some() {
        field(
            ui,
            &tr(lang, "gui-courrier-smtp-password"),
            &mut state.smtp_password,
            true,
        )
        .on_hover_text(tr(lang, "gui-courrier-smtp-password-hint"));
    }
    match &state.keyring.status {
        None => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.weak(tr(lang, "gui-courrier-keyring-looking"));
            });
        }
        Some(Err(error)) => {
            ui.weak(tr(lang, "gui-courrier-no-keyring"))
                .on_hover_text(tr_args(
                    lang,
                    error.message_id(),
                    &[("detail", error.detail())],
                ));
        }
        Some(Ok(())) => {
            let mut keep = state.book.keep_passwords;
            if ui
                .checkbox(&mut keep, tr(lang, "gui-courrier-keep"))
                .on_hover_text(tr(lang, "gui-courrier-keep-hint"))
                .changed()
            {
                state.book.keep_passwords = keep;
                state.save();
                if keep {
                    state.keep_passwords(ui.ctx(), true);
                } else {
                    let (game_secret, smtp_secret) = state.secrets();
                    state.keyring_job(ui.ctx(), move || {
                        let mut result = Ok(());
                        for secret in [game_secret, smtp_secret].into_iter().flatten() {
                            result = result.and(keyring::forget(&secret));
                        }
                        KeyringNews::Forgotten(result)
                    });
                }
            }
        }
    }
}

/// The controls of the request being written.
fn request_ui(ui: &mut egui::Ui, state: &mut CourrierState, cx: &UiContext<'_>) {
    let lang = cx.lang;
    match state.request {
        Request::Orders => {
            ui.label(tr_args(
                lang,
                "gui-courrier-orders",
                &[("lines", &cx.draft.lines().count().to_string())],
            ));
            field(
                ui,
                &tr(lang, "gui-courrier-acknowledgement"),
                &mut state.acknowledgement,
                false,
            );
        }
        Request::Message => {
            let known: Vec<(String, u32)> = cx
                .knowledge
                .known_players
                .iter()
                .filter_map(|(name, k)| Some((name.clone(), k.number.as_ref()?.value)))
                .collect();
            ui.label(tr(lang, "gui-courrier-recipients"));
            ui.horizontal_wrapped(|ui| {
                ui.checkbox(&mut state.all, tr(lang, "gui-courrier-all"));
                for (name, number) in &known {
                    let mut on = state.recipients.contains(number);
                    if ui
                        .add_enabled(
                            !state.all,
                            egui::Checkbox::new(&mut on, format!("\"{name}\":{number}")),
                        )
                        .changed()
                    {
                        if on {
                            state.recipients.push(*number);
                            state.recipients.sort_unstable();
                        } else {
                            state.recipients.retain(|n| n != number);
                        }
                    }
                }
            });
            if !state.all {
                field(
                    ui,
                    &tr(lang, "gui-courrier-typed-recipients"),
                    &mut state.typed_recipients,
                    false,
                )
                .on_hover_text(tr(lang, "gui-courrier-typed-recipients-hint"));
                let unread: Vec<&str> = state
                    .typed_recipients
                    .split([',', ' ', ';'])
                    .map(str::trim)
                    .filter(|n| !n.is_empty() && n.parse::<u32>().is_err())
                    .collect();
                if !unread.is_empty() {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        tr_args(
                            lang,
                            "gui-courrier-not-numbers",
                            &[("words", &unread.join(", "))],
                        ),
                    );
                }
            }
            ui.horizontal(|ui| {
                ui.radio_value(&mut state.mode, None, tr(lang, "gui-courrier-mode-plain"));
                ui.radio_value(
                    &mut state.mode,
                    Some(MessageMode::Anonymous),
                    tr(lang, "gui-courrier-mode-rumour"),
                );
                ui.radio_value(
                    &mut state.mode,
                    Some(MessageMode::Multi),
                    tr(lang, "gui-courrier-mode-multi"),
                );
            });
            let l = ui.label(tr(lang, "gui-courrier-text"));
            let text = ui
                .add(
                    egui::TextEdit::multiline(&mut state.text)
                        .desired_rows(5)
                        .desired_width(f32::INFINITY),
                )
                .labelled_by(l.id);
            if std::mem::take(&mut state.focus_text) {
                text.request_focus();
                text.scroll_to_me(Some(egui::Align::Center));
            }
            // A rumour signed gives its author away.
            if state.mode == Some(MessageMode::Anonymous)
                && let Some(me) = cx.view().and_then(|v| v.player.as_ref())
                && state.text.to_lowercase().contains(&me.name.to_lowercase())
            {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    tr_args(lang, "gui-courrier-rumour-signed", &[("name", &me.name)]),
                );
            }
        }
        Request::Config => {
            field(
                ui,
                &tr(lang, "gui-courrier-new-password"),
                &mut state.new_password,
                true,
            );
            let new_password = state.new_password.trim();
            if !new_password.is_empty()
                && let Some(id) = crate::game::mailbox::password_problem(new_password)
            {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    tr_args(
                        lang,
                        id,
                        &[("min", &crate::game::mailbox::MIN_PASSWORD_CHARS.to_string())],
                    ),
                );
            }
            setting_ui(ui, "MSGGEN", &mut state.msggen, lang)
                .on_hover_text(tr(lang, "gui-courrier-msggen-hint"));
            setting_ui(ui, "COPIE", &mut state.copie, lang)
                .on_hover_text(tr(lang, "gui-courrier-copie-hint"));
            setting_ui(ui, "RUMEUR", &mut state.rumeur, lang)
                .on_hover_text(tr(lang, "gui-courrier-rumeur-hint"));
            field(ui, "EMAIL", &mut state.email, false)
                .on_hover_text(tr(lang, "gui-courrier-email-hint"));
            field(ui, "ADDEMAIL", &mut state.add_email, false)
                .on_hover_text(tr(lang, "gui-courrier-email-hint"));
        }
        Request::Info => {
            ui.horizontal(|ui| {
                for (i, word) in ["CR", "NBORDRES", "ORDRES"].into_iter().enumerate() {
                    if let Some(asked) = state.info.get_mut(i) {
                        ui.checkbox(asked, word);
                    }
                }
            });
        }
    }
}

/// "Courrier envoyé": what left, when and how, and what the robot answered;
/// a mail the mail program never sent can be taken off the list.
fn sent_ui(ui: &mut egui::Ui, state: &mut CourrierState, lang: Lang) {
    let mut remove = None;
    egui::CollapsingHeader::new(tr_args(
        lang,
        "gui-courrier-sent",
        &[("count", &state.book.sent.len().to_string())],
    ))
    .id_salt("courrier-sent")
    .show(ui, |ui| {
        let count = state.book.sent.len();
        for (index, sent) in state.book.sent.iter().enumerate().rev().take(50) {
            let status = match (sent.checksum.is_some(), sent.acknowledged, &sent.reply) {
                (_, Some(version), _) => tr_args(
                    lang,
                    "gui-courrier-acknowledged",
                    &[("version", &version.to_string())],
                ),
                (true, None, _) => tr(lang, "gui-courrier-waiting"),
                (false, None, Some(_)) => tr(lang, "gui-courrier-answered"),
                (false, None, None) => String::new(),
            };
            let via = tr(
                lang,
                match sent.via {
                    Via::MailProgram => "gui-courrier-via-program",
                    Via::Copied => "gui-courrier-via-copied",
                    Via::Smtp => "gui-courrier-via-smtp",
                },
            );
            ui.horizontal_wrapped(|ui| {
                ui.weak(crate::post::book::utc_text(sent.when));
                ui.monospace(&sent.subject);
                if status.is_empty() {
                    ui.weak(via);
                } else {
                    ui.weak(format!("{via} · {status}"));
                }
                if sent.acknowledged.is_none()
                    && sent.reply.is_none()
                    && ui
                        .small_button(tr(lang, "gui-courrier-remove"))
                        .on_hover_text(tr(lang, "gui-courrier-remove-hint"))
                        .clicked()
                {
                    remove = Some(index);
                }
            });
            // The server's answer: its diagnostics and forecast.
            if let Some(reply) = &sent.reply {
                let title = if sent.checksum.is_some() {
                    "gui-courrier-reply"
                } else {
                    "gui-courrier-answer-text"
                };
                egui::CollapsingHeader::new(tr(lang, title))
                    .id_salt(("courrier-reply", sent.when, &sent.subject, count - index))
                    .show(ui, |ui| {
                        for line in reply.lines() {
                            ui.monospace(line);
                        }
                    });
            }
        }
    });
    if let Some(index) = remove {
        state.book.remove_sent(index);
        state.save();
    }
}

/// "Réponses": a reply pasted or read from a file or a Maildir; the messages.
fn replies_ui(ui: &mut egui::Ui, state: &mut CourrierState, lang: Lang) {
    egui::CollapsingHeader::new(tr(lang, "gui-courrier-replies"))
        .id_salt("courrier-replies")
        .show(ui, |ui| {
            let l = ui.label(tr(lang, "gui-courrier-paste"));
            ui.add(
                egui::TextEdit::multiline(&mut state.paste)
                    .desired_rows(3)
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(l.id);
            if ui.button(tr(lang, "gui-courrier-read-paste")).clicked() {
                let text = std::mem::take(&mut state.paste);
                let filed = state.read_reply(text.replace("\r\n", "\n").as_bytes());
                let (id, args) = match filed {
                    Filed::Acknowledgement {
                        version, matched, ..
                    } => (
                        if matched {
                            "gui-courrier-ack-matched"
                        } else {
                            "gui-courrier-ack-unmatched"
                        },
                        vec![("version", version.to_string())],
                    ),
                    Filed::Message { .. } => ("gui-courrier-message-kept", Vec::new()),
                    Filed::NotForYou => ("gui-courrier-not-for-you", Vec::new()),
                    Filed::NotThisGame => ("gui-courrier-not-this-game", Vec::new()),
                    Filed::Answer {
                        ref request,
                        matched,
                    } => (
                        if matched {
                            "gui-courrier-answer-matched"
                        } else {
                            "gui-courrier-answer-unmatched"
                        },
                        vec![("request", request.clone())],
                    ),
                    Filed::Other => ("gui-courrier-not-filed", Vec::new()),
                };
                let unmatched = matches!(
                    filed,
                    Filed::Acknowledgement { matched: false, .. } | Filed::Other
                );
                state.reply_notice = Some((
                    id.to_string(),
                    args.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
                    unmatched,
                ));
            }
            ui.horizontal(|ui| {
                field(ui, &tr(lang, "gui-courrier-path"), &mut state.path, false);
                if ui
                    .add_enabled(
                        !state.path.trim().is_empty(),
                        egui::Button::new(tr(lang, "gui-courrier-read-path")),
                    )
                    .clicked()
                {
                    let path = PathBuf::from(state.path.trim());
                    state.read_path(&path);
                }
            });
            // What reading did, here beside the buttons.
            if let Some((id, args, error)) = &state.reply_notice {
                let args: Vec<(&str, &str)> =
                    args.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
                let text = tr_args(lang, id, &args);
                if *error {
                    ui.colored_label(ui.visuals().warn_fg_color, text);
                } else {
                    ui.label(text);
                }
            }
            ui.separator();
            field(
                ui,
                &tr(lang, "gui-courrier-search"),
                &mut state.search,
                false,
            );
            let found = state.book.search(&state.search);
            if found.is_empty() {
                ui.weak(tr(lang, "gui-courrier-no-message"));
            }
            let me = state.book.player;
            let mut reply_to = None;
            for message in found.into_iter().take(200) {
                let player = |n: u32| {
                    if n == me {
                        tr(lang, "gui-courrier-you")
                    } else {
                        tr_args(
                            lang,
                            "gui-courrier-from-player",
                            &[("player", &n.to_string())],
                        )
                    }
                };
                let from = message
                    .from
                    .map_or_else(|| tr(lang, "gui-courrier-anonymous"), player);
                let turn = message
                    .turn
                    .map_or_else(|| "?".to_string(), |t| t.to_string());
                let to: Vec<String> = message.to.iter().map(u32::to_string).collect();
                let head = if to.is_empty() {
                    tr_args(
                        lang,
                        "gui-courrier-message-head",
                        &[("turn", &turn), ("sender", &from)],
                    )
                } else {
                    tr_args(
                        lang,
                        "gui-courrier-message-head-to",
                        &[
                            ("turn", &turn),
                            ("sender", &from),
                            ("count", &to.len().to_string()),
                            ("recipients", &to.join(", ")),
                        ],
                    )
                };
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(head).strong());
                    if let Some(sender) = message.from.filter(|n| *n != me)
                        && ui
                            .small_button(tr(lang, "gui-courrier-answer"))
                            .on_hover_text(tr(lang, "gui-courrier-answer-hint"))
                            .clicked()
                    {
                        reply_to = Some(sender);
                    }
                });
                ui.label(message.text.trim());
            }
            // "Répondre": a MESSAGE to the sender, ready to write.
            if let Some(sender) = reply_to {
                state.request = Request::Message;
                state.all = false;
                // Known by name or not, his number in the typed field.
                state.recipients.clear();
                state.typed_recipients = sender.to_string();
                state.focus_text = true;
                state.notice = None;
            }
        });
}
