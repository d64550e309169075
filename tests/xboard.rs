//! The real XBoard (Debian's `xboard` under `xvfb-run`) referees a short dai shogi
//! game of the engine against itself: the engine must define the variant so that
//! XBoard accepts every move, and the game must end without a forfeit.
//!
//! Where XBoard or Xvfb is missing the test says so loudly; set
//! `LARGE_SHOGI_REQUIRE_XBOARD=1` (as `.ci/run` does after installing them) to make
//! a missing XBoard a failure.

use std::path::Path;
use std::process::Command;

fn find(candidates: &[&str]) -> Option<String> {
    candidates
        .iter()
        .find(|p| Path::new(p).exists())
        .map(|p| p.to_string())
}

#[test]
fn xboard_referees_a_self_play_game() {
    let xboard = find(&["/usr/games/xboard", "/usr/bin/xboard"]);
    let xvfb = find(&["/usr/bin/xvfb-run"]);
    let (Some(xboard), Some(xvfb)) = (xboard, xvfb) else {
        let msg = "XBOARD TEST NOT RUN: xboard or xvfb-run is not installed \
                   (apt-get install xboard xvfb)";
        eprintln!("\n*** {msg} ***\n");
        assert!(
            std::env::var("LARGE_SHOGI_REQUIRE_XBOARD").is_err(),
            "{msg}"
        );
        return;
    };
    let dir = std::env::temp_dir().join(format!("large-shogi-xboard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("game.pgn");
    let engine = env!("CARGO_BIN_EXE_large-shogi");
    // timeout: a watchdog on XBoard. -ruleMoves 0: no 50-move draw;
    // -autoCallFlag: a stalled engine loses on time instead of hanging the match;
    // -adjudicateDrawMoves: keeps the game short; -xexit: no final pop-up.
    let status = Command::new("timeout")
        .args(["240", &xvfb, "-a", &xboard])
        .args([
            "-fcp", engine, "-scp", engine, "-variant", "dai", "-mg", "1",
        ])
        .args([
            "-tc",
            "0:10",
            "-ruleMoves",
            "0",
            "-adjudicateDrawMoves",
            "60",
        ])
        .args(["-autoCallFlag", "true", "-xexit", "-sgf"])
        .arg(&pgn)
        .output()
        .expect("run xboard");
    // XBoard's own chatter (sound, fonts) is shown only when something failed.
    let chatter = String::from_utf8_lossy(&status.stderr).into_owned();
    let status = status.status;
    assert!(status.success(), "xboard ended with {status}:\n{chatter}");
    let game = std::fs::read_to_string(&pgn)
        .unwrap_or_else(|e| panic!("xboard saved no game ({e}):\n{chatter}"));
    eprintln!("{game}");
    assert!(game.contains("[Variant \"dai\"]"), "{game}");
    for bad in [
        "Forfeit",
        "illegal",
        "Illegal",
        "[Result \"*\"]",
        "time forfeit",
    ] {
        assert!(!game.contains(bad), "'{bad}' in the game:\n{game}");
    }
    // Thirty moves each at least: the adjudication, not an early end. Or a
    // draw by fourfold repetition, which XBoard judged by the rules (two copies
    // of one engine can settle into a cycle within 15 moves).
    // (XBoard wraps the move text anywhere, even just after the number, so the
    // number is looked for as a word of its own.)
    assert!(
        game.split_whitespace().any(|w| w == "30.")
            || game.contains("{draw: fourfold repetition} 1/2-1/2"),
        "game too short:\n{game}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
