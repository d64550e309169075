//! `pieces`: each piece's moves as a diagram.

use super::variant_arg;
use large_shogi::variants;

/// `pieces [--variant <name>] [<code> ...]`: piece diagrams on stdout.
pub fn run(args: &[String]) -> i32 {
    let mut variant = variants::ALL[0];
    let mut codes = Vec::new();
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--variant" {
            let Some(v) = variant_arg(args.get(i + 1)) else {
                return 2;
            };
            variant = v;
            i += 2;
        } else {
            codes.push(args[i].as_str());
            i += 1;
        }
    }
    match large_shogi::diagram::variant_pieces(variant, &codes) {
        Ok(text) => {
            print!("{text}");
            0
        }
        Err(e) => {
            eprintln!("{e}");
            2
        }
    }
}
