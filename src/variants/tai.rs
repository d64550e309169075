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
//! engine's games, twice (`tuning/piece-values-tai.md`).

use crate::rules::kind::{AltMove, KindDef, PromotionRule, VariantDef};

pub static KINDS: &[KindDef] = &[
    // Royals.
    royal!(kind!("emperor", "E", "天王", "{emperor}", None, 400)),
    royal!(kind!("prince", "CP", "太子", "K", None, 400)),
    // Hook movers.
    kind!("hook mover", "HM", "鉤行", "[RasR]", Some("G"), 2165),
    kind!(
        "long-nosed goblin",
        "LO",
        "天狗",
        "[BasB]W",
        Some("G"),
        1458
    ),
    kind!("capricorn", "CA", "摩羯", "[BasB]", Some("G"), 1206),
    kind!("peacock", "PC", "孔雀", "f[BasB]bB2", Some("G"), 1287),
    // Lion powers.
    kind!(
        "soaring eagle",
        "SE",
        "飛鷲",
        "RbBf[avF]fA",
        Some("G"),
        1898
    ),
    kind!(
        "horned falcon",
        "HF",
        "角鷹",
        "BrlbRf[avW]fD",
        Some("G"),
        1757
    ),
    kind!("lion", "LN", "獅子", "KNADcaKmcabK", Some("FF"), 2260),
    kind!(
        "lion dog",
        "LD",
        "狛犬",
        "[avavW][avavF]DAHG",
        Some("GE"),
        1397
    ),
    // Ranging pieces.
    kind!("queen", "Q", "奔王", "Q", None, 2159),
    kind!("rushing bird", "RB", "行鳥", "BfrlR", Some("FR"), 1895),
    kind!("free demon", "FR", "奔鬼", "fBrlRfbR5", Some("G"), 1638),
    kind!(
        "free dream-eater",
        "FT",
        "奔獏",
        "fBfbRrlR5",
        Some("G"),
        1790
    ),
    kind!("water buffalo", "WB", "水牛", "BrlRfbR2", Some("FT"), 1925),
    kind!("flying ox", "FO", "飛牛", "BfbR", Some("G"), 1583),
    kind!("soldier", "SO", "兵士", "RbB", Some("G"), 1258),
    kind!("dragon king", "DK", "龍王", "RF", None, 1455),
    kind!("dragon horse", "DH", "龍馬", "BW", None, 1410),
    kind!("side chariot", "SC", "走車", "RbF", Some("G"), 1201),
    kind!("rook", "R", "飛車", "R", Some("G"), 1120),
    kind!("bishop", "B", "角行", "B", Some("G"), 989),
    kind!("white horse", "WH", "白駒", "fQbR", Some("G"), 1257),
    kind!("whale", "W", "鯨鯢", "fRbQ", Some("G"), 894),
    kind!(
        "standard bearer",
        "SB",
        "前旗",
        "fQrlR2bQ2",
        Some("G"),
        1548
    ),
    kind!(
        "vermillion sparrow",
        "VS",
        "朱雀",
        "fQbB2bW",
        Some("G"),
        1177
    ),
    kind!("turtle-snake", "TS", "玄武", "fBbRbB2fW", Some("G"), 988),
    kind!(
        "blue dragon",
        "BD",
        "青龍",
        "rlRfrBfbR2flF",
        Some("G"),
        1366
    ),
    kind!(
        "white tiger",
        "WT",
        "白虎",
        "fbRflBrlR2frF",
        Some("G"),
        1054
    ),
    kind!("right chariot", "RC", "右車", "fRfrBblBbW", Some("G"), 1046),
    kind!("left chariot", "LC", "左車", "fRflBbrBbW", Some("G"), 962),
    kind!("side dragon", "SI", "横龍", "fRrlRbW", Some("G"), 1019),
    kind!("golden bird", "GO", "金翅", "fbRrlR2B3", Some("G"), 1242),
    kind!("great dragon", "GD", "大龍", "rlRfbR2B3", Some("G"), 1185),
    kind!(
        "white elephant",
        "WE",
        "白象",
        "bBfQ2rlR2bR2",
        Some("G"),
        852
    ),
    kind!("golden deer", "GL", "金鹿", "fBbB2", Some("G"), 850),
    kind!("silver hare", "SV", "銀兎", "bBfB2", Some("G"), 700),
    kind!("side mover", "SM", "横行", "rlRfbW", Some("G"), 479),
    kind!("vertical mover", "VM", "竪行", "fbRrlW", Some("G"), 532),
    kind!("reverse chariot", "RV", "反車", "fbR", Some("G"), 574),
    kind!("howling dog", "HD", "𠵇犬", "fRbW", Some("G"), 550),
    kind!("ram's-head soldier", "RS", "羊兵", "fB", Some("G"), 724),
    kind!("lance", "L", "香車", "fR", Some("G"), 494),
    kind!("blind bear", "BB", "盲熊", "FbR", Some("FBE"), 348),
    // Limited-range pieces.
    kind!("dove", "D", "鳩槃", "R2B5", Some("G"), 692),
    kind!("she-devil", "SD", "夜叉", "B2R5", Some("G"), 758),
    kind!("wrestler", "WR", "力士", "B3rlW", Some("G"), 369),
    kind!("guardian of the gods", "GG", "金剛", "R3F", Some("G"), 391),
    kind!("buddhist devil", "BU", "羅刹", "fB3rlbW", Some("G"), 304),
    kind!("fierce eagle", "FE", "猛鷲", "rlR2bB2fK", Some("G"), 400),
    kind!("old kite", "OK", "古鵄", "R2fF", Some("LO"), 350),
    kind!("violent ox", "VO", "猛牛", "R2", Some("G"), 300),
    kind!("flying dragon", "FD", "飛龍", "B2", Some("G"), 300),
    kind!("old rat", "OR", "老鼠", "fB2bR2", Some("BA"), 184),
    kind!("enchanted badger", "EN", "変狸", "fR2rlR2", Some("D"), 253),
    kind!("flying horse", "FH", "馬麟", "fB2W", Some("Q"), 298),
    kind!("prancing stag", "PR", "踊鹿", "rlR2FfW", Some("SQ"), 359),
    kind!("violent bear", "VB", "猛熊", "fB2rlW", Some("G"), 263),
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
        298
    ),
    kind!(
        "western barbarian",
        "WS",
        "西戎",
        "rlR2fbWfF",
        Some("LD"),
        297
    ),
    kind!("wood general", "WO", "木将", "fB2", Some("G"), 147),
    // Jumping pieces.
    kind!("phoenix", "PH", "鳳凰", "WA", Some("GO"), 307),
    kind!("kirin", "KR", "麒麟", "FD", Some("GD"), 297),
    kind!("poisonous snake", "PS", "毒蛇", "fDbArlW", Some("HM"), 200),
    kind!("donkey", "DO", "驢馬", "WfbD", Some("G"), 98),
    kind!("knight", "N", "桂馬", "ffN", Some("G"), 100),
    // Step movers.
    kind!("drunk elephant", "DE", "醉象", "FfrlW", Some("CP"), 301),
    kind!("neighbor king", "NK", "近王", "K", Some("SB"), 402),
    kind!("blind tiger", "BT", "盲虎", "FrlbW", Some("FTI"), 296),
    kind!("blind monkey", "BM", "盲猿", "FrlW", Some("G"), 276),
    kind!("ferocious leopard", "FL", "猛豹", "FfbW", Some("FLE"), 301),
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
    kind!("gold general", "G", "金将", "WfF", Some("FG"), 264),
    kind!("silver general", "S", "銀将", "FfW", Some("FS"), 200),
    kind!("copper general", "C", "銅将", "fKbW", Some("FC"), 200),
    kind!("tile general", "T", "瓦将", "fFbW", Some("FTL"), 100),
    kind!("iron general", "I", "鉄将", "fK", Some("FI"), 197),
    kind!("stone general", "SG", "石将", "fF", Some("FST"), 100),
    kind!("earth general", "EA", "土将", "fbW", Some("FEA"), 100),
    kind!("go-between", "GB", "仲人", "fbW", Some("FGB"), 102),
    kind!("pawn", "P", "歩兵", "fW", Some("G"), 100),
    // Kinds that appear only by promotion.
    promoted!("furious fiend", "FF", "奮迅", "KNADcaKmcabKQ3", 2456),
    promoted!("great elephant", "GE", "大象", "rlR5bB5fB3fbR3", 1036),
    promoted!("teaching king", "TK", "教王", "Q[avavW][avavF]DAHG", 2900),
    promoted!("buddhist spirit", "BS", "法性", "QNADcaKmcabK", 3500),
    promoted!("bat", "BA", "蝙蝠", "fRbB", 1303),
    promoted!("square mover", "SQ", "方行", "RfF", 1289),
    promoted!("fragrant elephant", "FRE", "香象", "fBR2bB2", 1196),
    promoted!("wizard stork", "WIZ", "仙鶴", "BfRbW", 1546),
    promoted!("mountain witch", "MW", "山母", "BbRfW", 1198),
    promoted!("free bear", "FBE", "奔熊", "BrlRffN", 1762),
    promoted!("free tiger", "FTI", "奔虎", "BrlbR", 1792),
    promoted!("free leopard", "FLE", "奔豹", "BfbR", 1661),
    promoted!("free dragon", "FDR", "奔龍", "RbB", 1430),
    promoted!("free wolf", "FWO", "奔狼", "frlQ", 1660),
    promoted!("free boar", "FBO", "奔猪", "BrlR", 1817),
    promoted!("free cat", "FCA", "奔猫", "B", 1000),
    promoted!("free snake", "FSN", "奔蛇", "fbRbB", 912),
    promoted!("free gold", "FG", "奔金", "RfB", 2000),
    promoted!("free silver", "FS", "奔銀", "BfR", 1550),
    promoted!("free copper", "FC", "奔銅", "fbRfB", 1487),
    promoted!("free tile", "FTL", "奔瓦", "fBbR", 1127),
    promoted!("free iron", "FI", "奔鉄", "fQ", 1260),
    promoted!("free stone", "FST", "奔石", "fB", 747),
    promoted!("free earth", "FEA", "奔土", "fbR", 600),
    promoted!("free go-between", "FGB", "奔人", "fbR", 535),
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
