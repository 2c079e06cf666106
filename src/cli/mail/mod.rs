//! `nebutil mail …`: the arbiter's mail robot (the book's "serveur de mail"),
//! its arguments and what it prints. The robot itself is `crate::desk::mail`
//! (its files, its runs), the protocol `crate::game::mailbox`.
//!
//! ```text
//! nebutil mail passwd DIR PLAYER --email ADDR[,ADDR…] [--lang fr|en]   (password asked, or on stdin)
//! nebutil mail run DIR [--smtp URL] [--from ADDR] [--watch SECONDS] [--lang fr|en]
//! ```

use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Subcommand};

use super::error::CliError;
use super::{EXIT_OK, LangArg, env_lang};
use crate::desk::mail::{self as robot, MailError, RunOptions};
use crate::i18n::{Lang, tr, tr_args};
use crate::model::PlayerId;

#[derive(Args, Debug)]
pub struct MailArgs {
    #[command(subcommand)]
    command: MailCommand,
}

#[derive(Subcommand, Debug)]
enum MailCommand {
    /// Registers a player's address(es) and sets his password (one line on stdin).
    Passwd(PasswdArgs),
    /// Processes the mails of DIR/mail/inbox/new, writes the replies, sends them.
    Run(RunArgs),
}

#[derive(Args, Debug)]
struct PasswdArgs {
    /// The game folder (holding game.ron).
    dir: PathBuf,
    /// The player's number.
    player: u32,
    /// The player's address(es), comma-separated.
    #[arg(long, value_delimiter = ',', required = true)]
    email: Vec<String>,
    /// Language of the player's replies (default: French).
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
}

#[derive(Args, Debug)]
struct RunArgs {
    /// The game folder (holding game.ron).
    dir: PathBuf,
    /// Send the outbox through this server (smtp://host:port, smtps://…,
    /// smtp://user@host:587?tls=required; the password from NEBUTIL_SMTP_PASSWORD).
    #[arg(long, value_name = "URL")]
    smtp: Option<String>,
    /// The robot's address (From of every reply).
    #[arg(long, value_name = "ADDR", default_value = "nebula@localhost")]
    from: String,
    /// Run again every SECONDS (the lock is released in between).
    #[arg(long, value_name = "SECONDS")]
    watch: Option<u64>,
    /// The deadline of the current turn ("2026-12-01 18:00", UTC, an RFC 2822
    /// date, or @SECONDS since 1970; kept for the turn): reminders go to players without orders or with errors.
    #[arg(long, value_name = "DATE")]
    deadline: Option<String>,
    /// How many hours before the deadline the reminders go out.
    #[arg(long, value_name = "HOURS", default_value_t = 24)]
    remind_hours: i64,
    /// No forecast in the acknowledgement of an ORDRES mail (the turn resolved
    /// on the player's own reports with his orders, as the app's preview).
    #[arg(long)]
    no_forecast: bool,
    /// Language of messages on the terminal.
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
}

pub fn run(args: &MailArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match &args.command {
        MailCommand::Passwd(a) => {
            let lang = a.lang.map_or_else(env_lang, Lang::from);
            super::error::finish(passwd(a, lang, out), lang, err)
        }
        MailCommand::Run(a) => {
            let lang = a.lang.map_or_else(env_lang, Lang::from);
            let options = RunOptions {
                dir: a.dir.clone(),
                smtp: a.smtp.clone(),
                from: a.from.clone(),
                deadline: a.deadline.clone(),
                remind_hours: a.remind_hours,
                forecast: !a.no_forecast,
            };
            loop {
                let result = robot::run_once(&options)
                    .map(|summary| print_summary(&summary, lang, out))
                    .map_err(CliError::from);
                let status = super::error::finish(result, lang, err);
                match a.watch {
                    Some(seconds) => std::thread::sleep(Duration::from_secs(seconds.max(1))),
                    None => return status,
                }
            }
        }
    }
}

/// The run's summary: one line, then a line per kind of trouble.
fn print_summary(summary: &robot::RunSummary, lang: Lang, out: &mut dyn Write) -> i32 {
    say!(
        out,
        "{}",
        tr_args(
            lang,
            "mail-cli-run-done",
            &[
                ("processed", &summary.processed.to_string()),
                ("replies", &summary.replies.to_string()),
                ("sent", &summary.sent.to_string()),
            ],
        )
    );
    for (id, count) in [
        ("mail-cli-run-withdrawn", summary.withdrawn),
        ("mail-cli-run-failed", summary.failed),
        ("mail-cli-run-unsent", summary.unsent),
        ("mail-cli-run-deferred", summary.deferred),
        ("mail-cli-run-later", summary.later),
    ] {
        if count > 0 {
            say!(
                out,
                "{}",
                tr_args(lang, id, &[("count", &count.to_string())])
            );
        }
    }
    EXIT_OK
}

fn passwd(args: &PasswdArgs, lang: Lang, out: &mut dyn Write) -> Result<i32, CliError> {
    // The addresses are checked before the password is asked.
    if let Some(bad) = args
        .email
        .iter()
        .map(|e| e.trim())
        .find(|e| !e.is_empty() && !crate::game::mailbox::is_mailbox(&e.to_ascii_lowercase()))
    {
        return Err(MailError::BadAddress(bad.to_string()).into());
    }
    let line = read_password(lang)?;
    let password = line.trim_end_matches(['\r', '\n']);
    if password.is_empty() {
        return Err(CliError::NoPassword);
    }
    let emails = robot::register(
        &args.dir,
        PlayerId(args.player),
        &args.email,
        password,
        lang,
    )?;
    say!(
        out,
        "{}",
        tr_args(
            lang,
            "mail-cli-passwd-done",
            &[
                ("player", &args.player.to_string()),
                ("emails", &emails.join(", "))
            ],
        )
    );
    Ok(EXIT_OK)
}

/// The password: from the terminal without echo when standard input is one,
/// else the first line of standard input.
fn read_password(lang: Lang) -> Result<String, CliError> {
    use std::io::IsTerminal;
    if std::io::stdin().is_terminal() {
        return rpassword::prompt_password(tr(lang, "mail-cli-password-prompt"))
            .map_err(|error| MailError::Io(error).into());
    }
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .take(4096)
        .read_line(&mut line)
        .map_err(MailError::Io)?;
    Ok(line)
}
