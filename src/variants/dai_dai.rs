//! Dai dai shogi (17x17): the piece table and setup.
//!
//! The seed `001_10bc9f3f4fd5497c.txt` (the encyclopedia article "Dai dai shogi") lost its
//! piece table, setup and move diagrams; what it keeps (promotion by capture, the piece
//! categories, the lion/hook-mover prose) is followed as written. The moves come from the
//! tai shogi seed `000_aeac2775e706f8dd.txt`, which states that pieces shared with dai dai
//! shogi move the same way, checked piece by piece against public dai dai tables; the
//! piece list and counts are the encyclopedia article's; the setup is the one two
//! independent public implementations agree on. `dai_dai.md` beside this file gives the
//! source of every piece and lists every interpretation.
//!
//! Betza strings use the dialect of `rules::betza` (Black's view, `f` = towards rank a).
//! Codes follow the abbreviation legends of the tai and taikyoku seeds where they exist.
//! Values are centipawns (pawn = 100); no published table for dai dai shogi was found, so
//! they are derived from the German Chu Shogi Association's chu, maka dai dai and tai
//! tables as `tuning/piece-values-dai_dai.md` explains piece by piece. The values of
//! the 33 kinds seen most often were then fitted to 500 games of the engine against
//! itself (`large-shogi tune`), and the 62 seen in 500 positions or more to 700;
//! that page keeps every set.

use crate::rules::kind::{AltMove, KindDef, PromotionRule, VariantDef};

pub static KINDS: &[KindDef] = &[
    // Royal and the great pieces.
    royal!(kind!("king", "K", "玉将", "K", None, 400)),
    kind!("queen", "Q", "奔王", "Q", None, 1648),
    kind!("hook mover", "HM", "鉤行", "[RasR]", None, 1792),
    kind!("long-nosed goblin", "LO", "天狗", "[BasB]W", None, 1612),
    kind!("lion", "LN", "獅子", "KNADcaKmcabK", Some("FF"), 1781),
    kind!("lion dog", "LD", "狛犬", "KADGH[avavK]", Some("GE"), 1313),
    // Ranging pieces.
    kind!("rushing bird", "RB", "行鳥", "BfsR", Some("FR"), 1643),
    kind!("free demon", "FR", "奔鬼", "BsRvR5", None, 1342),
    kind!("free dream-eater", "FT", "奔獏", "BvRsR5", None, 1384),
    kind!("water buffalo", "WB", "水牛", "BsRvR2", Some("FT"), 1266),
    kind!("dragon king", "DK", "龍王", "RF", None, 1021),
    kind!("dragon horse", "DH", "龍馬", "BW", None, 1002),
    kind!("square mover", "SQ", "方行", "RfF", None, 879),
    kind!("racing chariot", "SC", "走車", "RbF", None, 901),
    kind!("rook", "R", "飛車", "R", None, 832),
    kind!("bishop", "B", "角行", "B", None, 705),
    kind!("standard bearer", "SB", "前旗", "fQsR2bQ2", None, 1190),
    kind!("golden bird", "GO", "金翅", "vRsR2B3", None, 1019),
    kind!("great dragon", "GD", "大龍", "sRvR2B3", None, 1021),
    kind!("fragrant elephant", "FG", "香象", "fBR2bB2", None, 902),
    kind!("white elephant", "WE", "白象", "bBfB2R2", None, 883),
    kind!("white tiger", "WT", "白虎", "vRflBsR2frF", None, 912),
    kind!("blue dragon", "BD", "青龍", "sRfrBvR2flF", None, 930),
    kind!("right chariot", "RC", "右車", "fRfrBblBbW", None, 584),
    kind!("left chariot", "LC", "左車", "fRflBbrBbW", None, 632),
    kind!("side mover", "SM", "横行", "WrlR", None, 463),
    kind!("vertical mover", "VM", "竪行", "WfbR", None, 495),
    kind!("reverse chariot", "RV", "反車", "fbR", None, 455),
    kind!("howling dog", "HD", "𠵇犬", "fRbW", None, 406),
    kind!("lance", "L", "香車", "fR", None, 381),
    // Limited-range pieces.
    kind!("she-devil", "SD", "夜叉", "R5B2", None, 802),
    kind!("dove", "D", "鳩槃", "R2B5", None, 759),
    kind!("old kite", "OK", "古鵄", "R2fF", Some("LO"), 351),
    kind!("violent ox", "VO", "猛牛", "R2", None, 332),
    kind!("flying dragon", "FD", "飛龍", "B2", Some("DK"), 297),
    kind!("flying horse", "FH", "馬麟", "fB2W", Some("Q"), 290),
    kind!("prancing stag", "PR", "踊鹿", "sR2FfW", Some("SQ"), 330),
    kind!(
        "northern barbarian",
        "NB",
        "北狄",
        "fB2sWbF",
        Some("FG"),
        317
    ),
    kind!(
        "southern barbarian",
        "SU",
        "南蛮",
        "bB2sWfF",
        Some("WE"),
        290
    ),
    kind!(
        "eastern barbarian",
        "EB",
        "東夷",
        "vR2sWfF",
        Some("LN"),
        305
    ),
    kind!(
        "western barbarian",
        "WS",
        "西戎",
        "sR2vWfF",
        Some("LD"),
        302
    ),
    kind!("enchanted badger", "EN", "変狸", "fsR2", Some("D"), 251),
    kind!("enchanted fox", "EF", "変狐", "fB2bR2", Some("SD"), 256),
    kind!("old rat", "OR", "老鼠", "fB2bR2", Some("WZ"), 249),
    kind!("savage tiger", "TG", "猛虎", "fFvR2", None, 225),
    kind!("violent bear", "VB", "猛熊", "fB2sW", None, 249),
    kind!("wood general", "WO", "木将", "fB2", None, 203),
    // Jumping pieces.
    kind!("kirin", "KR", "麒麟", "FD", Some("GD"), 282),
    kind!("phoenix", "PH", "鳳凰", "WA", Some("GO"), 281),
    kind!("poisonous snake", "PS", "毒蛇", "fDbAsW", Some("HM"), 224),
    // Step movers.
    kind!("neighboring king", "NK", "近王", "K", Some("SB"), 294),
    kind!("right general", "RG", "右将", "FvlW", None, 300),
    kind!("left general", "LG", "左将", "FvrW", None, 300),
    kind!("blind monkey", "BM", "盲猿", "FsW", Some("MW"), 250),
    kind!("ferocious leopard", "FL", "猛豹", "FfbW", None, 281),
    kind!("gold general", "G", "金将", "WfF", None, 305),
    kind!("evil wolf", "EW", "悪狼", "frlK", None, 231),
    kind!("silver general", "S", "銀将", "FfW", None, 200),
    kind!("copper general", "C", "銅将", "fKbW", None, 208),
    kind!("iron general", "I", "鉄将", "fK", None, 168),
    kind!("angry boar", "AB", "嗔猪", "W", None, 183),
    kind!("cat sword", "CS", "猫刄", "F", Some("DH"), 176),
    kind!("stone general", "SG", "石将", "fF", None, 101),
    kind!("pawn", "P", "歩兵", "fW", None, 100),
    // Kinds that appear only by promotion.
    promoted!("furious fiend", "FF", "奮迅", "KNADcaKmcabKGH[avavK]", 2015),
    promoted!("great elephant", "GE", "大象", "sR5bB5fB3vR3", 823),
    promoted!("mountain witch", "MW", "山母", "BbRfW", 1070),
    promoted!("wizard stork", "WZ", "仙鶴", "BfRbW", 1343),
];

/// Documented alternative readings (see `dai_dai.md`, "Interpretations").
pub static ALTERNATIVES: &[AltMove] = &[
    AltMove {
        option: "DaiDaiPoisonousSnakeSteps",
        code: "PS",
        betza: "fsR2fFbW",
        note: "poisonous snake as the Japanese encyclopedia gives it (tai seed): \
               1-2 forward or sideways, one step diagonally forward or back; no jumps",
    },
    AltMove {
        option: "DaiDaiEasternBarbarianRight",
        code: "EB",
        betza: "vR2rW",
        note: "eastern barbarian as the Japanese encyclopedia gives it (tai seed): \
               1-2 forward or backward, one step to the right",
    },
    AltMove {
        option: "DaiDaiFreeDemonForwardDiagonals",
        code: "FR",
        betza: "fBsRvR5",
        note: "free demon ranging only on the forward diagonals, as the tai seed's \
               description words it",
    },
    AltMove {
        option: "DaiDaiFreeDreamEaterForwardDiagonals",
        code: "FT",
        betza: "fBvRsR5",
        note: "free dream-eater ranging only on the forward diagonals, as the tai seed's \
               description words it",
    },
    AltMove {
        option: "DaiDaiNeighboringKingNoBack",
        code: "NK",
        betza: "FfsW",
        note: "neighboring king without the straight backward step (taikyoku seed; \
               Games::Shogi::DaiDai)",
    },
];

pub static DAI_DAI: VariantDef = VariantDef {
    name: "daidai",
    title: "Dai dai shogi",
    width: 17,
    height: 17,
    kinds: KINDS,
    setup: concat!(
        "l(hm)dr(sq)(dk)(ft)(rg)k(lg)q(fr)(dh)(sc)(sd)(lo)l/",
        "(rv)(ps)(ld)(bm)(fd)(rb)(kr)g(nk)g(ph)(cs)(pr)(or)(ln)(ok)(rv)/",
        "1b1(en)1(fh)1s(gd)s1(wb)1(ef)1(vm)1/",
        "(wt)(we)(su)(eb)(wo)(sg)ic(go)ci(sg)(wo)(ws)(nb)(fg)(bd)/",
        "(rc)(sm)(vo)(ab)(ew)(vb)(fl)(tg)(sb)(tg)(fl)(vb)(ew)(ab)(vo)(sm)(lc)/",
        "ppppppppppppppppp/",
        "5(hd)5(hd)5/17/17/17/5(HD)5(HD)5/",
        "PPPPPPPPPPPPPPPPP/",
        "(LC)(SM)(VO)(AB)(EW)(VB)(FL)(TG)(SB)(TG)(FL)(VB)(EW)(AB)(VO)(SM)(RC)/",
        "(BD)(FG)(NB)(WS)(WO)(SG)IC(GO)CI(SG)(WO)(EB)(SU)(WE)(WT)/",
        "1(VM)1(EF)1(WB)1S(GD)S1(FH)1(EN)1B1/",
        "(RV)(OK)(LN)(OR)(PR)(CS)(PH)G(NK)G(KR)(RB)(FD)(BM)(LD)(PS)(RV)/",
        "L(LO)(SD)(SC)(DH)(FR)Q(LG)K(RG)(FT)(DK)(SQ)RD(HM)L b - 1"
    ),
    promotion: PromotionRule::Capture,
    contagion: &[],
    ranks: &[],
    alternatives: ALTERNATIVES,
};
