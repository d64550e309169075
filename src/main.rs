//! `large-shogi`: the protocol loop on stdin/stdout (no arguments), or a tool
//! subcommand (`cli`).

#[macro_use]
mod cli;

use large_shogi::protocol::session::Out;
use large_shogi::protocol::{Flow, Frontend};
use std::io::{BufRead, Write};
use std::sync::Arc;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        None | Some("usi") => {
            protocol_loop();
            0
        }
        Some("perft") => cli::perft::run(&args[1..], false),
        Some("divide") => cli::perft::run(&args[1..], true),
        Some("analyse" | "analyze") => cli::analyse::run(&args[1..]),
        Some("match") => cli::engine_match::run(&args[1..]),
        Some("openings") => cli::openings::run(&args[1..]),
        Some("pieces") => cli::pieces::run(&args[1..]),
        Some("bench") => cli::bench::run(&args[1..]),
        Some("tune") => cli::tune::run(&args[1..]),
        Some("help" | "--help" | "-h") => {
            say!("{}", cli::usage());
            0
        }
        Some(other) => {
            eprintln!("unknown subcommand '{other}'\n{}", cli::usage());
            2
        }
    };
    std::process::exit(code);
}

fn protocol_loop() {
    let out: Out = Arc::new(|line: &str| {
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{line}");
        let _ = stdout.flush();
    });
    let mut engine = Frontend::new(out.clone());
    let stdin = std::io::stdin();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match stdin.lock().read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {
                // Bytes that are not UTF-8 become U+FFFD, and the command is
                // reported as unknown like any other garbage.
                let line = String::from_utf8_lossy(&bytes);
                if engine.handle(&line, &out) == Flow::Quit {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    engine.finish();
}
