use large_shogi::position::Position;
use large_shogi::rules::Rules;
use large_shogi::variants::dai::DAI;
fn main() {
    let r = Rules::get(&DAI);
    let mut p = Position::<2>::from_sfen(r, DAI.setup).unwrap();
    let mut seed = 12345u64;
    let mut list = Vec::new();
    for game in 0..20 {
        let mut n = 0;
        for _ in 0..400 {
            if large_shogi::perft::game_over(&p) { break; }
            list.clear();
            p.generate(&mut list);
            if list.is_empty() { break; }
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
            let mv = list[(seed % list.len() as u64) as usize];
            let txt = mv.to_text(&r.geo);
            let back = p.parse_move(&txt).unwrap();
            assert_eq!(back, mv, "{txt}");
            p.make(mv);
            n += 1;
            if let Err(e) = p.validate() { panic!("game {game} ply {n} after {txt}: {e}\n{}", p.to_sfen()); }
        }
        while p.ply() > 0 { p.unmake(); }
        p.validate().unwrap();
        println!("game {game}: {n} plies ok");
    }
}
