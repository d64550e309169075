//! Dai shogi (15x15): the piece table and setup of seed 003_b5d136553e4aa43d.txt.
//!
//! Betza strings are the seed's, read with the conventions of `rules::betza`; the
//! rules document `dai.md` beside this file lists every interpretation.
//! Values are in centipawns (pawn = 100). No table for dai shogi itself is published;
//! they were derived from the German Chu Shogi Association's chu and maka dai dai
//! tables (the encyclopedia articles' "piece values" sections): steppers kept their
//! common value, ranging pieces were interpolated by board size between chu (12x12)
//! and maka dai dai (19x19), dai-only pieces took the maka value. Those values were
//! then fitted to 497 games of the engine against itself (`large-shogi tune`);
//! `tuning/piece-values.md` keeps the derivation piece by piece and both sets.

use crate::rules::kind::{KindDef, PromotionRule, VariantDef};

pub static KINDS: &[KindDef] = &[
    royal!(kind!("king", "K", "王将", "K", None, 400)),
    kind!("queen", "Q", "奔王", "Q", None, 1381),
    kind!("lion", "LN", "獅子", "KNADcaKmcabK", None, 1932),
    kind!("dragon king", "DK", "龍王", "RF", Some("SE"), 1053),
    kind!("dragon horse", "DH", "龍馬", "BW", Some("HF"), 963),
    kind!("rook", "R", "飛車", "R", Some("DK"), 789),
    kind!("bishop", "B", "角行", "B", Some("DH"), 596),
    kind!("kirin", "KR", "麒麟", "FD", Some("LN"), 293),
    kind!("phoenix", "PH", "鳳凰", "WA", Some("Q"), 377),
    kind!("violent ox", "VO", "猛牛", "R2", Some("G"), 324),
    kind!("flying dragon", "FD", "飛龍", "B2", Some("G"), 307),
    kind!("drunk elephant", "DE", "酔象", "FfrlW", Some("PR"), 284),
    kind!("blind tiger", "BT", "盲虎", "FrlbW", Some("FS"), 266),
    kind!("ferocious leopard", "FL", "猛豹", "FfbW", Some("B"), 312),
    kind!("gold general", "G", "金将", "WfF", Some("R"), 295),
    kind!("silver general", "S", "銀将", "FfW", Some("VM"), 203),
    kind!("copper general", "C", "銅将", "fKbW", Some("SM"), 200),
    kind!("angry boar", "AB", "嗔猪", "W", Some("G"), 170),
    kind!("cat sword", "CS", "猫刄", "F", Some("G"), 171),
    kind!("vertical mover", "VM", "竪行", "WfbR", Some("FO"), 411),
    kind!("side mover", "SM", "横行", "WrlR", Some("FB"), 411),
    kind!("reverse chariot", "RC", "反車", "fbR", Some("WL"), 419),
    kind!("lance", "L", "香車", "fR", Some("WH"), 364),
    kind!("knight", "N", "桂馬", "ffN", Some("G"), 99),
    kind!("evil wolf", "EW", "悪狼", "frlK", Some("G"), 218),
    kind!("iron general", "I", "鉄将", "fK", Some("G"), 173),
    kind!("stone general", "ST", "石将", "fF", Some("G"), 98),
    kind!("go-between", "GB", "仲人", "fbW", Some("DE"), 92),
    kind!("pawn", "P", "歩兵", "fW", Some("G"), 100),
    royal!(promoted!("prince", "PR", "太子", "K", 400)),
    promoted!("horned falcon", "HF", "角鷹", "BrlbRf[avW]fD", 1362),
    promoted!("soaring eagle", "SE", "飛鷲", "RbBf[avF]fA", 1495),
    promoted!("flying stag", "FS", "飛鹿", "fbRK", 700),
    promoted!("flying ox", "FO", "飛牛", "BfbR", 1079),
    promoted!("free boar", "FB", "奔猪", "BrlR", 1000),
    promoted!("whale", "WL", "鯨鯢", "fRbQ", 643),
    promoted!("white horse", "WH", "白駒", "fQbR", 850),
];

pub static DAI: VariantDef = VariantDef {
    name: "dai",
    title: "Dai shogi",
    width: 15,
    height: 15,
    kinds: KINDS,
    setup: concat!(
        "ln(st)icsgkgsci(st)nl/",
        "(rc)1(cs)1(fl)1(bt)(de)(bt)1(fl)1(cs)1(rc)/",
        "1(vo)1(ab)1(ew)(ph)(ln)(kr)(ew)1(ab)1(vo)1/",
        "r(fd)(sm)(vm)b(dh)(dk)q(dk)(dh)b(vm)(sm)(fd)r/",
        "ppppppppppppppp/",
        "4(gb)5(gb)4/15/15/15/",
        "4(GB)5(GB)4/",
        "PPPPPPPPPPPPPPP/",
        "R(FD)(SM)(VM)B(DH)(DK)Q(DK)(DH)B(VM)(SM)(FD)R/",
        "1(VO)1(AB)1(EW)(KR)(LN)(PH)(EW)1(AB)1(VO)1/",
        "(RC)1(CS)1(FL)1(BT)(DE)(BT)1(FL)1(CS)1(RC)/",
        "LN(ST)ICSGKGSCI(ST)NL b - 1"
    ),
    promotion: PromotionRule::Zone { depth: 5 },
    contagion: &[],
    ranks: &[],
    alternatives: &[],
};
