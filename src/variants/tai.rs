//! Tai shogi (25x25): the piece table and setup of seed 000_aeac2775e706f8dd.txt.
//!
//! The seed gives the moves in words; the Betza strings here are written from them in the
//! dialect of `rules::betza`, and agree with the maka dai dai seed's strings for every
//! piece the two games share unless `tai.md` says otherwise. Where the sources disagree
//! the default is the English-language reading (the seed's main text, The Chess Variant
//! Pages' moves as carried by the maka dai dai seed); single-kind switches are offered in
//! `alternatives`. `tai.md` beside this file lists every interpretation.
//! Values are in centipawns (pawn = 100): the German Chu Shogi Association's tai table as
//! printed in the seed where it has a number, derived otherwise, then fitted to the
//! engine's games (`tuning/piece-values-tai.md`).

use crate::rules::kind::{AltMove, KindDef, PromotionRule, VariantDef};

pub static KINDS: &[KindDef] = &[
    // Royals.
    royal!(kind!("emperor", "E", "天王", "{emperor}", None, 400)),
    royal!(kind!("prince", "CP", "太子", "K", None, 400)),
    // Hook movers.
    kind!("hook mover", "HM", "鉤行", "[RasR]", Some("G"), 1994),
    kind!(
        "long-nosed goblin",
        "LO",
        "天狗",
        "[BasB]W",
        Some("G"),
        1436
    ),
    kind!("capricorn", "CA", "摩羯", "[BasB]", Some("G"), 1370),
    kind!("peacock", "PC", "孔雀", "f[BasB]bB2", Some("G"), 1196),
    // Lion powers.
    kind!(
        "soaring eagle",
        "SE",
        "飛鷲",
        "RbBf[avF]fA",
        Some("G"),
        1821
    ),
    kind!(
        "horned falcon",
        "HF",
        "角鷹",
        "BrlbRf[avW]fD",
        Some("G"),
        1729
    ),
    kind!("lion", "LN", "獅子", "KNADcaKmcabK", Some("FF"), 2267),
    kind!(
        "lion dog",
        "LD",
        "狛犬",
        "[avavW][avavF]DAHG",
        Some("GE"),
        1282
    ),
    // Ranging pieces.
    kind!("queen", "Q", "奔王", "Q", None, 2242),
    kind!("rushing bird", "RB", "行鳥", "BfrlR", Some("FR"), 1921),
    kind!("free demon", "FR", "奔鬼", "fBrlRfbR5", Some("G"), 1695),
    kind!(
        "free dream-eater",
        "FT",
        "奔獏",
        "fBfbRrlR5",
        Some("G"),
        1841
    ),
    kind!("water buffalo", "WB", "水牛", "BrlRfbR2", Some("FT"), 1858),
    kind!("flying ox", "FO", "飛牛", "BfbR", Some("G"), 1582),
    kind!("soldier", "SO", "兵士", "RbB", Some("G"), 1328),
    kind!("dragon king", "DK", "龍王", "RF", None, 1390),
    kind!("dragon horse", "DH", "龍馬", "BW", None, 1311),
    kind!("side chariot", "SC", "走車", "RbF", Some("G"), 1193),
    kind!("rook", "R", "飛車", "R", Some("G"), 1111),
    kind!("bishop", "B", "角行", "B", Some("G"), 989),
    kind!("white horse", "WH", "白駒", "fQbR", Some("G"), 1300),
    kind!("whale", "W", "鯨鯢", "fRbQ", Some("G"), 897),
    kind!(
        "standard bearer",
        "SB",
        "前旗",
        "fQrlR2bQ2",
        Some("G"),
        1527
    ),
    kind!(
        "vermillion sparrow",
        "VS",
        "朱雀",
        "fQbB2bW",
        Some("G"),
        1222
    ),
    kind!("turtle-snake", "TS", "玄武", "fBbRbB2fW", Some("G"), 994),
    kind!(
        "blue dragon",
        "BD",
        "青龍",
        "rlRfrBfbR2flF",
        Some("G"),
        1252
    ),
    kind!(
        "white tiger",
        "WT",
        "白虎",
        "fbRflBrlR2frF",
        Some("G"),
        1082
    ),
    kind!("right chariot", "RC", "右車", "fRfrBblBbW", Some("G"), 1018),
    kind!("left chariot", "LC", "左車", "fRflBbrBbW", Some("G"), 998),
    kind!("side dragon", "SI", "横龍", "fRrlRbW", Some("G"), 1020),
    kind!("golden bird", "GO", "金翅", "fbRrlR2B3", Some("G"), 1206),
    kind!("great dragon", "GD", "大龍", "rlRfbR2B3", Some("G"), 1178),
    kind!(
        "white elephant",
        "WE",
        "白象",
        "bBfQ2rlR2bR2",
        Some("G"),
        829
    ),
    kind!("golden deer", "GL", "金鹿", "fBbB2", Some("G"), 891),
    kind!("silver hare", "SV", "銀兎", "bBfB2", Some("G"), 700),
    kind!("side mover", "SM", "横行", "rlRfbW", Some("G"), 517),
    kind!("vertical mover", "VM", "竪行", "fbRrlW", Some("G"), 561),
    kind!("reverse chariot", "RV", "反車", "fbR", Some("G"), 583),
    kind!("howling dog", "HD", "𠵇犬", "fRbW", Some("G"), 552),
    kind!("ram's-head soldier", "RS", "羊兵", "fB", Some("G"), 728),
    kind!("lance", "L", "香車", "fR", Some("G"), 496),
    kind!("blind bear", "BB", "盲熊", "FbR", Some("FBE"), 349),
    // Limited-range pieces.
    kind!("dove", "D", "鳩槃", "R2B5", Some("G"), 687),
    kind!("she-devil", "SD", "夜叉", "B2R5", Some("G"), 773),
    kind!("wrestler", "WR", "力士", "B3rlW", Some("G"), 378),
    kind!("guardian of the gods", "GG", "金剛", "R3F", Some("G"), 394),
    kind!("buddhist devil", "BU", "羅刹", "fB3rlbW", Some("G"), 302),
    kind!("fierce eagle", "FE", "猛鷲", "rlR2bB2fK", Some("G"), 400),
    kind!("old kite", "OK", "古鵄", "R2fF", Some("LO"), 350),
    kind!("violent ox", "VO", "猛牛", "R2", Some("G"), 300),
    kind!("flying dragon", "FD", "飛龍", "B2", Some("G"), 300),
    kind!("old rat", "OR", "老鼠", "fB2bR2", Some("BA"), 191),
    kind!("enchanted badger", "EN", "変狸", "fR2rlR2", Some("D"), 253),
    kind!("flying horse", "FH", "馬麟", "fB2W", Some("Q"), 300),
    kind!("prancing stag", "PR", "踊鹿", "rlR2FfW", Some("SQ"), 352),
    kind!("violent bear", "VB", "猛熊", "fB2rlW", Some("G"), 257),
    kind!(
        "northern barbarian",
        "NB",
        "北狄",
        "fB2rlWbF",
        Some("FRE"),
        249
    ),
    kind!(
        "southern barbarian",
        "SU",
        "南蛮",
        "bB2rlWfF",
        Some("WE"),
        250
    ),
    kind!(
        "eastern barbarian",
        "EB",
        "東夷",
        "fbR2rlWfF",
        Some("LN"),
        300
    ),
    kind!(
        "western barbarian",
        "WS",
        "西戎",
        "rlR2fbWfF",
        Some("LD"),
        299
    ),
    kind!("wood general", "WO", "木将", "fB2", Some("G"), 148),
    // Jumping pieces.
    kind!("phoenix", "PH", "鳳凰", "WA", Some("GO"), 303),
    kind!("kirin", "KR", "麒麟", "FD", Some("GD"), 298),
    kind!("poisonous snake", "PS", "毒蛇", "fDbArlW", Some("HM"), 200),
    kind!("donkey", "DO", "驢馬", "WfbD", Some("G"), 99),
    kind!("knight", "N", "桂馬", "ffN", Some("G"), 100),
    // Step movers.
    kind!("drunk elephant", "DE", "醉象", "FfrlW", Some("CP"), 301),
    kind!("neighbor king", "NK", "近王", "K", Some("SB"), 393),
    kind!("blind tiger", "BT", "盲虎", "FrlbW", Some("FTI"), 297),
    kind!("blind monkey", "BM", "盲猿", "FrlW", Some("G"), 275),
    kind!("ferocious leopard", "FL", "猛豹", "FfbW", Some("FLE"), 300),
    kind!("reclining dragon", "RD", "臥龍", "WbF", Some("FDR"), 200),
    kind!("chinese cock", "CC", "淮鶏", "rlbWfF", Some("WIZ"), 200),
    kind!("old monkey", "OM", "古猿", "FbW", Some("MW"), 199),
    kind!("evil wolf", "EW", "悪狼", "frlK", Some("FWO"), 290),
    kind!("angry boar", "AB", "嗔猪", "W", Some("FBO"), 198),
    kind!("cat sword", "CS", "猫刄", "F", Some("FCA"), 200),
    kind!("coiled serpent", "CO", "蟠蛇", "fbWbF", Some("FSN"), 99),
    kind!("deva", "DV", "提婆", "fFlWbrF", Some("TK"), 200),
    kind!("dark spirit", "DS", "無明", "fFrWblF", Some("BS"), 200),
    kind!("right general", "RG", "右将", "FfblW", Some("G"), 300),
    kind!("left general", "LG", "左将", "FfbrW", Some("G"), 300),
    kind!("gold general", "G", "金将", "WfF", Some("FG"), 278),
    kind!("silver general", "S", "銀将", "FfW", Some("FS"), 200),
    kind!("copper general", "C", "銅将", "fKbW", Some("FC"), 202),
    kind!("tile general", "T", "瓦将", "fFbW", Some("FTL"), 100),
    kind!("iron general", "I", "鉄将", "fK", Some("FI"), 198),
    kind!("stone general", "SG", "石将", "fF", Some("FST"), 100),
    kind!("earth general", "EA", "土将", "fbW", Some("FEA"), 100),
    kind!("go-between", "GB", "仲人", "fbW", Some("FGB"), 101),
    kind!("pawn", "P", "歩兵", "fW", Some("G"), 100),
    // Kinds that appear only by promotion.
    promoted!("furious fiend", "FF", "奮迅", "KNADcaKmcabKQ3", 2373),
    promoted!("great elephant", "GE", "大象", "rlR5bB5fB3fbR3", 1021),
    promoted!("teaching king", "TK", "教王", "Q[avavW][avavF]DAHG", 2900),
    promoted!("buddhist spirit", "BS", "法性", "QNADcaKmcabK", 3500),
    promoted!("bat", "BA", "蝙蝠", "fRbB", 1359),
    promoted!("square mover", "SQ", "方行", "RfF", 1247),
    promoted!("fragrant elephant", "FRE", "香象", "fBR2bB2", 1198),
    promoted!("wizard stork", "WIZ", "仙鶴", "BfRbW", 1533),
    promoted!("mountain witch", "MW", "山母", "BbRfW", 1204),
    promoted!("free bear", "FBE", "奔熊", "BrlRffN", 1739),
    promoted!("free tiger", "FTI", "奔虎", "BrlbR", 1812),
    promoted!("free leopard", "FLE", "奔豹", "BfbR", 1680),
    promoted!("free dragon", "FDR", "奔龍", "RbB", 1432),
    promoted!("free wolf", "FWO", "奔狼", "frlQ", 1784),
    promoted!("free boar", "FBO", "奔猪", "BrlR", 1753),
    promoted!("free cat", "FCA", "奔猫", "B", 1000),
    promoted!("free snake", "FSN", "奔蛇", "fbRbB", 929),
    promoted!("free gold", "FG", "奔金", "RfB", 2000),
    promoted!("free silver", "FS", "奔銀", "BfR", 1550),
    promoted!("free copper", "FC", "奔銅", "fbRfB", 1495),
    promoted!("free tile", "FTL", "奔瓦", "fBbR", 1119),
    promoted!("free iron", "FI", "奔鉄", "fQ", 1278),
    promoted!("free stone", "FST", "奔石", "fB", 748),
    promoted!("free earth", "FEA", "奔土", "fbR", 600),
    promoted!("free go-between", "FGB", "奔人", "fbR", 581),
];

pub static TAI: VariantDef = VariantDef {
    name: "tai",
    title: "Tai shogi",
    width: 25,
    height: 25,
    kinds: KINDS,
    setup: concat!(
        "l(wt)w(fd)(lo)dr(dh)(dk)qg(ds)e(dv)gq(dk)(dh)rd(lo)(fd)w(ts)l/",
        "(rv)(si)(se)n(ps)(ft)b(fe)(we)(fr)s(rg)(cp)(lg)s(fr)(we)(fe)b(ft)(ps)n(se)(si)(rv)/",
        "(sc)(wh)(rs)(vo)(cs)(bb)(sv)(gl)(bm)(bt)(sd)(gg)(nk)(wr)(bu)(bt)(bm)(gl)(sv)(bb)(cs)(vo)(rs)(wh)(sc)/",
        "(so)(wb)(fl)(nb)(su)(cc)(hf)(om)(rb)(pc)(go)(ph)(ln)(kr)(gd)(pc)(ok)(om)(hf)(cc)(eb)(ws)(fl)(wb)(so)/",
        "(rc)(vs)(wo)(ea)(sg)tic(or)(co)(rd)(hm)(de)(ca)(rd)(co)(or)cit(sg)(ea)(wo)(bd)(lc)/",
        "(hd)(fh)(en)(do)(fo)(sm)(vm)(vb)(sb)(pr)(ab)(ew)(ld)(ew)(ab)(pr)(sb)(vb)(vm)(sm)(fo)(do)(en)(fh)(hd)/",
        "ppppppppppppppppppppppppp/",
        "9(gb)5(gb)9/25/25/25/25/25/25/25/25/25/9(GB)5(GB)9/",
        "PPPPPPPPPPPPPPPPPPPPPPPPP/",
        "(HD)(FH)(EN)(DO)(FO)(SM)(VM)(VB)(SB)(PR)(AB)(EW)(LD)(EW)(AB)(PR)(SB)(VB)(VM)(SM)(FO)(DO)(EN)(FH)(HD)/",
        "(LC)(BD)(WO)(EA)(SG)TIC(OR)(CO)(RD)(CA)(DE)(HM)(RD)(CO)(OR)CIT(SG)(EA)(WO)(VS)(RC)/",
        "(SO)(WB)(FL)(WS)(EB)(CC)(HF)(OM)(OK)(PC)(GD)(KR)(LN)(PH)(GO)(PC)(RB)(OM)(HF)(CC)(SU)(NB)(FL)(WB)(SO)/",
        "(SC)(WH)(RS)(VO)(CS)(BB)(SV)(GL)(BM)(BT)(BU)(WR)(NK)(GG)(SD)(BT)(BM)(GL)(SV)(BB)(CS)(VO)(RS)(WH)(SC)/",
        "(RV)(SI)(SE)N(PS)(FT)B(FE)(WE)(FR)S(LG)(CP)(RG)S(FR)(WE)(FE)B(FT)(PS)N(SE)(SI)(RV)/",
        "L(TS)W(FD)(LO)DR(DH)(DK)QG(DV)E(DS)GQ(DK)(DH)RD(LO)(FD)W(WT)L b - 1"
    ),
    promotion: PromotionRule::Capture,
    contagion: &[],
    ranks: &[],
    alternatives: &[
        AltMove {
            option: "TaiSparrowJapanese",
            code: "VS",
            betza: "frBblBWbrF",
            note: "vermillion sparrow as Japanese Wikipedia gives it: ranges forward-right and \
                   back-left, steps orthogonally and back-right (seed 000, vermillion sparrow)",
        },
        AltMove {
            option: "TaiTurtleSnakeJapanese",
            code: "TS",
            betza: "frBblBK",
            note: "turtle-snake as Japanese Wikipedia gives it: ranges forward-right and \
                   back-left, steps one square any way (seed 000, turtle-snake)",
        },
        AltMove {
            option: "TaiGreatDragonJumps",
            code: "GD",
            betza: "rlRrlDrlHfbR2bB3",
            note: "great dragon of the main Japanese Wikipedia entry: sideways jumps to the \
                   second and third square, only the rear diagonals (seed 000, great dragon)",
        },
        AltMove {
            option: "TaiPoisonousSnakeJapanese",
            code: "PS",
            betza: "fR2rlR2fFbW",
            note: "poisonous snake as Japanese Wikipedia gives it: one or two squares forward \
                   or sideways, one step diagonally forward or back (seed 000, poison snake)",
        },
        AltMove {
            option: "TaiEasternBarbarianJapanese",
            code: "EB",
            betza: "fbR2rW",
            note: "eastern barbarian as Japanese Wikipedia gives it: one or two squares forward \
                   or back, one step to the right only (seed 000, eastern barbarian)",
        },
        AltMove {
            option: "TaiFuriousFiendLionDog",
            code: "FF",
            betza: "KNADcaKmcabK[avavW][avavF]HG",
            note: "furious fiend as lion plus lion dog, the reading the seed reports some \
                   players use (seed 000, furious fiend; maka seed 004 NADaKafavK)",
        },
        AltMove {
            option: "TaiGreatElephantLion",
            code: "GE",
            betza: "[avavW][avavF]DAHGrlR5bB5",
            note: "great elephant keeping the lion dog's power, with 4th and 5th square \
                   slides sideways and diagonally back (seed 000, great elephant)",
        },
        AltMove {
            option: "TaiGuardianForwardDiagonals",
            code: "GG",
            betza: "R3fF",
            note: "guardian of the gods stepping diagonally forward only, as the maka dai dai \
                   seed 004 gives it (R3fF)",
        },
        AltMove {
            option: "TaiFreeBearNoJump",
            code: "FBE",
            betza: "BrlR",
            note: "free bear without the forward knight jump, as the maka dai dai seed 004 \
                   gives it (BrlR)",
        },
    ],
};
