//! A received mail read from its MIME form: the sender, the subject, the text
//! (plain parts, or HTML only), the text attachments, whether a program sent it.
//!
//! The robot's inbox is open to the internet, so the reading is bounded before
//! anything is parsed: a mail over [`MAX_MAIL_BYTES`] has only its
//! headers read; the MIME tree is walked without recursion, at most
//! [`MAX_DEPTH`] levels and [`MAX_PARTS`] parts, with boundaries of at most
//! [`MAX_BOUNDARY`] bytes; at most [`MAX_TEXT_ATTACHMENTS`] text attachments are
//! kept. A mail over a limit is marked [`Incoming::too_complex`] and answered
//! with one error, never read further.

use mailparse::{MailHeader, MailHeaderMap, ParsedContentType};

/// Ruling G-147 (annexe, serveur de mail): a mail larger than 1 MiB is not read;
/// its sender gets one short reply (the book sets no limit).
pub const MAX_MAIL_BYTES: usize = 1 << 20;

/// How much of a mail too large to read is read for its headers (sender,
/// subject, automatic or not).
pub const HEADER_BYTES: usize = 64 * 1024;

/// Ruling G-160 (annexe, serveur de mail; the book sets no limit): a mail's MIME
/// tree is read without recursion, at most 8 levels of nested `multipart` parts
/// and 64 parts in all, with boundaries of at most 200 bytes (RFC 2046 allows
/// 70); a mail beyond gets one error reply and nothing of it is used. At most 8
/// text attachments are kept, the others dropped.
pub const MAX_DEPTH: usize = 8;
/// Parts read in one mail (applies ruling G-160, see the ruling list).
pub const MAX_PARTS: usize = 64;
/// The longest boundary read (applies ruling G-160, see the ruling list).
pub const MAX_BOUNDARY: usize = 200;
/// Text attachments kept (applies ruling G-160, see the ruling list).
pub const MAX_TEXT_ATTACHMENTS: usize = 8;

/// One received mail, read from its MIME form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Incoming {
    /// The `From` address (lower case), empty when none.
    pub from: String,
    pub subject: String,
    /// The text body (`text/plain`), decoded; empty for an HTML-only mail.
    pub text: String,
    /// The text of `text/plain` attachments (name, text), at most
    /// [`MAX_TEXT_ATTACHMENTS`].
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
    /// Its MIME tree is deeper, wider or stranger than the robot reads
    /// (ruling G-160): only its headers were read.
    pub too_complex: bool,
    /// A text part whose transfer encoding could not be undone (its text is
    /// not used: nothing is stored from it).
    pub undecodable: bool,
    /// The robot's `X-Nebula` facts ([`super::parse_facts`]), for the player's app.
    pub facts: Vec<(String, String)>,
}

/// Reads a raw mail (RFC 5322, MIME). Undeclared 8-bit text is read as UTF-8,
/// else Windows-1252. `own` is the robot's address (a mail from it is automatic).
pub fn read_incoming(raw: &[u8], own: &str) -> Incoming {
    read_incoming_sized(raw, raw.len(), own)
}

/// [`read_incoming`] of a mail of `size` bytes of which `raw` may be only the
/// start: a mail over [`MAX_MAIL_BYTES`] is not read whole (the caller reads at
/// most [`HEADER_BYTES`] of it), only its headers are.
pub fn read_incoming_sized(raw: &[u8], size: usize, own: &str) -> Incoming {
    let mut incoming = Incoming {
        size,
        ..Incoming::default()
    };
    let too_large = size > MAX_MAIL_BYTES || raw.len() > MAX_MAIL_BYTES;
    let raw = if too_large {
        &raw[..raw.len().min(HEADER_BYTES)]
    } else {
        raw
    };
    let Ok((headers, body_start)) = mailparse::parse_headers(raw) else {
        incoming.automatic = true;
        return incoming;
    };
    read_headers(&headers, own, &mut incoming);
    if too_large {
        return incoming;
    }
    let mut html = false;
    walk_parts(raw, &headers, body_start, &mut incoming, &mut html);
    incoming.html_only = html && incoming.text.trim().is_empty();
    incoming
}

fn read_headers(headers: &[MailHeader], own: &str, incoming: &mut Incoming) {
    incoming.from = headers
        .get_first_value("From")
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
    incoming.subject = headers
        .get_first_value("Subject")
        .unwrap_or_default()
        .trim()
        .to_string();
    incoming.date = headers
        .get_first_value("Date")
        .and_then(|d| mailparse::dateparse(&d).ok());
    if let Some(value) = headers.get_first_value(super::FACTS_HEADER) {
        incoming.facts = super::parse_facts(&value);
    }
    for name in ["In-Reply-To", "References"] {
        if let Some(value) = headers.get_first_value(name) {
            for id in value.split_whitespace().take(MAX_REFERENCES) {
                let id = id.trim_matches(|c| c == '<' || c == '>' || c == ',');
                if !id.is_empty() && !incoming.references.iter().any(|r| r == id) {
                    incoming.references.push(id.to_string());
                }
            }
        }
    }
    incoming.automatic = is_automatic(
        &headers
            .iter()
            .map(|h| (h.get_key(), h.get_value()))
            .collect::<Vec<_>>(),
        &incoming.from,
        own,
    );
}

/// The message ids read from `In-Reply-To` and `References` (a thread's own
/// id is among the last few; a stranger's thousand ids are not all looked up).
const MAX_REFERENCES: usize = 32;

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

/// One part waiting to be read: its bytes, its depth, whether it sits in a
/// `multipart/digest` (whose parts default to `message/rfc822`).
struct Pending<'a> {
    bytes: &'a [u8],
    depth: usize,
    in_digest: bool,
}

/// Reads the MIME tree of `raw` (its headers already parsed) depth first, in
/// the order of the parts, with an explicit stack: no recursion, whatever the
/// nesting (applies ruling G-160, see [`MAX_DEPTH`]).
fn walk_parts(
    raw: &[u8],
    top_headers: &[MailHeader],
    top_body: usize,
    incoming: &mut Incoming,
    html: &mut bool,
) {
    let mut parts = 0usize;
    let mut stack: Vec<Pending> = Vec::new();
    // The top level's headers are parsed already; the others as they come.
    let mut next = Some((raw, top_body, content_type(top_headers, false), 0usize));
    loop {
        let (bytes, body_start, ctype, depth) = match next.take() {
            Some(part) => part,
            None => {
                let Some(pending) = stack.pop() else {
                    break;
                };
                let Ok((headers, body_start)) = mailparse::parse_headers(pending.bytes) else {
                    incoming.undecodable = true;
                    continue;
                };
                let ctype = content_type(&headers, pending.in_digest);
                (pending.bytes, body_start, ctype, pending.depth)
            }
        };
        parts += 1;
        if parts > MAX_PARTS {
            incoming.too_complex = true;
            return;
        }
        let boundary = ctype
            .params
            .get("boundary")
            .filter(|_| ctype.mimetype.starts_with("multipart/") && bytes.len() > body_start);
        if let Some(boundary) = boundary {
            if depth >= MAX_DEPTH || boundary.is_empty() || boundary.len() > MAX_BOUNDARY {
                incoming.too_complex = true;
                return;
            }
            let in_digest = ctype.mimetype == "multipart/digest";
            let children = split_multipart(bytes, body_start, boundary.as_bytes());
            if children.len() + parts > MAX_PARTS {
                incoming.too_complex = true;
                return;
            }
            // Pushed last first: popped in their order.
            for child in children.into_iter().rev() {
                stack.push(Pending {
                    bytes: child,
                    depth: depth + 1,
                    in_digest,
                });
            }
            continue;
        }
        // A leaf: mailparse reads it whole (it does not recurse into a part
        // that is not a multipart with a boundary, as this one).
        match mailparse::parse_mail(bytes) {
            Ok(part) => read_leaf(&part, &ctype, incoming, html),
            Err(_) => incoming.undecodable = true,
        }
    }
}

fn content_type(headers: &[MailHeader], in_digest: bool) -> ParsedContentType {
    headers
        .get_first_value("Content-Type")
        .map(|s| mailparse::parse_content_type(&s))
        .unwrap_or_else(|| {
            let mut ctype = ParsedContentType::default();
            if in_digest {
                ctype.mimetype = "message/rfc822".to_string();
            }
            ctype
        })
}

/// The parts of a multipart body, cut at its `--boundary` lines (as mailparse
/// cuts them: the preamble before the first one and what follows the closing
/// `--boundary--` are dropped; without a closing line the last part runs to
/// the end).
fn split_multipart<'a>(bytes: &'a [u8], body_start: usize, boundary: &[u8]) -> Vec<&'a [u8]> {
    let mut delimiter = Vec::with_capacity(boundary.len() + 2);
    delimiter.extend_from_slice(b"--");
    delimiter.extend_from_slice(boundary);
    let mut children = Vec::new();
    let Some(first) = find_line_prefix(bytes, body_start, &delimiter) else {
        return children;
    };
    let mut after_delimiter = first + delimiter.len();
    while let Some(start) = find_byte(bytes, after_delimiter, b'\n').map(|i| i + 1) {
        let end = find_line_prefix(bytes, start, &delimiter).unwrap_or(bytes.len());
        children.push(&bytes[start..end]);
        if children.len() > MAX_PARTS {
            break;
        }
        after_delimiter = end + delimiter.len();
        if after_delimiter + 2 > bytes.len() || bytes[after_delimiter..].starts_with(b"--") {
            break;
        }
    }
    children
}

fn find_byte(bytes: &[u8], from: usize, byte: u8) -> Option<usize> {
    bytes
        .get(from..)?
        .iter()
        .position(|b| *b == byte)
        .map(|i| i + from)
}

/// The first place at or after `from` where a line starts with `key` (`from`
/// itself counts as a line start).
fn find_line_prefix(bytes: &[u8], from: usize, key: &[u8]) -> Option<usize> {
    let mut at = from;
    loop {
        if bytes.get(at..)?.starts_with(key) {
            return Some(at);
        }
        at = find_byte(bytes, at, b'\n')? + 1;
    }
}

/// The text of a part and whether it could be decoded.
fn part_text(part: &mailparse::ParsedMail) -> Option<String> {
    let declared = part
        .headers
        .get_first_value("Content-Type")
        .is_some_and(|v| v.to_ascii_lowercase().contains("charset"));
    if declared {
        part.get_body().ok()
    } else {
        // mailparse reads undeclared text as US-ASCII: decode the bytes ourselves.
        let bytes = part.get_body_raw().ok()?;
        Some(crate::text::decode(&bytes).0)
    }
}

/// Ruling G-151 (annexe, serveur de mail): the attachments read are text ones
/// (`text/plain`, or a `.txt`/`.ord` file sent as octet-stream); HTML, vCards
/// and every other kind are dropped, never relayed. The text attachments of a
/// Message are relayed with it, under their names (a rumour's too: its file name
/// is the sender's choice, like its text).
fn read_leaf(
    part: &mailparse::ParsedMail,
    ctype: &ParsedContentType,
    incoming: &mut Incoming,
    html: &mut bool,
) {
    let mime = ctype.mimetype.to_ascii_lowercase();
    let disposition = part.get_content_disposition();
    let attachment = disposition.disposition == mailparse::DispositionType::Attachment;
    let name = disposition
        .params
        .get("filename")
        .or_else(|| ctype.params.get("name"))
        .cloned();
    // Applies ruling G-151 (see this function's doc).
    let texty = mime == "text/plain"
        || (mime == "application/octet-stream"
            && name.as_deref().is_some_and(|n| {
                let n = n.to_ascii_lowercase();
                n.ends_with(".txt") || n.ends_with(".ord")
            }));
    if attachment || name.is_some() {
        if texty && incoming.text_attachments.len() < MAX_TEXT_ATTACHMENTS {
            match part_text(part) {
                Some(text) => incoming
                    .text_attachments
                    .push((name.unwrap_or_default(), text)),
                None => incoming.undecodable = true,
            }
        }
    } else if mime == "text/plain" {
        if incoming.text.is_empty() {
            match part_text(part) {
                Some(text) => incoming.text = text,
                None => incoming.undecodable = true,
            }
        }
    } else if mime == "text/html" {
        *html = true;
    }
}
