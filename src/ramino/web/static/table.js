// A table: sit down with a nickname (or come back with the seat kept in this browser), then
// play over the table's WebSocket (docs/protocol.md). The page shows the seat's own state,
// as the server sends it, and nothing else: it never holds a card its player may not see.

import { ApiError, call, forgetSeat, guestName, inviteLink, nonceFor, savedSeat, saveSeat } from './api.js';
import { cardBackSvg, cardLabel, cardName, cardSvg, parseCode } from './cards.js';
import { h, patch } from './dom.js';
import { dealChecked, keepDealtHand } from './dealcheck.js';
import { ask, dialog, dialogOpen } from './dialogs.js';
import { currentLang, refusal, said, t } from './i18n.js';
import { clause, matching, readMove, tell } from './moves.js';
import { sheetTable } from './sheetview.js';

const RECONNECT_WAIT = [500, 1000, 2000, 4000];
// How long each of the others' moves stays under the pozzo.
const REPLAY_MS = 900;
const CLOSE_BAD_TOKEN = 4401;
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

export function showTable(main, tableId) {
  const page = {
    info: null,
    rulesInfo: null,
    seat: savedSeat(tableId),
    socket: null,
    welcome: null,
    state: null,
    // The hand as cards one can tell apart (twins of two decks too): each a key and a code,
    // kept from state to state; the picks are keys of cards in it, never codes.
    cards: [],
    cardsOf: null,
    keys: 0,
    selected: [],
    drawn: null,
    // The cards one drew from the tallone, by round and place in its history: the log says them.
    drewAt: new Map(),
    logFollows: true,
    sort: localStorage.getItem('ramino.sort') === 'rank' ? 'rank' : 'suit',
    mode: null,
    cursor: 0,
    myTurn: false,
    toldLang: null,
    hinting: false,
    replay: [],
    replaying: false,
    replayed: { round: 0, count: 0 },
    pending: new Map(),
    message: null,
    past: [],
    told: [],
    fresh: 0,
    dragging: null,
    meldsSeen: { round: 0, keys: new Set(), fresh: new Set() },
    shownEnded: 0,
    clock: null,
    nonceFor: null,
    fair: new Map(),
    waits: 0,
    closed: false,
    ids: 0,
  };

  // --- the connection ---

  // A seat's socket; without a seat, a spectator's, which is told what the whole table sees.
  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const base = `${scheme}://${location.host}/api/tables/${tableId}`;
    const socket = page.watching
      ? new WebSocket(`${base}/watch`)
      : new WebSocket(`${base}/play?token=${encodeURIComponent(page.seat.token)}`);
    page.socket = socket;
    socket.addEventListener('open', () => {
      page.waits = 0;
      page.hinting = false;
      // Moves not answered before the connection was lost: again, under the same ids.
      for (const [id, action] of page.pending) send({ type: 'act', id, action });
      // The last round's sheet read already: the clock need not wait for it (a new server).
      if (!page.watching && seenRound()) send({ type: 'seen', round: seenRound() });
    });
    socket.addEventListener('message', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      received(message);
    });
    socket.addEventListener('close', (event) => {
      if (page.socket !== socket) return;
      page.socket = null;
      if (event.code === CLOSE_BAD_TOKEN && !page.watching) {
        forgetSeat(tableId);
        page.seat = null;
        page.message = { text: t('bad_token'), error: true };
        draw();
        return;
      }
      if (page.closed || page.state?.match_over) return;
      say(t('reconnecting'), true);
      const wait = RECONNECT_WAIT[Math.min(page.waits, RECONNECT_WAIT.length - 1)];
      page.waits += 1;
      setTimeout(connect, wait);
    });
  }

  function resend() {
    for (const [id, action] of page.pending) send({ type: 'act', id, action });
  }

  function send(message) {
    if (page.socket?.readyState === WebSocket.OPEN) page.socket.send(JSON.stringify(message));
  }

  function received(message) {
    switch (message.type) {
      case 'welcome':
        page.welcome = message;
        say('');
        break;
      case 'state':
        if (message.round === 0) refreshInfo();
        page.state = message;
        followHand();
        offerNonce();
        keepDealtHand(tableId, page.state);
        const over = roundJustOver();
        queueReplay();
        draw();
        sayTurn();
        afterRound(over);
        break;
      case 'ack': {
        const action = page.pending.get(message.id);
        page.pending.delete(message.id);
        // Cards picked before the draw (or a bet) stay picked: they are the plan.
        if (action && !['draw', 'take', 'call', 'fold', 'raise'].includes(action.split(' ')[0])) {
          page.selected = [];
          draw();
        }
        break;
      }
      case 'refused':
        page.pending.delete(message.id);
        say(said(message.message), true);
        break;
      case 'error':
        say(said(message.message), true);
        // Not applied, and the server cannot say which: the move waiting goes again, under
        // its id, so that it is applied once whether or not it was the one refused.
        if (page.pending.size) setTimeout(resend, 1000);
        break;
      case 'notice': {
        // What the table played for the seat, told as the log tells every move.
        const moves = message.moves ?? [];
        const told = moves.length ? ` ${tell(moves.map((move) => `0: ${move}`), [], 0)[0]}` : '';
        say(said(message.message) + told, false);
        break;
      }
      case 'hint':
        page.hinting = false;
        say((message.lines?.[currentLang()] ?? []).join(' '), false);
        break;
      case 'clock':
        page.clock = { ...message, at: performance.now() };
        drawClock();
        break;
      default:
        break;
    }
  }

  // The seat's part of the next deal, one per commitment (docs/shuffle.md): the server keeps
  // the first it is given for a deal, so after a reload the same one is sent again.
  function offerNonce() {
    const next = page.state?.next_commitment;
    if (page.watching || !next || page.nonceFor === next) return;
    page.nonceFor = next;
    send({ type: 'nonce', nonce: nonceFor(tableId, next) });
  }

  function refreshInfo() {
    call('GET', `/api/tables/${tableId}`)
      .then((info) => {
        page.info = info;
        if (page.state?.round === 0) draw();
      })
      .catch(() => {});
  }

  // The others' moves since the last state, shown one after another under the pozzo: the
  // computer's turns arrive all at once after yours, and this lets one follow them.
  function queueReplay() {
    const view = page.state?.observation;
    if (!view) return;
    const round = page.state.round;
    const seen = page.replayed.round === round ? page.replayed.count : 0;
    const names = view.seats.map((seat) => seat.name);
    for (const entry of view.history.slice(seen)) {
      const at = entry.indexOf(':');
      const seat = Number(entry.slice(0, at));
      if (seat === view.seat) continue;
      page.replay.push(`${names[seat] ?? '?'}: ${clause(entry.slice(at + 1).trim(), false)}`);
    }
    page.replayed = { round, count: view.history.length };
    if (!page.replaying) showReplay();
  }

  const currentReplay = () => page.replayShown ?? '';

  function showReplay() {
    const next = page.replay.shift();
    page.replaying = next !== undefined;
    page.replayShown = next;
    const strip = document.getElementById('replay');
    if (strip) strip.textContent = next ?? '';
    if (next !== undefined) setTimeout(showReplay, REPLAY_MS);
  }

  // Your turn is said once, when it comes (the line at the top is drawn anew at each change).
  function sayTurn() {
    const view = page.state?.observation;
    const mine = Boolean(view && !view.over && view.to_play === view.seat);
    if (mine && !page.myTurn) {
      const box = document.getElementById('announce');
      box.textContent = `${box.textContent} ${t('your_turn')}.`.trim();
    }
    page.myTurn = mine;
  }

  // --- moves ---

  function play(action) {
    const view = page.state?.observation;
    if (!view || view.to_play !== view.seat || view.over) {
      // The server's own refusal, in the catalogue's words.
      say(refusal('not_your_turn', { player: view?.seats?.[view?.to_play]?.name ?? '?' }), true);
      return;
    }
    if (page.pending.size) {
      say(t('wait_answer'), true);
      return;
    }
    page.ids += 1;
    const id = `w${page.state.version}-${page.ids}-${Date.now() % 100000}`;
    page.pending.set(id, action);
    page.mode = null;
    if (page.socket?.readyState === WebSocket.OPEN) {
      say('');
      send({ type: 'act', id, action });
    } else {
      // Sent as soon as the table answers again (the socket's open handler).
      say(t('queued'), true);
    }
  }

  const legal = () => page.state?.observation?.legal_actions ?? [];
  const codeOf = (key) => page.cards.find((card) => card.key === key)?.code;
  const picked = () => page.selected.map(codeOf);

  // The new hand against the last one: a card still there keeps its key (and its pick); where
  // fewer of a code are left, the picked ones go first, so that a pick never outlives the card
  // it names (nor passes to its twin). A card come from the tallone or the pozzo in one's own
  // turn is the one drawn, marked in the hand and said.
  function followHand() {
    const view = page.state?.observation;
    const round = page.state?.round;
    const hand = view?.hand ?? [];
    if (page.cardsOf !== round) {
      page.cardsOf = round;
      page.cards = [];
      page.selected = [];
      page.drawn = null;
    }
    const left = new Map();
    for (const code of hand) left.set(code, (left.get(code) ?? 0) + 1);
    const chosen = new Set(page.selected);
    const kept = [];
    for (const code of new Set(page.cards.map((card) => card.code))) {
      const same = page.cards.filter((card) => card.code === code);
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
        page.keys += 1;
        added.push({ key: page.keys, code });
      }
    }
    const fresh = page.cards.length > 0 || added.length === 0;
    page.cards = [...kept, ...added];
    const present = new Set(page.cards.map((card) => card.key));
    page.selected = page.selected.filter((key) => present.has(key));
    const mine = view && view.seat !== null && view.to_play === view.seat && !view.over;
    const last = mine ? view.history.at(-1) ?? '' : '';
    const move = last.slice(last.indexOf(':') + 1).trim().split(' ')[0];
    if (!mine || !present.has(page.drawn)) page.drawn = null;
    if (fresh && mine && added.length === 1 && ['draw', 'take'].includes(move) && last.startsWith(`${view.seat}:`)) {
      page.drawn = added[0].key;
      page.drewAt.set(`${round}:${view.history.length - 1}`, added[0].code);
      if (move === 'draw') say(t('you_drew', { card: cardName(added[0].code, currentLang()) }));
    }
  }

  // Several legal moves lay the picked cards: ask which one (what the jolly stands for).
  function playOne(moves, fallback, question) {
    if (moves.length === 1) play(moves[0].text);
    else if (moves.length === 0) play(fallback);
    else ask(question, moves.map((move) => [describeMove(move), () => play(move.text), nameMove(move)]));
  }

  const describeMove = (move) => {
    if (move.groups.length > 1) return move.groups.map((g) => g.map(cardLabel).join(' ')).join(' · ');
    if (move.declared.length) return move.declared.map(cardLabel).join(', ');
    return move.cards.map(cardLabel).join(' ');
  };

  // The same, in words, for a screen reader.
  const nameMove = (move) => {
    const name = (code) => cardName(code, currentLang());
    if (move.groups.length > 1) return move.groups.map((g) => g.map(name).join(', ')).join('; ');
    if (move.declared.length) return move.declared.map(name).join(', ');
    return move.cards.map(name).join(', ');
  };

  function needCards() {
    if (page.selected.length) return true;
    say(t('pick_cards'), true);
    return false;
  }

  const actions = {
    draw: () => play('draw'),
    take: () => play('take'),
    lay: () => {
      if (!needCards()) return;
      const cards = picked();
      const view = page.state.observation;
      if (view.contract && !view.seats[view.seat].opened) {
        // Carioca: the picked cards open with the round's contract, split into its melds.
        playOne(matching(legal(), 'open', cards), `open ${cards.join(' ')}`, t('choose_open'));
        return;
      }
      playOne(matching(legal(), 'lay', cards), `lay ${cards.join(' ')}`, t('choose_jolly'));
    },
    attach: () => {
      if (!needCards()) return;
      choosing('attach');
    },
    swap: () => {
      if (!needCards()) return;
      choosing('swap');
    },
    discard: () => {
      if (page.selected.length !== 1) {
        say(t('pick_one'), true);
        return;
      }
      play(`discard ${picked()[0]}`);
    },
    show: () => {
      const shows = legal().map(readMove).filter((move) => move.verb === 'show');
      const cards = picked();
      playOne(shows, cards.length ? `show ${cards.join(' ')}` : 'show', t('choose_show'));
    },
    // What the computer's sound player would do in your place, from your own view only.
    hint: () => {
      if (page.hinting) return;
      page.hinting = true;
      send({ type: 'hint' });
    },
    call: () => play('call'),
    raise: () => play('raise'),
    fold: () => play('fold'),
  };

  // Attach or take a jolly back: the meld is chosen next, by a click or its number.
  function choosing(mode) {
    const melds = page.state.observation.table;
    const verb = mode;
    const fits = melds
      .map((_, number) => number)
      .filter((number) => matching(legal(), verb, picked(), number).length > 0);
    if (melds.length <= 1 || fits.length === 1) {
      onMeld(fits.length ? fits[0] : 0, mode);
      return;
    }
    page.mode = mode;
    say(t('choose_meld'));
    draw();
  }

  function onMeld(number, mode = page.mode ?? 'attach') {
    if (!page.selected.length) {
      say(t('pick_cards'), true);
      return;
    }
    const cards = picked();
    page.mode = null;
    playOne(matching(legal(), mode, cards, number), `${mode} ${number} ${cards.join(' ')}`, t('choose_jolly'));
  }

  // --- what is shown ---

  function say(text, error = false) {
    page.message = text ? { text, error } : null;
    const box = main.querySelector('#message');
    if (box) drawMessage(box);
  }

  function drawMessage(box) {
    box.className = page.message?.error ? 'message error' : 'message';
    box.setAttribute('role', page.message?.error ? 'alert' : 'status');
    box.textContent = page.message?.text ?? '';
  }

  function sortedHand(cards) {
    const key =
      page.sort === 'rank'
        ? (code) => [rankOf(code), suitOf(code)]
        : (code) => [suitOf(code), rankOf(code)];
    return [...cards].sort((a, b) => {
      const [x1, y1] = key(a.code);
      const [x2, y2] = key(b.code);
      return x1 - x2 || y1 - y2 || a.key - b.key;
    });
  }

  const cardOptions = () => ({
    fourColour: document.body.classList.contains('colours'),
    lang: currentLang(),
  });

  function cardFace(code, extra = {}) {
    const holder = h('span', { class: `card ${extra.class ?? ''}`.trim(), 'data-card': code });
    holder.innerHTML = cardSvg(code, cardOptions());
    return holder;
  }

  function cardBack(label) {
    const holder = h('span', { class: 'card back', role: 'img', 'aria-label': label });
    holder.innerHTML = cardBackSvg();
    holder.firstElementChild?.setAttribute('aria-hidden', 'true');
    return holder;
  }

  function toggle(key, index) {
    const at = page.selected.indexOf(key);
    if (at >= 0) page.selected.splice(at, 1);
    else page.selected.push(key);
    draw();
    main.querySelector(`#hand-card-${index}`)?.focus();
  }

  function handView() {
    const hand = sortedHand(page.cards);
    const cards = hand.map(({ key, code }, index) => {
      const taken = page.selected.includes(key);
      const drawn = key === page.drawn;
      const button = h(
        'button',
        {
          type: 'button',
          id: `hand-card-${index}`,
          class: `card-button${taken ? ' selected' : ''}${drawn ? ' drawn' : ''}`,
          'aria-pressed': String(taken),
          'aria-label': drawn ? `${cardName(code, currentLang())}, ${t('just_drawn')}` : cardName(code, currentLang()),
          // One stop for the whole hand on Tab; the arrows move along it.
          tabindex: index === Math.min(page.cursor, hand.length - 1) ? '0' : '-1',
          onfocus: () => {
            page.cursor = index;
          },
          'data-card': code,
          onclick: () => toggle(key, index),
          onkeydown: (event) => handKeys(event, index, hand.length),
          // Dragged onto a meld it attaches, onto the pozzo it is thrown: the picked cards
          // if this is one of them, else this card alone.
          draggable: 'true',
          ondragstart: (event) => {
            page.dragging = taken ? [...page.selected] : [key];
            event.dataTransfer.setData('text/plain', page.dragging.map(codeOf).join(' '));
            event.dataTransfer.effectAllowed = 'move';
          },
          ondragend: () => {
            page.dragging = null;
          },
        },
        cardFace(code, { class: `${taken ? 'selected' : ''}${drawn ? ' drawn' : ''}` }),
      );
      return button;
    });
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
          {
            type: 'button',
            class: 'quiet',
            id: 'sort',
            onclick: () => {
              page.sort = page.sort === 'suit' ? 'rank' : 'suit';
              localStorage.setItem('ramino.sort', page.sort);
              draw();
            },
          },
          page.sort === 'suit' ? t('sort_rank') : t('sort_suit'),
        ),
      ),
      // Spread, never overlapping: on a phone the hand wraps over rows, a whole card a target.
      h('div', { class: 'hand spread', role: 'group', 'aria-labelledby': 'hand-title' }, cards),
    );
  }

  function dropHere(event) {
    if (page.dragging) event.preventDefault();
  }

  function dropped(event, act) {
    if (!page.dragging) return;
    event.preventDefault();
    page.selected = page.dragging;
    page.dragging = null;
    act();
  }

  function handKeys(event, index, count) {
    const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -index, End: count - 1 - index };
    if (event.key in moves) {
      event.preventDefault();
      const next = Math.min(Math.max(index + moves[event.key], 0), count - 1);
      main.querySelector(`#hand-card-${next}`)?.focus();
    }
  }

  function seatsView(view) {
    return h(
      'section',
      { class: 'seats', 'aria-label': t('players') },
      h(
        'ul',
        {},
        view.seats.map((seat, number) => {
          const mine = number === view.seat;
          const turn = number === view.to_play && !view.over;
          const facts = [t('cards_n', { n: seat.cards }), t('total', { n: seat.total })];
          if (seat.chips !== null && seat.chips !== undefined) facts.push(t('chips', { n: seat.chips }));
          if (seat.stake) facts.push(t('stake', { n: seat.stake }));
          if (seat.folded) facts.push(t('folded'));
          if (seat.opened) facts.push(t('opened'));
          return h(
            'li',
            { class: `seat${turn ? ' to-play' : ''}${mine ? ' mine' : ''}`, 'aria-current': turn ? 'true' : null },
            h('span', { class: 'name' }, seat.name, mine ? ` (${t('you')})` : ''),
            h('span', { class: 'facts' }, facts.join(' · ')),
            h('span', { class: 'clock', 'data-seat': number }),
            mine ? null : h('span', { class: 'backs', 'aria-hidden': 'true' }, fan(seat.cards)),
          );
        }),
      ),
    );
  }

  function fan(count) {
    return Array.from({ length: Math.min(count, 14) }, () => {
      const back = h('span', { class: 'mini-back' });
      return back;
    });
  }

  function centreView(view) {
    const top = view.discard_pile.at(-1);
    const contract = view.contract ? page.rulesInfo?.contracts?.[view.contract] : null;
    return h(
      'section',
      { class: 'centre', 'aria-label': t('stock') + ', ' + t('pile') },
      h(
        'div',
        { class: 'stock' },
        cardBack(t('stock_count', { n: view.stock })),
        h('span', { class: 'count' }, t('stock_count', { n: view.stock })),
      ),
      h(
        'div',
        {
          class: 'pile',
          'aria-label': top ? t('pile_top', { card: cardName(top, currentLang()) }) : t('pile_empty'),
          ondragover: dropHere,
          ondrop: (event) => dropped(event, actions.discard),
        },
        top ? cardFace(top) : h('span', { class: 'card empty' }),
        h('span', { class: 'count' }, top ? t('pile') : t('pile_empty')),
      ),
      view.pot ? h('p', { class: 'pot' }, t('pot', { n: view.pot }), view.to_call ? ` · ${t('to_call', { n: view.to_call })}` : '') : null,
      contract
        ? h('p', { class: 'contract' }, t('contract', { name: said(contract.name) }), h('br'), said(contract.terms))
        : view.contract
          ? h('p', { class: 'contract' }, t('contract', { name: view.contract }))
          : null,
      // Heard through the log's announcement already.
      h('p', { class: 'replay', id: 'replay', 'aria-hidden': 'true' }, page.replaying ? currentReplay() : ''),
    );
  }

  // A meld laid or changed by the last change of the table stands out until the next: the
  // computer's turns arrive all at once, and this is where they played.
  function changedMelds(view) {
    const key = (meld) => `${meld.owner}|${meld.cards.join(' ')}`;
    const round = page.state.round;
    if (page.meldsSeen.round !== round) page.meldsSeen = { round, keys: new Set(), fresh: new Set() };
    const now = view.table.map(key);
    if (page.meldsSeen.version !== page.state.version) {
      page.meldsSeen.fresh = new Set(now.filter((k) => !page.meldsSeen.keys.has(k)));
      page.meldsSeen.keys = new Set(now);
      page.meldsSeen.version = page.state.version;
    }
    return (meld) => page.meldsSeen.fresh.has(key(meld));
  }

  const kindWord = (meld) => t(meld.kind === 'set' && meld.cards.length >= 4 ? 'poker' : meld.kind);

  function meldsView(view) {
    const isFresh = changedMelds(view);
    const melds = view.table.map((meld, number) => {
      const jokers = meld.cards
        .map((code, i) => (parseCode(code).joker ? meld.stands_for[i] : null))
        .filter((code) => code);
      const label = [
        t('meld_n', { n: number + 1 }),
        t('meld_of', { kind: kindWord(meld), owner: meld.owner }),
        meld.cards.map((code) => cardName(code, currentLang())).join(', '),
        jokers.length ? t('jolly_is', { cards: jokers.map((c) => cardName(c, currentLang())).join(', ') }) : '',
      ]
        .filter(Boolean)
        .join(': ');
      return h(
        'li',
        {},
        h(
          'button',
          {
            type: 'button',
            class: `meld${page.mode ? ' choosing' : ''}${isFresh(meld) ? ' fresh' : ''}`,
            id: `meld-${number}`,
            'aria-label': label,
            onclick: () => onMeld(number),
            ondragover: dropHere,
            ondrop: (event) => dropped(event, () => onMeld(number, 'attach')),
          },
          h(
            'span',
            { class: 'meld-head', 'aria-hidden': 'true' },
            `${number + 1} · ${t('meld_of', { kind: kindWord(meld), owner: meld.owner })}`,
          ),
          h(
            'span',
            { class: 'meld-cards', 'aria-hidden': 'true' },
            meld.cards.map((code, i) =>
              h(
                'span',
                { class: 'meld-card' },
                cardFace(code),
                parseCode(code).joker ? h('span', { class: 'stands' }, `= ${cardLabel(meld.stands_for[i])}`) : null,
              ),
            ),
          ),
        ),
      );
    });
    return h(
      'section',
      { class: 'melds', 'aria-labelledby': 'melds-title' },
      h('h2', { id: 'melds-title' }, t('melds')),
      melds.length ? h('ol', {}, melds) : h('p', {}, t('no_melds')),
    );
  }

  function controlsView(view) {
    const betting = view.phase === 'bet' || legal().some((a) => ['call', 'raise', 'fold'].includes(a));
    const contract = view.contract && !view.seats[view.seat].opened;
    const button = (name, label = t(name), key = '') =>
      h('button', { type: 'button', id: `do-${name}`, onclick: actions[name], 'aria-keyshortcuts': key || null }, label);
    return h(
      'div',
      { class: 'controls', role: 'toolbar', 'aria-label': t('keys') },
      betting
        ? [button('call', t('call'), 'v'), button('raise', t('raise'), '+'), button('fold', t('fold'), 'l')]
        : [
            button('draw', t('draw'), 't'),
            button('take', t('take'), 'p'),
            button('lay', contract ? t('open') : t('lay'), 'c'),
            button('attach', t('attach'), 'a'),
            button('swap', t('swap'), 'j'),
            button('discard', t('discard'), 's'),
            button('show', t('show'), 'm'),
          ],
      button('hint', t('hint'), 'h'),
      page.mode ? h('button', { type: 'button', class: 'quiet', onclick: () => { page.mode = null; say(''); draw(); } }, t('cancel')) : null,
    );
  }

  // The moves, the newest marked: so that the computer's turns, which arrive all at once
  // after yours, can be followed; a screen reader hears each new line once.
  function logView(view) {
    const names = view.seats.map((seat) => seat.name);
    const round = page.state.round;
    const drew = (i) => page.drewAt.get(`${round}:${i}`);
    const lines = [...page.past, dealLine(view, round), ...tell(view.history, names, view.seat, drew, view.table)];
    if (page.toldLang !== currentLang()) {
      // The same moves in the other language: nothing new to say.
      page.toldLang = currentLang();
      page.told = lines;
    }
    let fresh = 0;
    while (fresh < lines.length && lines[fresh] === page.told[fresh]) fresh += 1;
    if (fresh < lines.length) {
      document.getElementById('announce').textContent = lines.slice(fresh).join(' ');
      page.fresh = fresh;
    }
    page.told = lines;
    const first = Math.max(0, lines.length - 40);
    return h(
      'section',
      {
        class: 'log-area',
        'aria-labelledby': 'log-title',
        // The list follows the newest moves, unless one scrolled up to read older ones.
        onscroll: (event) => {
          const area = event.target;
          page.logFollows = area.scrollTop + area.clientHeight >= area.scrollHeight - 8;
        },
      },
      h('h2', { id: 'log-title' }, t('log')),
      h(
        'ol',
        // Heard through #announce instead: this list is drawn anew at every change.
        { class: 'log', role: 'log', 'aria-live': 'off', start: first + 1 },
        lines.slice(first).map((line, i) => h('li', { class: first + i >= page.fresh ? 'fresh' : null }, line)),
      ),
    );
  }

  function headerView(view) {
    const state = page.state;
    const turn =
      view && !view.over
        ? view.seat !== null && view.to_play === view.seat
          ? t('your_turn')
          : t('turn_of', { name: view.seats[view.to_play]?.name ?? '' })
        : '';
    return h(
      'div',
      { class: 'table-head' },
      h('h1', {}, t('table_of', { rules: page.info?.rules?.name ?? '' }), state?.round ? ` · ${t('round_n', { n: state.round })}` : ''),
      h('p', { class: 'turn' }, turn, h('span', { class: 'clock', id: 'my-clock', 'aria-hidden': 'true' })),
      h(
        'div',
        { class: 'table-tools' },
        h('button', { type: 'button', class: 'quiet', id: 'open-sheet', onclick: () => showSheet(false) }, t('sheet')),
        h('button', { type: 'button', class: 'quiet', id: 'open-rules', onclick: showRules }, t('rules')),
        h('button', { type: 'button', class: 'quiet', id: 'open-keys', onclick: showKeys, 'aria-keyshortcuts': '?' }, t('keys')),
      ),
    );
  }

  function waitingView() {
    const link = inviteLink(tableId);
    return h(
      'section',
      { class: 'panel waiting' },
      h('p', {}, t('waiting')),
      h('p', {}, h('input', { type: 'text', readonly: true, value: link, id: 'invite', 'aria-label': t('link') })),
      h(
        'button',
        {
          type: 'button',
          onclick: async () => {
            try {
              await navigator.clipboard.writeText(link);
              say(t('copied'));
            } catch {
              main.querySelector('#invite')?.select();
            }
          },
        },
        t('copy'),
      ),
      seatsList(),
    );
  }

  // Out of the match (or the match over): no round to see, the sheet and how it stands.
  function outView() {
    const state = page.state;
    return h(
      'section',
      { class: 'panel out', 'aria-labelledby': 'out-title' },
      h('h2', { id: 'out-title' }, state.match_over ? t('match_over') : t('out_of_match')),
      state.match_over ? h('p', { class: 'winner' }, winnerWords()) : null,
      sheetTable(page.state?.sheet ?? []),
    );
  }

  function seatsList() {
    const seats = page.info?.seats ?? [];
    return h(
      'ul',
      { class: 'seat-list' },
      seats.map((seat) => h('li', {}, seat.name ?? '…', seat.kind === 'computer' ? ` · ${t(seat.level ?? 'intermedio')}` : '')),
    );
  }

  function joinView() {
    // Without a name of one's own, a guest's, to change.
    let name = localStorage.getItem('ramino.name')?.trim() || (page.guest ??= guestName());
    const problem = h('p', { class: 'error', role: 'alert', id: 'join-problem' });
    if (page.message?.error) problem.textContent = page.message.text;
    const submit = async (event) => {
      event.preventDefault();
      name = main.querySelector('#nickname')?.value ?? name;
      if (!name.trim()) {
        problem.textContent = t('bad_name');
        return;
      }
      try {
        const mine = nonceFor(tableId, page.info.commitment);
        const seat = await call('POST', `/api/tables/${tableId}/seats`, { nickname: name.trim(), nonce: mine });
        localStorage.setItem('ramino.name', name.trim());
        page.seat = { token: seat.token, seat: seat.seat, name: name.trim() };
        saveSeat(tableId, page.seat);
        page.message = null;
        start();
      } catch (error) {
        problem.textContent = (error instanceof ApiError ? error : new ApiError('unreachable')).text();
      }
    };
    return h(
      'form',
      { class: 'panel', onsubmit: submit, 'aria-labelledby': 'join-title' },
      h('h2', { id: 'join-title' }, t('join_this')),
      seatsList(),
      h(
        'label',
        { class: 'field' },
        h('span', {}, t('nickname')),
        h('input', {
          type: 'text',
          id: 'nickname',
          maxlength: 20,
          required: true,
          value: name,
          oninput: (event) => {
            name = event.target.value;
          },
        }),
      ),
      h('button', { type: 'submit', class: 'primary', id: 'sit' }, t('join')),
      problem,
      h('p', {}, h('button', { type: 'button', id: 'watch', onclick: watch }, t('watch'))),
      rulesDetails(),
    );
  }

  function watch() {
    page.watching = true;
    page.message = null;
    start();
  }

  function rulesDetails() {
    if (!page.info) return null;
    return h(
      'details',
      { class: 'described' },
      h('summary', {}, t('read_rules')),
      h('pre', { class: 'rules-text' }, page.info.described[currentLang()]),
    );
  }

  function draw() {
    const focused = document.activeElement?.id;
    if (!page.info) {
      const box = h('p', { id: 'message' });
      if (!page.message) page.message = { text: t('connecting'), error: false };
      drawMessage(box);
      patch(main, box, page.message.error ? h('a', { href: '/' }, t('home_link')) : null);
      return;
    }
    if (!page.seat && !page.watching) {
      patch(main, headerView(null), joinView());
      return;
    }
    const view = page.state?.observation;
    const message = h('p', { id: 'message' });
    drawMessage(message);
    if (!view) {
      const waiting = page.state && page.state.round === 0;
      patch(main, headerView(null), message, waiting ? waitingView() : page.state ? outView() : null);
      return;
    }
    patch(
      main,
      h(
        'div',
        { class: `table${page.mode ? ' choosing' : ''}` },
        headerView(view),
        seatsView(view),
        centreView(view),
        meldsView(view),
        message,
        // A spectator has no hand and no move to make.
        page.watching ? h('p', { class: 'watching' }, t('watching')) : controlsView(view),
        page.watching ? null : handView(),
        logView(view),
      ),
    );
    const log = main.querySelector('.log-area');
    if (log && page.logFollows) log.scrollTop = log.scrollHeight;
    drawClock();
    if (focused) refocus(focused);
  }

  // The focus stays where it was; on a card thrown, on the card now at its end of the hand.
  function refocus(id) {
    const again = document.getElementById(id);
    if (again) {
      again.focus();
      return;
    }
    if (id.startsWith('hand-card-')) {
      const cards = main.querySelectorAll('.hand button');
      cards[cards.length - 1]?.focus();
    }
  }

  function drawClock() {
    for (const element of main.querySelectorAll('.clock')) element.textContent = '';
    const clock = page.clock;
    if (!clock || !page.state?.observation) return;
    // Held while a sheet is read (`starts_in`), then counted down.
    const used = Math.max(0, (performance.now() - clock.at) / 1000 - (clock.starts_in ?? 0));
    const turn = clock.turn_left - used;
    const text =
      turn > 0
        ? ` · ${t('clock', { s: Math.ceil(turn) })}`
        : ` · ${t('bank', { s: Math.max(0, Math.ceil(clock.bank_left + turn)) })}`;
    // The clock names a seat of the table; the view's seats are the round's (players out of
    // the match have none), so the two meet by name.
    const view = page.state.observation;
    const name = page.info?.seats?.[clock.seat]?.name;
    const inRound = name ? view.seats.findIndex((seat) => seat.name === name) : clock.seat;
    const seat = main.querySelector(`.seats .clock[data-seat="${inRound}"]`);
    if (seat) seat.textContent = text;
    const dialogClock = document.getElementById('dialog-clock');
    if (dialogClock) dialogClock.textContent = '';
    if (clock.seat === page.welcome?.seat) {
      const mine = main.querySelector('#my-clock');
      if (mine) mine.textContent = text;
      // Over the sheet too: the next turn's time runs while one reads it.
      if (dialogClock) dialogClock.textContent = `${t('your_turn')}${text}`;
    }
  }

  // --- dialogs: a question, the score sheet, the rules ---

  function showSheet(roundOver, then) {
    const state = page.state;
    const parts = [];
    if (roundOver && state?.ended_round) {
      parts.push(h('p', { class: 'ending' }, endingWords()));
      // The table as the round ended: the next one is already dealt behind this sheet.
      const melds = state.ended?.table ?? [];
      if (melds.length) {
        parts.push(
          h(
            'ul',
            { class: 'ended-melds', 'aria-label': t('melds') },
            melds.map((meld) =>
              h(
                'li',
                { 'aria-label': `${t('meld_of', { kind: kindWord(meld), owner: meld.owner })}: ${meld.cards.map((c) => cardName(c, currentLang())).join(', ')}` },
                h('span', { class: 'meld-head', 'aria-hidden': 'true' }, t('meld_of', { kind: kindWord(meld), owner: meld.owner })),
                h('span', { class: 'meld-cards', 'aria-hidden': 'true' }, meld.cards.map((code) => cardFace(code))),
              ),
            ),
          ),
        );
      }
      const hands = endedHands();
      if (hands) parts.push(hands);
      const fair = page.fair.get(state.ended_round);
      parts.push(h('p', { class: 'fair', id: 'fair', role: 'status' }, fair ?? t('fair_checking')));
      const proof = state.revealed;
      if (proof?.round === state.ended_round) {
        // What was promised before the deal and what was revealed after it, for anyone to check
        // again (ramino verify, or docs/shuffle.md by hand).
        const item = (label, value) => h('li', {}, `${label}: `, h('code', {}, value));
        parts.push(
          h(
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
          ),
        );
      }
    }
    if (state?.match_over) parts.push(h('p', { class: 'winner' }, winnerWords()));
    parts.push(sheetTable(page.state?.sheet ?? []));
    const title = state?.match_over
      ? t('match_over')
      : roundOver
        ? t('round_over', { n: state.ended_round })
        : t('sheet');
    dialog(title, h('div', {}, parts), [
      [t('print'), () => window.print(), 'print-sheet'],
      [roundOver ? t('next_round') : t('close'), null, 'close-sheet'],
    ], { printable: true, onclose: then });
  }

  // Each hand as the round ended, as the terminal shows it: who closed, the cards left and how
  // many, and the round's points.
  function endedHands() {
    const state = page.state;
    const view = state.ended;
    if (!view || !state.ended_hands) return null;
    const line = (state.sheet ?? []).find((entry) => entry.number === state.ended_round);
    const closer = state.ended_by?.reason === 'went_out' ? state.ended_by.out : null;
    const rows = view.seats.map((seat, number) => {
      const cards = state.ended_hands[number] ?? [];
      const name = number === view.seat ? `${seat.name} (${t('you')})` : seat.name;
      const points = line?.scores?.[seat.name];
      return h(
        'tr',
        { class: number === closer ? 'closed' : null },
        h('th', { scope: 'row' }, name, number === closer ? ` · ${t('closed_mark')}` : ''),
        h(
          'td',
          { 'aria-label': cards.length ? cards.map((code) => cardName(code, currentLang())).join(', ') : t('no_cards_left') },
          h('span', { class: 'meld-cards', 'aria-hidden': 'true' }, cards.map((code) => cardFace(code))),
        ),
        h('td', { class: 'left-count' }, t('cards_n', { n: cards.length })),
        h('td', { class: 'points' }, points === undefined ? '—' : String(points)),
      );
    });
    return h(
      'table',
      { class: 'ended-hands', id: 'ended-hands' },
      h('caption', {}, t('hands_at_end')),
      h(
        'thead',
        {},
        h('tr', {}, h('th', { scope: 'col' }, t('player_col')), h('th', { scope: 'col' }, t('left_col')), h('th', { scope: 'col' }, t('count_col')), h('th', { scope: 'col' }, t('points_col'))),
      ),
      h('tbody', {}, rows),
    );
  }

  function endingWords() {
    const how = page.state?.ended_by;
    if (!how) return '';
    const names = (page.state.ended ?? page.state.observation)?.seats.map((seat) => seat.name) ?? [];
    if (how.reason === 'went_out') {
      // `out` is a seat of the round, as the ended view's own `seat` is.
      const mine = how.out === (page.state.ended ?? page.state.observation)?.seat;
      return (mine ? t('went_out_you') : t('went_out', { name: names[how.out] ?? '?' })) + (how.in_one_turn ? t('in_one_turn') : '');
    }
    if (how.reason === 'all_folded') return t('all_folded', { name: names[how.out] ?? '?' });
    return t(how.reason);
  }

  function winnerWords() {
    const winner = page.state?.winner;
    if (!winner) return t('draw_match');
    return winner === page.welcome?.name ? t('winner_you') : t('winner', { name: winner });
  }

  // The keys, as in the terminal.
  function showKeys() {
    const rows = [
      ['← →', t('keys_move')],
      [t('keys_space'), t('keys_pick')],
      ['Esc', t('keys_escape')],
      ...Object.entries(KEYS).map(([key, name]) => [key, t(name)]),
      ['1–9', t('keys_meld')],
      ['o', `${t('sort_suit')} / ${t('sort_rank')}`],
      ['f', t('sheet')],
      ['r', t('rules')],
      ['?', t('keys')],
    ];
    const table = h(
      'table',
      { class: 'keys' },
      h('tbody', {}, rows.map(([key, what]) => h('tr', {}, h('th', { scope: 'row' }, h('kbd', {}, key)), h('td', {}, what)))),
    );
    dialog(t('keys'), table, [[t('close'), null, 'close-keys']]);
  }

  function showRules() {
    dialog(t('rules_title'), h('pre', { class: 'rules-text' }, page.info?.described[currentLang()] ?? ''), [[t('print'), () => window.print(), 'print-rules'], [t('close'), null, 'close-rules']], { printable: true });
  }

  // A round just over: its last moves go to the log (before the table is drawn anew, so
  // that only what is new is marked new).
  function roundJustOver() {
    const state = page.state;
    if (!state.ended_round || state.ended_round <= page.shownEnded) return false;
    page.shownEnded = state.ended_round;
    if (state.ended) {
      const names = state.ended.seats.map((seat) => seat.name);
      page.past.push(
        dealLine(state.ended, state.ended_round),
        ...tell(
          state.ended.history,
          names,
          state.ended.seat,
          (i) => page.drewAt.get(`${state.ended_round}:${i}`),
          state.ended.table,
        ),
        endingWords(),
      );
    }
    return true;
  }

  const dealLine = (view, round) => t('deal_line', { n: round, dealer: view.seats[view.dealer]?.name ?? '?' });

  // Then the sheet opens and the deal is checked; closing it, the re-entry is asked if the
  // rules offer it, as the terminal's sheet does.
  function afterRound(over) {
    const number = page.state.ended_round;
    if (over && number > seenRound()) {
      checkDeal(page.state.revealed);
      showSheet(true, () => {
        readSheet(number);
        askReentry();
      });
      return;
    }
    askReentry();
  }

  // The last round whose sheet this seat closed, kept through reloads: its sheet is not shown
  // again, and the server's clock, which waits for it, is told (`seen`).
  const seenKey = `ramino.seen.${tableId}`;
  function seenRound() {
    return page.watching ? (page.watched ?? 0) : Number(localStorage.getItem(seenKey) ?? 0);
  }

  function readSheet(number) {
    if (number <= seenRound()) return;
    if (page.watching) {
      page.watched = number;
      return;
    }
    localStorage.setItem(seenKey, String(number));
    send({ type: 'seen', round: number });
  }

  function askReentry() {
    const offer = page.state?.reentry;
    if (!offer || dialogOpen()) return;
    let answered = false;
    const answer = (yes) => () => {
      answered = true;
      page.ids += 1;
      send({ type: 'reentry', id: `r${page.state.version}-${page.ids}`, reenter: yes });
    };
    dialog(
      t('reentry_q', { total: offer.total, entry: offer.entry_total, stake: offer.stake }),
      null,
      [
        [t('reenter'), answer(true), 'reenter'],
        [t('stay_out'), answer(false), 'stay-out'],
      ],
      // The table waits for the answer: closed without one, the question comes back.
      { onclose: () => answered || setTimeout(askReentry, 0), focus: 0 },
    );
  }

  async function checkDeal(proof) {
    if (!proof || page.fair.has(proof.round)) return;
    const text = await dealChecked(proof, tableId, page.welcome, page.info?.rules.knobs);
    page.fair.set(proof.round, text);
    const shown = document.getElementById('fair');
    if (shown) shown.textContent = text;
  }

  // --- keys, as in the terminal ---

  const KEYS = {
    t: 'draw', p: 'take', c: 'lay', a: 'attach', j: 'swap', s: 'discard', m: 'show',
    v: 'call', l: 'fold', '+': 'raise', h: 'hint',
  };

  function onKey(event) {
    // A key held down repeats: one move, one hint per press.
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || dialogOpen()) return;
    if (event.target.closest?.('input, select, textarea')) return;
    const view = page.state?.observation;
    if (!view) return;
    if (page.mode && /^[1-9]$/.test(event.key)) {
      event.preventDefault();
      onMeld(Number(event.key) - 1);
      return;
    }
    if (event.key === 'Escape') {
      // As in the terminal: first out of choosing a meld, then the picked cards let go.
      if (page.mode) page.mode = null;
      else page.selected = [];
      say('');
      draw();
      return;
    }
    const name = KEYS[event.key];
    if (name) {
      event.preventDefault();
      actions[name]();
    } else if (event.key === 'o') {
      main.querySelector('#sort')?.click();
    } else if (event.key === 'f') {
      showSheet(false);
    } else if (event.key === 'r') {
      showRules();
    } else if (event.key === '?') {
      showKeys();
    }
  }

  document.addEventListener('keydown', onKey);
  setInterval(drawClock, 1000);

  async function start() {
    draw();
    if ((page.seat || page.watching) && !page.socket) connect();
  }

  call('GET', `/api/tables/${tableId}`)
    .then((info) => {
      page.info = info;
      return call('GET', '/api/rules').then((rules) => {
        page.rulesInfo = rules;
      }).catch(() => {});
    })
    .then(start)
    .catch((error) => {
      page.message = { text: (error instanceof ApiError ? error : new ApiError('unreachable')).text(), error: true };
      draw();
    });

  // The seat's state as the page holds it, for the tests: exactly what the server sent.
  window.ramino = {
    page: () => ({ welcome: page.welcome, state: page.state }),
    // The last clock the server sent, and the cards picked: what the page holds of them.
    clock: () => page.clock,
    picked: () => picked(),
  };
  return draw;
}
