//! The readable summary of `nebutil report`: header, counts, the player's own
//! worlds and fleets as tables (values in the CR's notation, `?` = unknown), then
//! the diagnostics as `file:line:col: severity[code]: message`.

use std::fmt::Write as _;

use crate::i18n::{Lang, tr, tr_args};
use crate::model::view::{FleetView, TurnView, WorldView};

use super::json::{FileDiagnostic, is_described, owned_by};

fn unknown() -> String {
    "?".to_string()
}

fn opt(value: Option<u32>) -> String {
    value.map_or_else(unknown, |v| v.to_string())
}

/// The world's number as the CR writes it: `Md_127`, `M#12`, `M_5`.
fn world_id(w: &WorldView) -> String {
    if w.start_world {
        format!("Md_{}", w.id)
    } else if w.bombed {
        format!("M#{}", w.id)
    } else {
        format!("M_{}", w.id)
    }
}

fn connections(w: &WorldView) -> String {
    match &w.connections {
        None if w.black_hole => tr_black_hole(),
        None => unknown(),
        Some(list) => list
            .iter()
            .map(|c| {
                if c.black_hole {
                    format!("@{}", c.world)
                } else {
                    c.world.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(","),
    }
}

fn tr_black_hole() -> String {
    "* Trou noir *".to_string()
}

fn industries(w: &WorldView) -> String {
    match (w.active_industries, w.industries) {
        (Some(a), Some(n)) if a != n => format!("{a}/{n}"),
        (_, Some(n)) => n.to_string(),
        (_, None) => unknown(),
    }
}

fn population(w: &WorldView) -> String {
    let limit = w.pop_limit.map(|l| format!("({l})")).unwrap_or_default();
    match (w.population, w.robots) {
        (_, Some(r)) if r > 0 => format!("{r}R{limit}"),
        (Some(p), _) => {
            let converts = match w.converts {
                Some(c) if c > 0 => format!("/{c}C"),
                _ => String::new(),
            };
            format!("{p}{limit}{converts}")
        }
        (None, _) => unknown(),
    }
}

fn mp(w: &WorldView) -> String {
    match (w.mp, w.mining) {
        (None, None) => unknown(),
        (stock, mining) => {
            let stock = stock.map_or_else(unknown, |s| s.to_string());
            let mining = mining.map_or_else(unknown, |m| m.to_string());
            format!("{stock}(+{mining})")
        }
    }
}

fn coords(w: &WorldView) -> String {
    match w.coords {
        Some(c) if w.coords_approximate => format!("~[{},{}]", c.x, c.y),
        Some(c) => format!("[{},{}]", c.x, c.y),
        None => unknown(),
    }
}

fn fleet_id(f: &FleetView) -> String {
    if f.bomb {
        format!("F#{}", f.id)
    } else {
        format!("F_{}", f.id)
    }
}

fn cargo(f: &FleetView) -> String {
    let Some(c) = f.cargo else {
        return unknown();
    };
    let mut items = Vec::new();
    if c.mp > 0 {
        items.push(c.mp.to_string());
    }
    for (n, suffix) in [(c.n, "N"), (c.c, "C"), (c.r, "R")] {
        if n > 0 {
            items.push(format!("{n}{suffix}"));
        }
    }
    if items.is_empty() {
        "-".to_string()
    } else {
        items.join(",")
    }
}

/// Left-aligned columns separated by two spaces, trailing blanks trimmed.
fn table(header: Vec<String>, rows: Vec<Vec<String>>) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (i, cell) in row.iter().enumerate() {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in std::iter::once(&header).chain(rows.iter()) {
        let mut line = String::from("  ");
        for (i, cell) in row.iter().enumerate() {
            line.push_str(cell);
            let pad = widths[i] - cell.chars().count() + 2;
            line.extend(std::iter::repeat_n(' ', pad));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn cols(lang: Lang, ids: &[&str]) -> Vec<String> {
    ids.iter().map(|id| tr(lang, id)).collect()
}

/// The whole summary.
pub fn summary(view: &TurnView, diagnostics: &[FileDiagnostic<'_>], lang: Lang) -> String {
    let mut out = String::new();
    let me = view.player.as_ref().map(|p| p.name.as_str());

    // Header.
    let player = match &view.player {
        Some(p) => match p.number {
            Some(n) => format!("\"{}\":{n}", p.name),
            None => format!("\"{}\"", p.name),
        },
        None => unknown(),
    };
    let class = view
        .class
        .map(|c| match lang {
            Lang::Fr => c.french_name(),
            Lang::En => c.english_name(),
        })
        .unwrap_or("?");
    let score = match (view.score, view.score_delta) {
        (Some(s), Some(d)) => format!("{s} ({d:+})"),
        (Some(s), None) => s.to_string(),
        (None, _) => unknown(),
    };
    let _ = writeln!(
        out,
        "{}",
        tr_args(
            lang,
            "cli-header",
            &[
                ("game", view.game.as_deref().unwrap_or("?")),
                ("turn", &opt(view.turn)),
                ("player", &player),
                ("class", class),
                ("score", &score),
            ],
        )
    );
    if let Some((w, h)) = view.galaxy_size {
        let _ = writeln!(
            out,
            "{}",
            tr_args(
                lang,
                "cli-galaxy",
                &[("width", &w.to_string()), ("height", &h.to_string())]
            )
        );
    }

    // Counts.
    let own_worlds: Vec<&WorldView> = view
        .worlds
        .iter()
        .filter(|w| owned_by(w.owner.as_ref().and_then(|o| o.name.as_deref()), me))
        .collect();
    let own_fleets: Vec<&FleetView> = view
        .fleets
        .iter()
        .filter(|f| owned_by(f.owner.as_deref(), me))
        .collect();
    let described = view.worlds.iter().filter(|w| is_described(w)).count();
    let _ = writeln!(
        out,
        "{}",
        tr_args(
            lang,
            "cli-counts",
            &[
                ("worlds", &described.to_string()),
                ("own_worlds", &own_worlds.len().to_string()),
                ("fleets", &view.fleets.len().to_string()),
                ("own_fleets", &own_fleets.len().to_string()),
                ("traces", &view.traces.len().to_string()),
                ("treasures", &view.treasures.len().to_string()),
            ],
        )
    );

    // Own worlds.
    out.push('\n');
    let _ = writeln!(out, "{}", tr(lang, "cli-own-worlds"));
    if own_worlds.is_empty() {
        let _ = writeln!(out, "  {}", tr(lang, "cli-none"));
    } else {
        let header = cols(
            lang,
            &[
                "cli-col-world",
                "cli-col-connections",
                "cli-col-industries",
                "cli-col-vi",
                "cli-col-population",
                "cli-col-vp",
                "cli-col-mp",
                "cli-col-coords",
            ],
        );
        let rows = own_worlds
            .iter()
            .map(|w| {
                vec![
                    world_id(w),
                    connections(w),
                    industries(w),
                    opt(w.vi),
                    population(w),
                    opt(w.vp),
                    mp(w),
                    coords(w),
                ]
            })
            .collect();
        out.push_str(&table(header, rows));
    }

    // Own fleets.
    out.push('\n');
    let _ = writeln!(out, "{}", tr(lang, "cli-own-fleets"));
    if own_fleets.is_empty() {
        let _ = writeln!(out, "  {}", tr(lang, "cli-none"));
    } else {
        let header = cols(
            lang,
            &[
                "cli-col-fleet",
                "cli-col-world",
                "cli-col-vc",
                "cli-col-vt",
                "cli-col-cargo",
            ],
        );
        let rows = own_fleets
            .iter()
            .map(|f| {
                vec![
                    fleet_id(f),
                    f.world.map_or_else(unknown, |w| format!("M_{w}")),
                    opt(f.vc),
                    opt(f.vt),
                    cargo(f),
                ]
            })
            .collect();
        out.push_str(&table(header, rows));
    }

    // Diagnostics.
    out.push('\n');
    let count = |s| super::json::severity_count(diagnostics, s).to_string();
    use crate::diagnostic::Severity;
    let _ = writeln!(
        out,
        "{}",
        tr_args(
            lang,
            "cli-diagnostics",
            &[
                ("errors", &count(Severity::Error)),
                ("warnings", &count(Severity::Warning)),
                ("infos", &count(Severity::Info)),
            ],
        )
    );
    for d in diagnostics {
        let _ = writeln!(out, "{}", d.diagnostic.render(d.file, lang));
    }
    out
}
