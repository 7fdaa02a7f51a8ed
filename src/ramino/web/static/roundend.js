// The end of a round and of the match: the score sheet's dialog (with, after a round, how it
// ended, the table and every hand as they were, the check of the deal and its proof), the
// words that say who closed and who won, and the round's last moves for the log.

import { cardName } from './cards.js';
import { cardFace } from './cardviews.js';
import { dealLabel } from './dealcheck.js';
import { dialog } from './dialogs.js';
import { h } from './dom.js';
import { currentLang, namesWords, t } from './i18n.js';
import { blindLine, dealLine, inEachLang, keptLines } from './log.js';
import { bonusWords, handWords } from './knocking.js';
import { kindWord } from './melds.js';
import { tell } from './moves.js';
import { earlierMatches, sheetTable } from './sheetview.js';
import { roundKey } from './tablestate.js';

const names = (codes) => codes.map((code) => cardName(code, currentLang())).join(', ');

// The sheet's line of the round just over, if it is there.
const endedLine = (server) => (server?.sheet ?? []).find((entry) => entry.number === server.ended_round);

export function endingWords(state) {
  const how = state.server?.ended_by;
  if (!how) return '';
  const view = state.server.ended ?? state.server.observation;
  const players = view?.seats.map((seat) => seat.name) ?? [];
  // Gin rummy: who knocked and what the hand came to, or a hand void.
  const note = endedLine(state.server)?.knock;
  if (note) return handWords(note, state.info?.rules, view?.seat === null ? null : players[view?.seat]);
  if (how.reason === 'went_out') {
    // `out` is a seat of the round, as the ended view's own `seat` is.
    const mine = how.out === view?.seat;
    // Where nothing is laid during play (pokerato) every close is made in one turn: no news.
    const knobs = state.info?.rules?.knobs;
    const oneTurn = how.in_one_turn && knobs?.melding_during_play !== false;
    // Pokerato: a close that multiplies the stake (the chips the sheet shows moved say how much).
    const closing = endedLine(state.server)?.closing;
    const times = {
      flush: knobs?.flush_stake_multiplier,
      straight: knobs?.straight_flush_stake_multiplier,
      royal: knobs?.royal_stake_multiplier,
    }[closing];
    const betting = (knobs?.betting ?? 'none') !== 'none';
    // Elsewhere (Casertano) a close of another kind scores and is credited apart: said too.
    let stake = '';
    if (betting && times > 1) stake = t('stake_times', { closing: t(`with_${closing}`), times });
    else if (!betting && closing && closing !== 'simple') stake = ` ${t(`closed_${closing}`)}.`;
    // A scempio (enciclopedia): the messa is not paid now, and the next round's is higher.
    const scempio = oneTurn && knobs?.rummy_bonus === 'scempio' ? t('scempio', { n: nextMessa(state.server, knobs) }) : '';
    return (mine ? t('went_out_you') : t('went_out', { name: players[how.out] ?? '?' })) + (oneTurn ? t('in_one_turn') : '') + scempio + stake;
  }
  if (how.reason === 'all_folded') return t('all_folded', { name: players[how.out] ?? '?' });
  return t(how.reason, { n: state.info?.rules?.knobs?.max_turns }) + capWinners(state, players[view?.seat]);
}

// Who won a round a cap stopped, `me` in the second person: the lowest hands, or nobody where
// everyone scores his own.
function capWinners(state, me) {
  const knobs = state.info?.rules?.knobs;
  const hands = endedLine(state.server)?.hand_points;
  if (!knobs || !hands || !Object.keys(hands).length) return '';
  if (knobs.on_round_cap === 'all_score') return t('cap_all_score');
  const lowest = Math.min(...Object.values(hands));
  const winners = Object.keys(hands).filter((name) => hands[name] === lowest);
  const others = winners.filter((name) => name !== me);
  const names = namesWords(others);
  if (others.length < winners.length) return others.length ? t('cap_won_you_and', { names }) : t('cap_won_you');
  return t('cap_won', { names, n: others.length });
}

// The messa of the round after the one just ended, as the engine keeps it: each scempio raises
// it by the rules' messa, a round that paid it brings it back, a round nobody lost keeps it.
function nextMessa(server, knobs) {
  const messa = knobs?.messa ?? 0;
  let level = messa;
  for (const line of server?.sheet ?? []) {
    if (line.number > server.ended_round) break;
    if (line.out !== null && line.in_one_turn) level += messa;
    else if (line.messa) level = messa;
  }
  return level;
}

// How a loser's points came to be, in words, where more than his hand's count went into them
// (the rounding, the close in one turn, the messa); '' where they are his hand's count, or
// where they add up otherwise (a capped round's winner, the closer).
export function pointsMadeOf(line, name, knobs) {
  const hand = line?.hand_points?.[name];
  const scored = line?.scores?.[name];
  if (hand === undefined || !scored || name === line.out || !knobs) return '';
  const parts = [t('made_hand', { n: hand })];
  let points = hand;
  if (knobs.rounding === 'tens') {
    points = Math.floor((hand + 5) / 10) * 10;
    if (points !== hand) parts.push(t('made_rounded', { n: points, hand }));
  }
  if (line.in_one_turn && line.out !== null && knobs.rummy_bonus === 'double') {
    points *= 2;
    parts.push(t('made_doubled', { n: points }));
  } else if (line.in_one_turn && line.out !== null && knobs.rummy_bonus === 'add') {
    points += knobs.rummy_bonus_points ?? 0;
    parts.push(t('made_added', { n: knobs.rummy_bonus_points ?? 0 }));
  }
  if (line.messa) {
    points += line.messa;
    parts.push(t('made_messa', { n: line.messa }));
  }
  return parts.length > 1 && points === scored ? parts.join(', ') : '';
}

export function winnerWords(state) {
  const rated = standingWords(state.server?.standing, state.welcome?.name);
  if (rated) return rated;
  const winner = state.server?.winner;
  if (!winner) return t('draw_match');
  return winner === state.welcome?.name ? t('winner_you') : t('winner', { name: winner });
}

// A rated match someone was not at the table at the end of: its winner is the ratings'
// (he finishes last, whatever the computer made of his seat), and the words say why, to `me`
// in the second person (no one: the match's sheet on its own page). Null for any other match.
export function standingWords(standing, me) {
  const left = (standing ?? []).filter((line) => line.left);
  if (!left.length) return null;
  const firsts = standing.filter((line) => line.place === 1 && !line.left);
  const first = firsts.length !== 1 ? t('rated_draw') : firsts[0].name === me ? t('rated_winner_you') : t('rated_winner', { name: firsts[0].name });
  const others = left.filter((line) => line.name !== me).map((line) => line.name);
  const names = namesWords(others);
  let why;
  if (others.length < left.length) why = others.length ? t('rated_left_you_and', { names }) : t('rated_left_you');
  else why = t('rated_left', { names, n: others.length });
  return `${first}: ${why}`;
}

// A round just over and not yet in the log: its deal, its moves and how it ended go there (before
// the table is drawn anew, so that only what is new is marked new). Null if there is none.
export function roundOver(state) {
  const server = state.server;
  if (!server.ended_round || server.ended_round <= state.shownEnded) return null;
  const ended = server.ended;
  if (!ended) return { shownEnded: server.ended_round };
  const players = ended.seats.map((seat) => seat.name);
  const drew = (i) => state.drewAt.get(`${roundKey({ match: server.match, round: server.ended_round })}:${i}`);
  const round = server.ended_round;
  return {
    shownEnded: round,
    past: [
      ...state.past,
      inEachLang(() => dealLine(ended, round)),
      ...(blindLine(ended, state.info?.rules?.knobs) ? [inEachLang(() => blindLine(ended, state.info?.rules?.knobs))] : []),
      ...keptLines(() => tell(ended.history, players, ended.seat, drew, ended.table, ended.bets)),
      inEachLang(() => endingWords(state)),
    ],
  };
}

// The table as the round ended: the next one is already dealt behind this sheet.
function endedMelds(melds) {
  if (!melds.length) return null;
  return h(
    'ul',
    { class: 'ended-melds', 'aria-label': t('melds') },
    melds.map((meld) => {
      const head = t('meld_of', { kind: kindWord(meld), owner: meld.owner });
      return h(
        'li',
        { 'aria-label': `${head}: ${names(meld.cards)}` },
        h('span', { class: 'meld-head', 'aria-hidden': 'true' }, head),
        h('span', { class: 'meld-cards', 'aria-hidden': 'true' }, meld.cards.map((code) => cardFace(code))),
      );
    }),
  );
}

// Each hand as the round ended, as the terminal shows it: who closed, the cards left and how
// many, and the round's points (`points`: not at a table played for chips, which counts none).
// Under gin rummy each hand's deadwood and the points it won (the bonuses of the match's end
// apart, said under the table).
// Who closed, in the second person for the page's own seat: «ha chiuso», «hai chiuso».
const closerMark = (knocked, you) => `${knocked ? 'knocked_mark' : 'closed_mark'}${you ? '_you' : ''}`;

export function endedHands(server, points = true, knobs = null) {
  const view = server.ended;
  if (!view || !server.ended_hands) return null;
  const line = endedLine(server);
  const note = line?.knock;
  const closer = server.ended_by?.reason === 'went_out' ? server.ended_by.out : null;
  const rows = view.seats.map((seat, number) => {
    const cards = server.ended_hands[number] ?? [];
    const name = number === view.seat ? `${seat.name} (${t('you')})` : seat.name;
    const scored = note ? note.points[seat.name] : line?.scores?.[seat.name];
    return h(
      'tr',
      { class: number === closer ? 'closed' : null },
      h('th', { scope: 'row' }, name, number === closer ? ` · ${t(closerMark(note, number === view.seat))}` : ''),
      h(
        'td',
        { 'aria-label': cards.length ? names(cards) : t('no_cards_left') },
        h('span', { class: 'meld-cards', 'aria-hidden': 'true' }, cards.map((code) => cardFace(code))),
      ),
      note
        ? h('td', { class: 'left-count' }, String(note.deadwood[seat.name] ?? '—'))
        : h('td', { class: 'left-count' }, t('cards_n', { n: cards.length })),
      points ? pointsCell(scored, note ? '' : pointsMadeOf(line, seat.name, knobs)) : null,
    );
  });
  const column = (key) => h('th', { scope: 'col' }, t(key));
  return h(
    'table',
    { class: 'ended-hands', id: 'ended-hands' },
    h('caption', {}, t('hands_at_end')),
    h('thead', {}, h('tr', {}, column('player_col'), column('left_col'), column(note ? 'deadwood_col' : 'count_col'), points ? column('points_col') : null)),
    h('tbody', {}, rows),
  );
}

// A hand's points, and under them how they came to be.
function pointsCell(scored, madeOf) {
  return h(
    'td',
    { class: 'points' },
    scored === undefined ? '—' : String(scored),
    madeOf ? h('small', { class: 'made-of' }, madeOf) : null,
  );
}

// Gin rummy's bonuses at the match's end: the hands each won, and the game.
function bonusLines(state) {
  const server = state.server;
  const view = server.ended;
  const me = view && view.seat !== null ? view.seats[view.seat]?.name : null;
  const lines = bonusWords(endedLine(server)?.knock, me);
  return lines.length ? h('p', { class: 'bonuses', id: 'bonuses' }, lines.join(' ')) : null;
}

// What was promised before the deal and what was revealed after it, for anyone to check
// again (ramino verify, or docs/shuffle.md by hand).
function proofDetails(proof) {
  const item = (label, value) => h('li', {}, `${label}: `, h('code', {}, value));
  return h(
    'details',
    { class: 'proof', id: 'proof' },
    h('summary', {}, t('proof_title')),
    h(
      'ul',
      {},
      item(t('proof_commitment'), proof.commitment),
      item(t('proof_secret'), proof.secret),
      item(t('proof_nonces'), proof.nonces.map((n, i) => `${proof.players?.[i] ?? i}: ${n || '—'}`).join(' · ')),
      item(t('proof_order'), `${proof.order.slice(0, 12).join(' ')} … (${proof.deck_size})`),
    ),
  );
}

function roundParts(state) {
  const server = state.server;
  const proof = server.revealed;
  return [
    h('p', { class: 'ending' }, endingWords(state)),
    endedMelds(server.ended?.table ?? []),
    endedHands(server, (state.info?.rules?.knobs?.betting ?? 'none') === 'none', state.info?.rules?.knobs),
    bonusLines(state),
    h('p', { class: 'fair', id: 'fair', role: 'status' }, state.fair.get(dealLabel({ match: server.match, round: server.ended_round })) ?? t('fair_checking')),
    proof?.round === server.ended_round ? proofDetails(proof) : null,
  ];
}

// The score sheet, after a round (`afterRound`) or asked for; `then`, once it is closed.
export function showSheet(state, afterRound, then) {
  const server = state.server;
  const parts = afterRound && server?.ended_round ? roundParts(state) : [];
  if (server?.match_over) parts.push(h('p', { class: 'winner' }, winnerWords(state)));
  parts.push(sheetTable(server?.sheet ?? []));
  // A rematch: the matches before it keep their sheets, a link away.
  if (!afterRound) parts.push(earlierMatches(state.tableId, server?.match));
  const title = server?.match_over
    ? t('match_over')
    : afterRound
      ? t('round_over', { n: server.ended_round })
      : t('sheet');
  dialog(title, h('div', {}, parts), [
    [t('print'), () => window.print(), 'print-sheet'],
    [afterRound ? t('next_round') : t('close'), null, 'close-sheet'],
  ], { printable: true, onclose: then });
}
