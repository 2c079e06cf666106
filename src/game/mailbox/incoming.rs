//! A received mail read from its MIME form: the sender, the subject, the text
//! (plain parts, or HTML only), the text attachments, whether a program sent it.

/// One received mail, read from its MIME form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Incoming {
    /// The `From` address (lower case), empty when none.
    pub from: String,
    pub subject: String,
    /// The text body (`text/plain`), decoded; empty for an HTML-only mail.
    pub text: String,
    /// The text of `text/plain` attachments (name, text).
    pub text_attachments: Vec<(String, String)>,
    /// An HTML part and no plain text.
    pub html_only: bool,
    /// A bounce or an automatic mail (RFC 3834): never answered.
    pub automatic: bool,
    /// The `Date` header, seconds since 1970, when readable.
    pub date: Option<i64>,
    /// The size of the raw mail.
    pub size: usize,
    /// The message ids of `In-Reply-To` and `References` (without `<>`).
    pub references: Vec<String>,
}

/// Reads a raw mail (RFC 5322, MIME). Undeclared 8-bit text is read as UTF-8,
/// else Windows-1252. `own` is the robot's address (a mail from it is automatic).
pub fn read_incoming(raw: &[u8], own: &str) -> Incoming {
    let mut incoming = Incoming {
        size: raw.len(),
        ..Incoming::default()
    };
    let Ok(parsed) = mailparse::parse_mail(raw) else {
        incoming.automatic = true;
        return incoming;
    };
    let header = |name: &str| {
        parsed
            .headers
            .iter()
            .find(|h| h.get_key_ref().eq_ignore_ascii_case(name))
            .map(|h| h.get_value())
    };
    incoming.from = header("From")
        .and_then(|v| mailparse::addrparse(&v).ok())
        .and_then(|list| {
            list.iter().find_map(|a| match a {
                mailparse::MailAddr::Single(s) => Some(s.addr.to_ascii_lowercase()),
                mailparse::MailAddr::Group(g) => {
                    g.addrs.first().map(|s| s.addr.to_ascii_lowercase())
                }
            })
        })
        .unwrap_or_default();
    incoming.subject = header("Subject").unwrap_or_default().trim().to_string();
    incoming.date = header("Date").and_then(|d| mailparse::dateparse(&d).ok());
    for name in ["In-Reply-To", "References"] {
        if let Some(value) = header(name) {
            for id in value.split_whitespace() {
                let id = id.trim_matches(|c| c == '<' || c == '>' || c == ',');
                if !id.is_empty() && !incoming.references.iter().any(|r| r == id) {
                    incoming.references.push(id.to_string());
                }
            }
        }
    }
    incoming.automatic = is_automatic(
        &parsed
            .headers
            .iter()
            .map(|h| (h.get_key(), h.get_value()))
            .collect::<Vec<_>>(),
        &incoming.from,
        own,
    );
    let mut html = false;
    collect_parts(&parsed, &mut incoming, &mut html, 0);
    incoming.html_only = html && incoming.text.trim().is_empty();
    incoming
}

/// Ruling G-150 (annexe, serveur de mail): a mail is automatic, and never answered,
/// when it has `Auto-Submitted` other than `no`, `Precedence: bulk|junk|list`, a
/// `List-Id`, an empty `Return-Path` (`<>`), a `X-Loop` or `X-Autoreply`, a
/// sender named MAILER-DAEMON or postmaster, a `multipart/report` type, or comes
/// from the robot's own address (no mail loops).
pub fn is_automatic(headers: &[(String, String)], from: &str, own: &str) -> bool {
    let from = from.to_ascii_lowercase();
    if from.is_empty()
        || (!own.is_empty() && from == own.to_ascii_lowercase())
        || from.starts_with("mailer-daemon")
        || from.starts_with("postmaster")
    {
        return true;
    }
    headers.iter().any(|(key, value)| {
        let value = value.trim().to_ascii_lowercase();
        match key.to_ascii_lowercase().as_str() {
            "auto-submitted" => value != "no",
            "precedence" => matches!(value.as_str(), "bulk" | "junk" | "list"),
            "list-id" | "list-unsubscribe" | "x-autoreply" | "x-loop" => true,
            "return-path" => value.is_empty() || value == "<>",
            "content-type" => value.starts_with("multipart/report"),
            _ => false,
        }
    })
}

fn part_text(part: &mailparse::ParsedMail) -> String {
    let declared = part
        .headers
        .iter()
        .find(|h| h.get_key_ref().eq_ignore_ascii_case("Content-Type"))
        .map(|h| h.get_value().to_ascii_lowercase().contains("charset"))
        .unwrap_or(false);
    if declared {
        part.get_body().unwrap_or_default()
    } else {
        // mailparse reads undeclared text as US-ASCII: decode the bytes ourselves.
        let bytes = part.get_body_raw().unwrap_or_default();
        crate::text::decode(&bytes).0
    }
}

/// Ruling G-151 (annexe, serveur de mail): the attachments read are text ones
/// (`text/plain`, or a `.txt`/`.ord` file sent as octet-stream); HTML, vCards
/// and every other kind are dropped, never relayed. The text attachments of a
/// Message are relayed with it, under their names (a rumour's too: its file name
/// is the sender's choice, like its text).
fn collect_parts(
    part: &mailparse::ParsedMail,
    incoming: &mut Incoming,
    html: &mut bool,
    depth: usize,
) {
    if depth > 8 {
        return;
    }
    if !part.subparts.is_empty() {
        for sub in &part.subparts {
            collect_parts(sub, incoming, html, depth + 1);
        }
        return;
    }
    let mime = part.ctype.mimetype.to_ascii_lowercase();
    let disposition = part.get_content_disposition();
    let attachment = disposition.disposition == mailparse::DispositionType::Attachment;
    let name = disposition
        .params
        .get("filename")
        .or_else(|| part.ctype.params.get("name"))
        .cloned();
    // Applies ruling G-151 (see this function's doc).
    let texty = mime == "text/plain"
        || (mime == "application/octet-stream"
            && name.as_deref().is_some_and(|n| {
                let n = n.to_ascii_lowercase();
                n.ends_with(".txt") || n.ends_with(".ord")
            }));
    if attachment || name.is_some() {
        if texty {
            incoming
                .text_attachments
                .push((name.unwrap_or_default(), part_text(part)));
        }
    } else if mime == "text/plain" {
        if incoming.text.is_empty() {
            incoming.text = part_text(part);
        }
    } else if mime == "text/html" {
        *html = true;
    }
}
