//! Dai shogi (15x15): the piece table and setup of seed 003_b5d136553e4aa43d.txt.
//!
//! Betza strings are the seed's, read with the conventions of `rules::betza`; the
//! rules document `dai.md` beside this file lists every interpretation.
//! Values are in centipawns (pawn = 100). No table for dai shogi itself is published;
//! they are derived from the German Chu Shogi Association's chu and maka dai dai
//! tables (the encyclopedia articles' "piece values" sections): steppers keep their
//! common value, ranging pieces are interpolated by board size between chu (12x12)
//! and maka dai dai (19x19), dai-only pieces take the maka value. `tuning/` keeps the
//! derivation piece by piece.

use crate::rules::kind::{KindDef, PromotionRule, VariantDef};

pub static KINDS: &[KindDef] = &[
    royal!(kind!("king", "K", "王将", "K", None, 400)),
    kind!("queen", "Q", "奔王", "Q", None, 1400),
    kind!("lion", "LN", "獅子", "KNADcaKmcabK", None, 1800),
    kind!("dragon king", "DK", "龍王", "RF", Some("SE"), 975),
    kind!("dragon horse", "DH", "龍馬", "BW", Some("HF"), 875),
    kind!("rook", "R", "飛車", "R", Some("DK"), 750),
    kind!("bishop", "B", "角行", "B", Some("DH"), 625),
    kind!("kirin", "KR", "麒麟", "FD", Some("LN"), 300),
    kind!("phoenix", "PH", "鳳凰", "WA", Some("Q"), 300),
    kind!("violent ox", "VO", "猛牛", "R2", Some("G"), 350),
    kind!("flying dragon", "FD", "飛龍", "B2", Some("G"), 300),
    kind!("drunk elephant", "DE", "酔象", "FfrlW", Some("PR"), 300),
    kind!("blind tiger", "BT", "盲虎", "FrlbW", Some("FS"), 300),
    kind!("ferocious leopard", "FL", "猛豹", "FfbW", Some("B"), 300),
    kind!("gold general", "G", "金将", "WfF", Some("R"), 300),
    kind!("silver general", "S", "銀将", "FfW", Some("VM"), 200),
    kind!("copper general", "C", "銅将", "fKbW", Some("SM"), 200),
    kind!("angry boar", "AB", "嗔猪", "W", Some("G"), 175),
    kind!("cat sword", "CS", "猫刄", "F", Some("G"), 175),
    kind!("vertical mover", "VM", "竪行", "WfbR", Some("FO"), 450),
    kind!("side mover", "SM", "横行", "WrlR", Some("FB"), 450),
    kind!("reverse chariot", "RC", "反車", "fbR", Some("WL"), 400),
    kind!("lance", "L", "香車", "fR", Some("WH"), 350),
    kind!("knight", "N", "桂馬", "ffN", Some("G"), 100),
    kind!("evil wolf", "EW", "悪狼", "frlK", Some("G"), 250),
    kind!("iron general", "I", "鉄将", "fK", Some("G"), 175),
    kind!("stone general", "ST", "石将", "fF", Some("G"), 100),
    kind!("go-between", "GB", "仲人", "fbW", Some("DE"), 100),
    kind!("pawn", "P", "歩兵", "fW", Some("G"), 100),
    royal!(promoted!("prince", "PR", "太子", "K", 400)),
    promoted!("horned falcon", "HF", "角鷹", "BrlbRf[avW]fD", 1200),
    promoted!("soaring eagle", "SE", "飛鷲", "RbBf[avF]fA", 1250),
    promoted!("flying stag", "FS", "飛鹿", "fbRK", 700),
    promoted!("flying ox", "FO", "飛牛", "BfbR", 1000),
    promoted!("free boar", "FB", "奔猪", "BrlR", 1000),
    promoted!("whale", "WL", "鯨鯢", "fRbQ", 650),
    promoted!("white horse", "WH", "白駒", "fQbR", 900),
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
