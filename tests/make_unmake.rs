//! make/unmake against a fresh build: random games in dai shogi, validating the
//! incremental state (hash, attack maps, piece lists) after every ply and after
//! taking every move back, and after a deferred move taken back unsynced.

mod common;

use common::Rng;
use large_shogi::board::Square;
use large_shogi::perft::game_over;
use large_shogi::position::Position;
use large_shogi::rules::Rules;
use large_shogi::types::{PieceId, Side};
use large_shogi::variants::dai::DAI;

#[test]
fn random_games_match_fresh_builds() {
    let (plies, counted) = random_games::<2>(&DAI, 0x1234_5678_9abc_def1, 12, 300);
    assert!(
        plies > 1000,
        "games were too short to test anything: {plies} plies"
    );
    assert!(
        counted > 200,
        "{counted} moves' mobility counted before the upkeep"
    );
}

/// The same on the bigger boards, fewer and shorter games: there range
/// capturers fly over the lower ranks, and a quiet move across their lines
/// must leave them as they were.
#[test]
fn random_games_match_fresh_builds_on_every_board() {
    use large_shogi::variants::by_name;
    for (name, plies) in [
        (
            "daidai",
            random_games::<3>(by_name("daidai").unwrap(), 7, 2, 200),
        ),
        (
            "makadaidai",
            random_games::<3>(by_name("makadaidai").unwrap(), 8, 2, 200),
        ),
        ("tai", random_games::<5>(by_name("tai").unwrap(), 9, 2, 200)),
        (
            "taikyoku",
            random_games::<11>(by_name("taikyoku").unwrap(), 10, 2, 200),
        ),
    ] {
        let (plies, counted) = plies;
        assert!(plies > 200, "{name}: games too short: {plies} plies");
        assert!(
            counted >= 10,
            "{name}: {counted} moves' mobility counted before the upkeep"
        );
    }
}

/// Plays `games` random games of up to `max_plies` (captures preferred half of
/// the time), validating after every make and checking every unmake against the
/// position it restores; the plies played, and how many moves had their
/// mobility counted before the upkeep (checked against the upkeep's).
fn random_games<const C: usize>(
    def: &'static large_shogi::rules::kind::VariantDef,
    seed: u64,
    games: usize,
    max_plies: usize,
) -> (usize, usize) {
    let rules = Rules::get(def);
    let mut rng = Rng(seed);
    let mut list = Vec::new();
    let mut plies = 0;
    let (mut counted_moves, mut bounded_moves, mut listed_moves) = (0, 0, 0);
    for game in 0..games {
        let mut pos = Position::<C>::from_sfen(rules, def.setup).unwrap();
        // Half of the games keep the search's incremental mobility too (validate
        // checks it against a count from scratch).
        if game % 2 == 0 {
            pos.track_mobility();
        }
        let mut sfens = vec![pos.to_sfen()];
        let mut hashes = vec![pos.hash()];
        for _ in 0..max_plies {
            if game_over(&pos) {
                break;
            }
            list.clear();
            pos.generate(&mut list);
            if list.is_empty() {
                break;
            }
            // A move made without its attack upkeep (the search's lazy stand
            // pat) and taken back unsynced leaves the position as it was.
            let tried = rng.pick_move(&pos, &list);
            pos.make_deferred(tried);
            assert!(pos.is_pending());
            pos.unmake();
            assert!(!pos.is_pending());
            assert_eq!(pos.hash(), *hashes.last().unwrap());
            assert_eq!(&pos.to_sfen(), sfens.last().unwrap());
            pos.validate().unwrap_or_else(|e| {
                let text = tried.to_text(&rules.geo);
                panic!(
                    "after {text} deferred and taken back: {e}\n{}",
                    pos.to_sfen()
                )
            });
            let mv = rng.pick_move(&pos, &list);
            let text = mv.to_text(&rules.geo);
            assert_eq!(pos.parse_move(&text), Ok(mv), "{text} does not parse back");
            // Every other move deferred and synced: the same as `make`.
            if plies % 2 == 0 {
                pos.make(mv);
            } else {
                pos.make_deferred(mv);
                // The mobility counted before the upkeep, where it is, is what
                // the upkeep leaves (quiescence stands pat on it).
                let counted = pos.after_pending().and_then(|a| pos.mobility_after(&a));
                let most = pos.most_taken_after_pending();
                let after = pos.after_pending().map(|after| {
                    // Every square's attackers, and the plain captures all
                    // or onto the mover's square, as the overlay has them.
                    let both = [Side::Black, Side::White];
                    let attackers: Vec<_> = (pos.squares().iter())
                        .map(|sq| both.map(|s| pos.attackers_after(&after, sq as Square, s)))
                        .collect();
                    let ids = pos.pieces_of(Side::Black) | pos.pieces_of(Side::White);
                    let sets: Vec<_> = (ids.iter())
                        .map(|id| (id, pos.attacks_after(&after, id as PieceId)))
                        .collect();
                    let on = pos.last_move().unwrap().to;
                    let listed = |only_on| {
                        let mut pairs = Vec::new();
                        pos.plain_captures_after(&after, only_on, |id, sq| {
                            pairs.push((pos.piece(id).sq, sq));
                            true
                        })
                        .map(|all| {
                            assert!(all, "every capture visited");
                            pairs.sort_unstable();
                            pairs
                        })
                    };
                    (attackers, sets, listed(None), listed(Some(on)), on)
                });
                pos.sync();
                if let Some((attackers, sets, all, onto, on)) = after {
                    for (sq, before) in pos.squares().iter().zip(&attackers) {
                        let now =
                            [Side::Black, Side::White].map(|s| pos.attackers_of(sq as Square, s));
                        assert!(now == *before, "{text}: attackers of square {sq}");
                    }
                    for (id, set) in sets {
                        assert!(
                            pos.attacks_of(id as PieceId) == set,
                            "{text}: attacks of {id}"
                        );
                    }
                    let mut captures = Vec::new();
                    pos.generate_captures(&mut captures);
                    let takes_on = |c| pos.victims(c).contains(&on);
                    for (listed, wanted) in [(all, None), (onto, Some(on))] {
                        let Some(listed) = listed else { continue };
                        let mut pairs: Vec<_> = (captures.iter().copied())
                            .filter(|&c| wanted.is_none() || takes_on(c))
                            .map(|c| {
                                assert!(pos.is_plain(c), "{text}: a capture not plain");
                                (c.from, c.to)
                            })
                            .collect();
                        pairs.sort_unstable();
                        pairs.dedup();
                        assert_eq!(pairs, listed, "{text}: the plain captures listed");
                        listed_moves += 1;
                    }
                }
                if let Some(counted) = counted {
                    let after = [Side::Black, Side::White].map(|s| pos.mobility(s));
                    assert_eq!(counted, after, "{text} counted before its upkeep");
                    counted_moves += 1;
                }
                // No capture takes more than was bounded before the upkeep
                // (quiescence's delta pruning drops them all on it).
                if let Some(most) = most {
                    let mut captures = Vec::new();
                    pos.generate_captures(&mut captures);
                    for c in captures {
                        let mut taken = 0;
                        pos.visit_victims(c, |_, id| taken += pos.exchange_value(id));
                        let c = c.to_text(&rules.geo);
                        assert!(taken <= most, "after {text}, {c} takes {taken} > {most}");
                    }
                    bounded_moves += 1;
                }
            }
            plies += 1;
            pos.validate()
                .unwrap_or_else(|e| panic!("after {text}: {e}\n{}", pos.to_sfen()));
            sfens.push(pos.to_sfen());
            hashes.push(pos.hash());
        }
        // Unmake everything, checking each intermediate position.
        while pos.ply() > 0 {
            pos.unmake();
            sfens.pop();
            hashes.pop();
            assert_eq!(&pos.to_sfen(), sfens.last().unwrap());
            assert_eq!(pos.hash(), *hashes.last().unwrap());
        }
        pos.validate().unwrap();
    }
    assert!(
        bounded_moves > 0 || rules.has_range_capture,
        "no capture bounded before the upkeep"
    );
    assert!(listed_moves > 0, "no capture listed before the upkeep");
    (plies, counted_moves)
}

/// The capture generators used by quiescence (all captures, and those of the
/// pieces that might take on one square), `is_capture` and one piece's
/// generation (`generate_from`) against the full
/// generator filtered by `victims`, along random capture-heavy games of every
/// variant (range captures, lion dogs and emperors included).
#[test]
fn capture_generation_matches_filtered_moves() {
    fn walk<const C: usize>(def: &'static large_shogi::rules::kind::VariantDef, seed: u64) {
        let rules = Rules::get(def);
        let mut rng = Rng(seed);
        let mut pos = Position::<C>::from_sfen(rules, def.setup).unwrap();
        pos.track_mobility();
        // With the advance and the centrality counted (on every board), so
        // that the lazy score checks their changes too.
        let weights = large_shogi::eval::Weights {
            advance: 3,
            center: 2,
            ..Default::default()
        }
        .for_variant(def.name);
        let weights = large_shogi::eval::Weights {
            center_scale: 100,
            ..weights
        };
        let (mut list, mut caps) = (Vec::new(), Vec::new());
        let mut stale: [Vec<_>; 2] = Default::default();
        let (mut captures_seen, mut recaptures_seen) = (0, 0);
        for _ in 0..300 {
            if game_over(&pos) {
                break;
            }
            let royals = pos.royal_count(Side::Black) + pos.royal_count(Side::White);
            list.clear();
            pos.generate(&mut list);
            // Quiescence's captures: the moves that take an enemy (a range move
            // removing only friends is no capture).
            let us = pos.side_to_move();
            let filtered: Vec<_> = (list.iter().copied())
                .filter(|&m| {
                    (pos.victims(m).iter()).any(|&s| pos.piece(pos.piece_at(s).unwrap()).side != us)
                })
                .collect();
            for &m in &list {
                assert_eq!(pos.is_capture(m), !pos.victims(m).is_empty());
            }
            // One piece's moves (the search's check of a table move) are exactly
            // the full list's moves from its square.
            let mut froms: Vec<_> = list.iter().map(|m| m.from).collect();
            froms.dedup();
            for from in froms {
                let mut one = Vec::new();
                pos.generate_from(from, &mut one);
                let expected: Vec<_> = list.iter().copied().filter(|m| m.from == from).collect();
                assert_eq!(one, expected, "{}: {}", def.name, pos.to_sfen());
            }
            // The table's move check: every move here held, and of the moves
            // of the last two positions (a table move from a colliding key)
            // those that are moves here.
            let mut scratch = Vec::new();
            for m in list.iter().chain(&stale[0]).chain(&stale[1]) {
                let text = m.to_text(&rules.geo);
                let held = pos.holds_move(*m, &mut scratch);
                assert_eq!(
                    held,
                    list.contains(m),
                    "{}: {text}: {}",
                    def.name,
                    pos.to_sfen()
                );
            }
            stale = [list.clone(), std::mem::take(&mut stale[0])];
            caps.clear();
            pos.generate_captures(&mut caps);
            assert_eq!(caps, filtered, "{}: {}", def.name, pos.to_sfen());
            captures_seen += filtered.len();
            // What quiescence works out before a capture: the material,
            // promotion potential, advance and centrality it changes, and the
            // reply's lazy score.
            let before = [pos.material(), pos.potential(), pos.advance(), pos.center()];
            for &m in &filtered {
                let change = pos.capture_change(m);
                let after =
                    change.and_then(|c| large_shogi::eval::evaluate_after(&pos, &weights, c));
                pos.make_deferred(m);
                let takes_royal =
                    pos.royal_count(Side::Black) + pos.royal_count(Side::White) < royals;
                let reply = large_shogi::eval::evaluate_deferred(&pos, &weights);
                let actual = [
                    pos.material() - before[0],
                    pos.potential() - before[1],
                    pos.advance() - before[2],
                    pos.center() - before[3],
                ];
                pos.unmake();
                let text = m.to_text(&rules.geo);
                match change {
                    Some(c) => {
                        assert_eq!(c, actual, "{}: {text}: {}", def.name, pos.to_sfen());
                        assert_eq!(after.map(|a| -a), reply, "{}: {text}", def.name);
                    }
                    None => assert!(takes_royal, "{}: {text} takes no royal", def.name),
                }
            }
            // Deep quiescence's recaptures: the captures taking on one square, from
            // only the pieces that might take there.
            let mut squares: Vec<_> = pos.last_move().map(|m| m.to).into_iter().collect();
            squares.extend(filtered.iter().map(|m| m.to).take(4));
            for sq in squares {
                let takes = |m: &large_shogi::moves::Move| pos.victims(*m).contains(&sq);
                let mut near = Vec::new();
                pos.generate_captures_near(sq, &mut near);
                near.retain(takes);
                let expected: Vec<_> = filtered.iter().copied().filter(takes).collect();
                assert_eq!(near, expected, "{}: on {sq}: {}", def.name, pos.to_sfen());
                recaptures_seen += expected.len();
            }
            let pool = if filtered.is_empty() {
                &list
            } else {
                &filtered
            };
            if pool.is_empty() {
                break;
            }
            pos.make(*rng.pick(pool));
            pos.validate()
                .unwrap_or_else(|e| panic!("{}: {e}\n{}", def.name, pos.to_sfen()));
        }
        while pos.ply() > 0 {
            pos.unmake();
        }
        pos.validate().unwrap();
        assert!(captures_seen > 20, "{}: {captures_seen} captures", def.name);
        assert!(
            recaptures_seen > 20,
            "{}: {recaptures_seen} recaptures",
            def.name
        );
    }
    use large_shogi::variants::by_name;
    walk::<2>(by_name("dai").unwrap(), 1);
    walk::<3>(by_name("daidai").unwrap(), 2);
    walk::<3>(by_name("makadaidai").unwrap(), 3);
    walk::<5>(by_name("tai").unwrap(), 4);
    walk::<11>(by_name("taikyoku").unwrap(), 5);
}
