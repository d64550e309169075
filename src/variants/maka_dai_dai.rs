//! Maka dai dai shogi (19x19): the piece table and setup of seed 004_9b5285e9a1d3a500.txt.
//!
//! Betza strings are the seed's, rewritten in the dialect of `rules::betza` (the seed's
//! direction sets in brackets, `f[br]F`, become conjunctions, `fFbrF`; its lion strings
//! become the dialect's lion atoms). Moves are Black's; each side's asymmetric pieces
//! (deva, dark spirit, left and right chariot) are defined relative to their owner.
//! The rules document `maka_dai_dai.md` beside this file lists every interpretation,
//! the named atom `{emperor}` and the exact lion-dog line power.
//! Values started from the German Chu Shogi Association's maka dai dai table (the
//! seed's "Styckvärden" section, pawn = 1) times 100 and were then fitted to games
//! (`large-shogi tune`), six times; `tuning/piece-values-maka_dai_dai.md` has the table, its
//! caveats, the emperor's stand-in value and the fits.

use crate::rules::kind::{AltMove, Contagion, KindDef, PromotionRule, VariantDef};

pub static KINDS: &[KindDef] = &[
    // Royals and the kinds that promote to or from them.
    royal!(kind!("king", "K", "王将", "K", Some("EM"), 400)),
    kind!("drunk elephant", "DE", "酔象", "FfrlW", Some("PR"), 252),
    // Pieces of the setup that do not promote.
    kind!("queen", "Q", "奔王", "Q", None, 2064),
    kind!("dragon king", "DK", "龍王", "RF", None, 1486),
    kind!("dragon horse", "DH", "龍馬", "BW", None, 1131),
    // Pieces of the setup that promote to new pieces.
    kind!("lion", "LN", "獅子", "KNADcaKmcabK", Some("FF"), 2988),
    kind!("deva", "DV", "提婆", "fFbrFlW", Some("TK"), 200),
    kind!("dark spirit", "DS", "無明", "fFblFrW", Some("BS"), 200),
    kind!("phoenix", "PH", "鳳凰", "WA", Some("GBD"), 238),
    kind!("kirin", "KR", "麒麟", "FD", Some("GD"), 198),
    kind!("gold general", "G", "金将", "WfF", Some("FG"), 259),
    kind!("silver general", "S", "銀将", "FfW", Some("FS"), 200),
    kind!("copper general", "C", "銅将", "fbWfF", Some("FC"), 200),
    kind!("iron general", "I", "鉄将", "fK", Some("FI"), 200),
    kind!("tile general", "T", "瓦将", "fFbW", Some("FT"), 100),
    kind!("stone general", "ST", "石将", "fF", Some("FST"), 94),
    kind!("earth general", "E", "土将", "fbW", Some("FE"), 100),
    kind!("go-between", "GB", "仲人", "fbW", Some("FGB"), 88),
    kind!("blind tiger", "BT", "盲虎", "FrlbW", Some("FBT"), 294),
    kind!("ferocious leopard", "FL", "猛豹", "FfbW", Some("FFL"), 297),
    kind!("coiled serpent", "CO", "蟠蛇", "fbWbF", Some("FCO"), 100),
    kind!("reclining dragon", "RD", "臥龍", "WbF", Some("FRD"), 200),
    kind!("old monkey", "OM", "古猿", "FbW", Some("MW"), 200),
    kind!("chinese cock", "CC", "淮鶏", "rlbWfF", Some("WS"), 200),
    kind!("cat sword", "CS", "猫刄", "F", Some("FCS"), 200),
    kind!("evil wolf", "EW", "悪狼", "frlK", Some("FEW"), 360),
    kind!("blind bear", "BB", "盲熊", "FbR", Some("FBB"), 272),
    kind!("angry boar", "AB", "嗔猪", "W", Some("FAB"), 192),
    kind!("old rat", "OR", "老鼠", "fB2bR2", Some("BA"), 200),
    // Pieces of the setup that promote (or demote) to gold general.
    kind!("hook mover", "HM", "鉤行", "[RasR]", Some("G"), 2564),
    kind!("capricorn", "CA", "摩羯", "[BasB]", Some("G"), 1895),
    kind!(
        "lion dog",
        "LD",
        "狛犬",
        "[avavW][avavF]DAHG",
        Some("G"),
        932
    ),
    kind!("she-devil", "SD", "夜叉", "R5B2", Some("G"), 984),
    kind!("left chariot", "LC", "左車", "fRflBbrBbW", Some("G"), 606),
    kind!("right chariot", "RC", "右車", "fRfrBblBbW", Some("G"), 403),
    kind!("wrestler", "W", "力士", "B3rlW", Some("G"), 360),
    kind!("guardian of the gods", "GG", "金剛", "R3fF", Some("G"), 389),
    kind!("buddhist devil", "BD", "羅刹", "fB3rlbW", Some("G"), 243),
    kind!("rook", "R", "飛車", "R", Some("G"), 1069),
    kind!("bishop", "B", "角行", "B", Some("G"), 581),
    kind!("vertical mover", "VM", "竪行", "fbRW", Some("G"), 405),
    kind!("side mover", "SM", "横行", "rlRW", Some("G"), 337),
    kind!("side flier", "SF", "横飛", "rlRF", Some("G"), 525),
    kind!("reverse chariot", "RV", "反車", "fbR", Some("G"), 407),
    kind!("lance", "L", "香車", "fR", Some("G"), 394),
    kind!("flying dragon", "FD", "飛龍", "B2", Some("G"), 298),
    kind!("violent ox", "VO", "猛牛", "R2", Some("G"), 228),
    kind!("donkey", "DN", "驢馬", "WfbD", Some("G"), 105),
    kind!("knight", "N", "桂馬", "ffN", Some("G"), 108),
    kind!("pawn", "P", "歩兵", "fW", Some("G"), 100),
    // Kinds that appear only by promotion.
    royal!(promoted!("emperor", "EM", "自在天王", "{emperor}", 15000)),
    royal!(promoted!("prince", "PR", "王子", "K", 400)),
    promoted!("teaching king", "TK", "教王", "Q[avavW][avavF]DAHG", 1700),
    promoted!("buddhist spirit", "BS", "法性", "QNADcaKmcabK", 2700),
    promoted!(
        "furious fiend",
        "FF",
        "奮迅",
        "KNADcaKmcabK[avavW][avavF]HG",
        3329
    ),
    promoted!("golden bird", "GBD", "金翅", "fbRrlR2B3", 1357),
    promoted!("great dragon", "GD", "大龍", "rlRfbR2B3", 1111),
    promoted!("free gold", "FG", "奔金", "RfB", 1700),
    promoted!("free silver", "FS", "奔銀", "BfR", 1300),
    promoted!("free copper", "FC", "奔銅", "fbRfB", 1200),
    promoted!("free iron", "FI", "奔鉄", "fQ", 1109),
    promoted!("free tile", "FT", "奔瓦", "fBbR", 399),
    promoted!("free stone", "FST", "奔石", "fB", 541),
    promoted!("free earth", "FE", "奔土", "fbR", 500),
    promoted!("free goer", "FGB", "奔人", "fbR", 373),
    promoted!("free tiger", "FBT", "奔虎", "BrlbR", 1434),
    promoted!("free leopard", "FFL", "奔豹", "BfbR", 1999),
    promoted!("free serpent", "FCO", "奔蛇", "fbRbB", 800),
    promoted!("free dragon", "FRD", "奔龍", "RbB", 1200),
    promoted!("mountain witch", "MW", "山母", "BbRfW", 1100),
    promoted!("wizard stork", "WS", "仙鶴", "BfRbW", 1432),
    promoted!("free cat", "FCS", "奔猫", "B", 845),
    promoted!("free wolf", "FEW", "奔狼", "frlRfB", 1450),
    promoted!("free bear", "FBB", "奔熊", "BrlR", 1286),
    promoted!("free boar", "FAB", "奔猪", "BrlR", 1286),
    promoted!("bat", "BA", "蝙蝠", "fRbB", 750),
];

/// Capturing a deva or teaching king makes the capturer a teaching king; capturing a dark
/// spirit or Buddhist spirit makes it a Buddhist spirit. Royals, and the drunk elephant
/// (which promotes to a royal), are exempt: they promote as usual (maka_dai_dai.md).
static CONTAGION: &[Contagion] = &[
    Contagion {
        captured: "DV",
        becomes: "TK",
    },
    Contagion {
        captured: "TK",
        becomes: "TK",
    },
    Contagion {
        captured: "DS",
        becomes: "BS",
    },
    Contagion {
        captured: "BS",
        becomes: "BS",
    },
];

static ALTERNATIVES: &[AltMove] = &[
    AltMove {
        option: "DonkeyWithoutVerticalStep",
        code: "DN",
        betza: "rlWfbD",
        note: "Donkey without the one-square vertical steps, as in Western sources and \
               The Chess Variant Pages (seed, donkey section).",
    },
    AltMove {
        option: "TsaLionDog",
        code: "LD",
        betza: "Q3",
        note: "Lion dog as a plain three-square ranging piece without lion power (TSA; the \
               reading behind the seed's piece-value table).",
    },
    AltMove {
        option: "TsaLionDog",
        code: "TK",
        betza: "Q",
        note: "With the TSA lion dog the teaching king (queen + lion dog) is a queen.",
    },
    AltMove {
        option: "TsaLionDog",
        code: "FF",
        betza: "KNADcaKmcabKQ3",
        note: "With the TSA lion dog the furious fiend (lion + lion dog) is lion + Q3.",
    },
];

pub static MAKA_DAI_DAI: VariantDef = VariantDef {
    name: "makadaidai",
    title: "Maka dai dai shogi",
    width: 19,
    height: 19,
    kinds: KINDS,
    setup: concat!(
        "le(st)ticsg(ds)k(dv)gscit(st)el/",
        "(rv)1(cs)1(om)1(rd)(fl)(bt)(de)(bt)(fl)(co)1(cc)1(cs)1(rv)/",
        "1(or)1(ab)1(bb)1(ew)(ph)(ln)(kr)(ew)1(bb)1(ab)1(or)1/",
        "(dn)1n1(vo)1(fd)(sd)(gg)(ld)w(bd)(fd)1(vo)1n1(dn)/",
        "r(rc)(sm)(sf)(vm)b(dh)(dk)(hm)q(ca)(dk)(dh)b(vm)(sf)(sm)(lc)r/",
        "ppppppppppppppppppp/",
        "5(gb)7(gb)5/19/19/19/19/19/5(GB)7(GB)5/",
        "PPPPPPPPPPPPPPPPPPP/",
        "R(LC)(SM)(SF)(VM)B(DH)(DK)(CA)Q(HM)(DK)(DH)B(VM)(SF)(SM)(RC)R/",
        "(DN)1N1(VO)1(FD)(BD)W(LD)(GG)(SD)(FD)1(VO)1N1(DN)/",
        "1(OR)1(AB)1(BB)1(EW)(KR)(LN)(PH)(EW)1(BB)1(AB)1(OR)1/",
        "(RV)1(CS)1(CC)1(CO)(FL)(BT)(DE)(BT)(FL)(RD)1(OM)1(CS)1(RV)/",
        "LE(ST)TICSG(DV)K(DS)GSCIT(ST)EL b - 1"
    ),
    promotion: PromotionRule::Capture,
    contagion: CONTAGION,
    ranks: &[],
    alternatives: ALTERNATIVES,
};
