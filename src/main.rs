use large_shogi::position::Position;
use large_shogi::rules::Rules;
use large_shogi::variants::dai::DAI;
use large_shogi::moves::{Move, DECLINE};
fn dominated(pos: &Position<2>, mv: Move, rules: &'static Rules) -> bool {
    if mv.flags & DECLINE == 0 { return false; }
    let id = pos.piece_at(mv.from).unwrap();
    let f = pos.form(id);
    let pf = rules.form(f.promotes_to.unwrap());
    let side = pos.piece(id).side;
    // compare on empty board from the center
    let g = &rules.geo; let c = g.square(7,7);
    let e1 = Position::<2>::from_pieces(rules, &[(c, rules.form_by_code(f.base.code,false).unwrap(), side)], side, 1);
    let e2 = Position::<2>::from_pieces(rules, &[(c, f.promotes_to.unwrap(), side)], side, 1);
    let a1 = e1.attacks_of(0); let a2 = e2.attacks_of(0);
    let _ = pf;
    a1.and_not(&a2).is_empty()
}
fn hperft(p: &mut Position<2>, d: u32, r: &'static Rules) -> u64 {
    let mut l = Vec::new(); p.generate(&mut l);
    let l: Vec<Move> = l.into_iter().filter(|&m| !dominated(p, m, r)).collect();
    if d == 1 { return l.len() as u64; }
    let mut t = 0; for m in l { p.make(m); t += hperft(p, d-1, r); p.unmake(); } t
}
fn main() {
    let r = Rules::get(&DAI);
    let mut p = Position::<2>::from_sfen(r, DAI.setup).unwrap();
    for d in 1..=4 { println!("{d}: {}", hperft(&mut p, d, r)); }
}
