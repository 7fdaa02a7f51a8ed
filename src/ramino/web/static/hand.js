// The seat's hand: its cards followed from one state to the next (each keeps its key, and its
// pick, while it stays in the hand), sorted by suit or by rank, and drawn as a row of buttons
// to pick by click, tap, arrows and space, or to drag onto a meld or the pozzo.

import { cardName, parseCode } from './cards.js';
import { cardFace } from './cardviews.js';
import { h } from './dom.js';
import { currentLang, t } from './i18n.js';
import { roundKey } from './tablestate.js';

const SUIT_ORDER = { C: 0, D: 1, S: 2, H: 3 };
const RANK_ORDER = { A: 1, J: 11, Q: 12, K: 13 };

const rankOf = (code) => {
  const card = parseCode(code);
  return card.joker ? 99 : (RANK_ORDER[card.rank] ?? Number(card.rank));
};
const suitOf = (code) => {
  const card = parseCode(code);
  return card.joker ? 9 : SUIT_ORDER[card.suit];
};

// The new hand of `server` (a state message) against the hand `state` holds: a card still there
// keeps its key (and its pick); where fewer of a code are left, the picked ones go first, so that
// a pick never outlives the card it names (nor passes to its twin). A card come from the tallone
// or the pozzo in one's own turn is the one drawn: `drew` names it when it came from the tallone.
export function followHand(state, server) {
  const view = server?.observation;
  // A rematch counts its rounds from 1 again: a round is its match's and its number.
  const round = server ? roundKey(server) : null;
  const hand = view?.hand ?? [];
  const newRound = state.cardsOf !== round;
  const before = newRound ? [] : state.cards;
  const chosen = new Set(newRound ? [] : state.selected);
  let keys = state.keys;
  const left = new Map();
  for (const code of hand) left.set(code, (left.get(code) ?? 0) + 1);
  const kept = [];
  for (const code of new Set(before.map((card) => card.code))) {
    const same = before.filter((card) => card.code === code);
    const keep = same.length - (left.get(code) ?? 0);
    // Picked cards first out, then the others; the rest keep their place.
    const out = new Set(
      [...same.filter((card) => chosen.has(card.key)), ...same.filter((card) => !chosen.has(card.key))]
        .slice(0, Math.max(0, keep))
        .map((card) => card.key),
    );
    kept.push(...same.filter((card) => !out.has(card.key)));
    left.set(code, Math.max(0, (left.get(code) ?? 0) - (same.length - out.size)));
  }
  const added = [];
  for (const [code, count] of left) {
    for (let i = 0; i < count; i++) {
      keys += 1;
      added.push({ key: keys, code });
    }
  }
  const fresh = before.length > 0 || added.length === 0;
  const cards = [...kept, ...added];
  const present = new Set(cards.map((card) => card.key));
  const selected = [...chosen].filter((key) => present.has(key));
  const mine = view && view.seat !== null && view.to_play === view.seat && !view.over;
  const last = mine ? (view.history.at(-1) ?? '') : '';
  const move = last.slice(last.indexOf(':') + 1).trim().split(' ')[0];
  let drawn = newRound ? null : state.drawn;
  if (!mine || !present.has(drawn)) drawn = null;
  let drewAt = state.drewAt;
  let drew = null;
  if (fresh && mine && added.length === 1 && ['draw', 'take'].includes(move) && last.startsWith(`${view.seat}:`)) {
    drawn = added[0].key;
    drewAt = new Map(drewAt).set(`${round}:${view.history.length - 1}`, added[0].code);
    if (move === 'draw') drew = added[0].code;
  }
  return { change: { cards, cardsOf: round, keys, selected, drawn, drewAt }, drew };
}

export function sortedHand(cards, sort) {
  const key =
    sort === 'rank' ? (code) => [rankOf(code), suitOf(code)] : (code) => [suitOf(code), rankOf(code)];
  return [...cards].sort((a, b) => {
    const [x1, y1] = key(a.code);
    const [x2, y2] = key(b.code);
    return x1 - x2 || y1 - y2 || a.key - b.key;
  });
}

// The arrows, Home and End move along the hand.
function handKeys(event, index, count) {
  const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -index, End: count - 1 - index };
  if (event.key in moves) {
    event.preventDefault();
    const next = Math.min(Math.max(index + moves[event.key], 0), count - 1);
    document.getElementById(`hand-card-${next}`)?.focus();
  }
}

function cardButton(state, actions, { key, code }, index, count) {
  const taken = state.selected.includes(key);
  const drawn = key === state.drawn;
  return h(
    'button',
    {
      type: 'button',
      id: `hand-card-${index}`,
      class: `card-button${taken ? ' selected' : ''}${drawn ? ' drawn' : ''}`,
      'aria-pressed': String(taken),
      'aria-label': drawn ? `${cardName(code, currentLang())}, ${t('just_drawn')}` : cardName(code, currentLang()),
      // One stop for the whole hand on Tab; the arrows move along it.
      tabindex: index === Math.min(state.cursor, count - 1) ? '0' : '-1',
      onfocus: () => actions.focusCard(index),
      'data-card': code,
      onclick: () => actions.pick(key, index),
      onkeydown: (event) => handKeys(event, index, count),
      // Dragged onto a meld it attaches, onto the pozzo it is thrown: the picked cards
      // if this is one of them, else this card alone.
      draggable: 'true',
      ondragstart: (event) => actions.dragStart(event, taken ? [...state.selected] : [key]),
      ondragend: actions.dragEnd,
    },
    cardFace(code, { class: `${taken ? 'selected' : ''}${drawn ? ' drawn' : ''}` }),
  );
}

export function render(state, actions) {
  const hand = sortedHand(state.cards, state.sort);
  return h(
    'section',
    { class: 'hand-area', 'aria-labelledby': 'hand-title' },
    h(
      'div',
      { class: 'hand-head' },
      h('h2', { id: 'hand-title' }, t('hand')),
      h('span', { class: 'count' }, t('hand_count', { n: hand.length })),
      h(
        'button',
        { type: 'button', class: 'quiet', id: 'sort', onclick: actions.resort },
        state.sort === 'suit' ? t('sort_rank') : t('sort_suit'),
      ),
    ),
    // Spread, never overlapping: on a phone the hand wraps over rows, a whole card a target.
    h(
      'div',
      { class: 'hand spread', role: 'group', 'aria-labelledby': 'hand-title' },
      hand.map((card, index) => cardButton(state, actions, card, index, hand.length)),
    ),
  );
}
