//! The order language of the rule book (annex "Liste des ordres", catalog §1):
//! every order form as a value ([`ast`]), a line parser that never fails
//! ([`parse_orders`]), the canonical printer ([`print_orders`], `Display`), one
//! plain sentence per order in French and English ([`explain()`]), and the mails of
//! the book's mail server ([`mail`]).
//!
//! ```
//! use nebutil::orders::{parse_orders, print_orders, explain};
//! use nebutil::i18n::Lang;
//!
//! let file = parse_orders("m127 c 10 vc f57 ; renforts\nF_240 M_48 M_304\n");
//! assert!(file.diagnostics.is_empty());
//! let kinds: Vec<_> = file.orders.iter().map(|o| o.kind.clone()).collect();
//! assert_eq!(print_orders(&kinds), "M_127 C 10 VC F_57\nF_240 MM 48 304\n");
//! assert_eq!(explain(&kinds[0], Lang::Fr), "Le monde 127 construit 10 VC sur la flotte 57");
//! ```

pub mod ast;
mod envelope;
pub mod explain;
pub mod forms;
pub(crate) mod lex;
pub mod mail;
pub mod parse;
pub mod place;
pub mod print;
pub mod propose;
pub mod validate;

use serde::{Deserialize, Serialize};

use crate::diagnostic::{Diagnostic, Span};

pub use ast::{Order, OrderKind, PlayerRef, Subject};
pub use explain::explain;
pub use mail::{Envelope, Mail, MailKind, parse_mail};
pub use parse::{parse_line, parse_order, parse_orders};
pub use print::{format_orders, print_orders};

/// A comment of an order file: a `#` line, or the `;…` end of an order line.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Comment {
    pub span: Span,
    /// The comment as written, starting with `#` or `;`.
    pub text: String,
}

/// What an order file (or an orders mail) holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrdersFile {
    /// The orders that could be read, in file order.
    pub orders: Vec<Order>,
    pub comments: Vec<Comment>,
    /// The mail envelope (`ORDRES …` subject, `DEBUT`/`FIN`), if the text has one.
    pub envelope: Option<Envelope>,
    pub diagnostics: Vec<Diagnostic>,
}

impl OrdersFile {
    /// The orders without their positions.
    pub fn kinds(&self) -> Vec<OrderKind> {
        self.orders.iter().map(|o| o.kind.clone()).collect()
    }
}
