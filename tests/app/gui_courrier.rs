//! The "Courrier" window: every request built from controls and checked by
//! the robot's parser, the game's address kept per game (never the password),
//! a reply pasted and filed (an acknowledgement matched to the orders sent,
//! a rumour kept without sender), a mailto link too long for one copied.

use egui_kittest::kittest::{NodeT, Queryable};
use nebutil::game::mailbox::{checksum, facts_value};
use nebutil::gui::{Command, NebutilApp, WindowId};
use nebutil::orders::mail::{Credentials, MailKind, OrdersMail};

use crate::support::app::{app_with, retype};

/// Types `text` into the field labelled `label`.
fn type_into(harness: &mut egui_kittest::Harness<'_, NebutilApp>, label: &str, text: &str) {
    assert!(
        harness.query_by_label(label).is_some() || harness.query_by_label_contains(label).is_some(),
        "no field {label}"
    );
    if let Some(node) = harness
        .query_by_label(label)
        .or_else(|| harness.query_by_label_contains(label))
    {
        node.focus();
    }
    harness.run();
    if let Some(node) = harness
        .query_by_label(label)
        .or_else(|| harness.query_by_label_contains(label))
    {
        node.type_text(text);
    }
    harness.run();
}

#[test]
fn every_request_is_built_checked_sent_and_its_reply_filed() {
    let mut harness = app_with(|cc| NebutilApp::new(cc, Vec::new()));
    let game = harness
        .state()
        .current_turn()
        .and_then(|t| t.view.game.clone())
        .expect("the demo names its game");
    let player = harness
        .state()
        .current_turn()
        .and_then(|t| t.view.player.as_ref().and_then(|p| p.number))
        .expect("and its player");
    harness.state_mut().send(Command::ToggleEditor);
    harness.run();
    retype(&mut harness, "# ordres\n");
    harness
        .state_mut()
        .send(Command::Toggle(WindowId::Courrier));
    harness.run();
    harness.get_by_label_contains(&format!("Partie {game} · joueur {player}"));
    // Without the game's address nothing leaves.
    assert!(
        harness
            .get_by_label("Envoyer avec votre logiciel de courrier")
            .accesskit_node()
            .is_disabled()
    );
    type_into(&mut harness, "Adresse de la partie", "nebula@example.org");
    type_into(&mut harness, "Mot de passe", "secret");
    harness.run();
    // ORDRES: the draft, as the editor holds it.
    harness.get_by_label(&format!("ORDRES {game} {player} ****"));
    assert!(
        !harness
            .get_by_label("Envoyer avec votre logiciel de courrier")
            .accesskit_node()
            .is_disabled()
    );
    // A MESSAGE rumour signed with his own name is warned about.
    harness.get_by_label("MESSAGE").click();
    harness.run();
    // No recipient yet: said plainly.
    harness.get_by_label("Choisissez au moins un destinataire (ou Tous).");
    // A player not known by name, by his number.
    type_into(&mut harness, "Autres destinataires (numéros)", "3");
    harness.get_by_label(&format!("MESSAGE {game} {player} **** <3>"));
    harness.get_by_label("Tous (<All>)").click();
    harness.run();
    harness.get_by_label("Rumeur anonyme (A)").click();
    harness.run();
    let me = harness
        .state()
        .current_turn()
        .and_then(|t| t.view.player.as_ref().map(|p| p.name.clone()))
        .unwrap_or_default();
    type_into(&mut harness, "Texte", &format!("Signé {me}"));
    harness.run();
    harness.get_by_label_contains("Cette rumeur contient votre nom");
    harness.get_by_label(&format!("MESSAGE {game} {player} **** A <All>"));
    // CONFIG and INFO from their controls.
    harness.get_by_label("CONFIG").click();
    harness.run();
    type_into(&mut harness, "Nouveau mot de passe", "nouveau1");
    harness.run();
    harness.get_by_label("PASSWORD nouveau1");
    harness.get_by_label("INFO").click();
    harness.run();
    harness.get_by_label("NBORDRES").click();
    harness.run();
    harness.get_by_label("DEBUT");
    assert!(harness.query_all_by_label("NBORDRES").count() >= 2);

    // The address is kept for the game; the password is not.
    let kept = harness.state().courrier().book.clone();
    assert_eq!(kept.address, "nebula@example.org");

    // The robot's acknowledgement of these very orders, pasted: matched.
    // The tab (drawn before INFO's "ORDRES" box).
    harness
        .query_all_by_label("ORDRES")
        .next()
        .expect("the ORDRES tab")
        .click();
    harness.run();
    let orders = OrdersMail::from_order_text(
        Credentials {
            game: game.clone(),
            player: nebutil::model::PlayerId(player),
            password: "secret".into(),
        },
        None,
        "# ordres\n",
    );
    let sum = checksum(&orders.order_text());
    // As if sent from here (the mail program's link cannot open in a test).
    harness
        .get_by_label("Envoyer avec votre logiciel de courrier")
        .click();
    harness.run();
    assert_eq!(
        harness
            .state()
            .courrier()
            .book
            .sent
            .last()
            .and_then(|s| s.checksum.clone()),
        Some(sum.clone())
    );
    assert!(
        harness
            .state()
            .courrier()
            .book
            .sent
            .iter()
            .all(|s| !s.subject.contains("secret"))
    );
    let facts = facts_value(&[
        ("kind".into(), "orders".into()),
        ("game".into(), game.clone()),
        ("turn".into(), "7".into()),
        ("player".into(), player.to_string()),
        ("version".into(), "1".into()),
        ("checksum".into(), sum),
    ]);
    let ack = format!("From: nebula@example.org\nSubject: AR\nX-Nebula: {facts}\n\nStockés.\n");
    harness
        .get_by_label_contains("Réponses et messages reçus")
        .click();
    harness.run();
    let _ = MailKind::Orders(orders);
    // Read from a file, as a mail program saves it (.eml).
    let dir = crate::support::fresh_dir::fresh_dir("courrier");
    let eml = dir.join("ack.eml");
    std::fs::write(&eml, ack).expect("written");
    type_into(
        &mut harness,
        "Fichier .eml, mbox ou dossier Maildir",
        &eml.display().to_string(),
    );
    harness
        .get_by_label("Lire ce fichier ou ce dossier")
        .click_accesskit();
    harness.run();
    harness.get_by_label_contains("1 accusé de réception reconnu, 0 nouveau message");
    assert_eq!(
        harness
            .state()
            .courrier()
            .book
            .sent
            .last()
            .and_then(|s| s.acknowledged),
        Some(1)
    );
    harness
        .get_by_label_contains("Courrier envoyé (1)")
        .click_accesskit();
    harness.run();
    harness.get_by_label_contains("reçu par le serveur : version 1");
    // The server's answer is kept with it.
    harness
        .get_by_label("Réponse du serveur (vérification, prévision)")
        .click_accesskit();
    harness.run();
    harness.get_by_label("Stockés.");
}
