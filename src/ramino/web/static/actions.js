// What the seat does at the table: its moves, sent to the server under ids that a reconnection
// sends again (docs/protocol.md), with the picked cards matched to the legal moves the server
// listed; and what the page does for it (pick, sort, drag, choose a meld). The server alone
// decides what is legal: this only says what was meant, and asks when it could mean several.

import { cardLabel, cardName } from './cards.js';
import { ask, dialog } from './dialogs.js';
import { currentLang, refusal, t } from './i18n.js';
import { matching, readMove } from './moves.js';
import { h } from './dom.js';
import { legal, mayLeave, observation, picked, withEntry } from './tablestate.js';

// A move's cards, each written by `name`: within a meld `apart`, between melds `between`.
function moveText(move, name, apart, between) {
  if (move.groups.length > 1) return move.groups.map((g) => g.map(name).join(apart)).join(between);
  if (move.declared.length) return move.declared.map(name).join(', ');
  return move.cards.map(name).join(apart);
}

// Why no cards picked could make a move of cards now, as the server would say it: another's
// turn, or the draw still to make; null when it is the picked cards that decide. Said before
// asking for cards, which would only be refused.
export function notNow(view) {
  if (!view || view.over || view.seat === null || view.seat === undefined) return null;
  if (view.to_play !== view.seat) return { code: 'not_your_turn', values: { player: view.seats?.[view.to_play]?.name ?? '?' } };
  if (view.phase === 'draw') return { code: 'must_draw_first', values: {} };
  return null;
}

// `store`: the table's state; `send(message)`, `isOpen()`: its connection; `say(text, error)`:
// a line under the table; `page`: what the page does itself (the sheet, the rules and the keys
// shown, sitting down, watching), passed on to the panels with the rest.
export function createActions({ store, send, isOpen, say, page }) {
  const state = () => store.get();

  function play(action) {
    const view = observation(state());
    if (!view || view.to_play !== view.seat || view.over) {
      // The server's own refusal, in the catalogue's words.
      say(refusal('not_your_turn', { player: view?.seats?.[view?.to_play]?.name ?? '?' }), true);
      return;
    }
    if (state().pending.size) {
      say(t('wait_answer'), true);
      return;
    }
    const ids = state().ids + 1;
    const id = `w${state().server.version}-${ids}-${Date.now() % 100000}`;
    store.remember((now) => ({ ids, pending: withEntry(now.pending, id, action), mode: null }));
    if (isOpen()) {
      say('');
      send({ type: 'act', id, action });
    } else {
      // Sent as soon as the table answers again (the socket's open handler).
      say(t('queued'), true);
    }
  }

  // Several legal moves lay the picked cards: ask which one (what the jolly stands for).
  function playOne(moves, fallback, question) {
    if (moves.length === 1) play(moves[0].text);
    else if (moves.length === 0) play(fallback);
    else {
      // In cards for the button, in words for a screen reader.
      const name = (code) => cardName(code, currentLang());
      const choice = (move) => [moveText(move, cardLabel, ' ', ' · '), () => play(move.text), moveText(move, name, ', ', '; ')];
      ask(question, moves.map(choice));
    }
  }

  // The cards a move needs are picked, and the move may be made now; else says why not.
  function needCards(count = null) {
    const why = notNow(observation(state()));
    if (why) say(refusal(why.code, why.values), true);
    else if (count !== null && state().selected.length !== count) say(t('pick_one'), true);
    else if (!state().selected.length) say(t('pick_cards'), true);
    else return true;
    return false;
  }

  // Attach or take a jolly back on meld `number` (by default as the meld being chosen asks).
  function chooseMeld(number, mode = state().mode ?? 'attach') {
    if (!needCards()) return;
    const cards = picked(state());
    store.remember({ mode: null });
    playOne(matching(legal(state()), mode, cards, number), `${mode} ${number} ${cards.join(' ')}`, t('choose_jolly'));
  }

  // The meld is chosen next, by a click or its number, unless only one can take the cards.
  function choosing(mode) {
    if (!needCards()) return;
    const melds = observation(state()).table;
    const fits = melds
      .map((_, number) => number)
      .filter((number) => matching(legal(state()), mode, picked(state()), number).length > 0);
    if (melds.length <= 1 || fits.length === 1) {
      chooseMeld(fits.length ? fits[0] : 0, mode);
      return;
    }
    store.update({ mode, message: { text: t('choose_meld'), error: false } });
  }

  const moves = {
    draw: () => play('draw'),
    take: () => play('take'),
    lay: () => {
      if (!needCards()) return;
      const cards = picked(state());
      const view = observation(state());
      if (view.contract && !view.seats[view.seat].opened) {
        // Carioca: the picked cards open with the round's contract, split into its melds.
        playOne(matching(legal(state()), 'open', cards), `open ${cards.join(' ')}`, t('choose_open'));
        return;
      }
      playOne(matching(legal(state()), 'lay', cards), `lay ${cards.join(' ')}`, t('choose_jolly'));
    },
    attach: () => choosing('attach'),
    swap: () => choosing('swap'),
    discard: () => {
      if (!needCards(1)) return;
      play(`discard ${picked(state())[0]}`);
    },
    show: () => {
      const shows = legal(state()).map(readMove).filter((move) => move.verb === 'show');
      const cards = picked(state());
      if (!shows.length && !cards.length) {
        // Nothing to send: a bare «show» would only be refused as text with no cards.
        const view = observation(state());
        const showsOnly = state().info?.rules?.knobs?.melding_during_play === false;
        const why = view.phase === 'draw' ? 'show_draw_first' : showsOnly ? 'show_not_bound' : 'show_not_now';
        say(t(why), true);
        return;
      }
      playOne(shows, cards.length ? `show ${cards.join(' ')}` : 'show', t('choose_show'));
    },
    // What the computer's sound player would do in your place, from your own view only.
    hint: () => {
      if (state().hinting) return;
      store.remember({ hinting: true });
      send({ type: 'hint' });
    },
    // Gin rummy: knock after the draw (at the wall, with the pile's card), and pass (the
    // upcard, the wall, or a spread or the lay-offs done).
    knock: () => play('knock'),
    pass: () => play('pass'),
    call: () => play('call'),
    raise: () => play('raise'),
    fold: () => play('fold'),
  };

  const local = {
    chooseMeld,
    cancelChoice: () => store.update({ mode: null, message: null }),
    // As Escape says: first out of choosing a meld, then the picked cards let go.
    escape: () => store.update((now) => (now.mode ? { mode: null, message: null } : { selected: [], message: null })),
    pick(key, index) {
      const selected = state().selected;
      store.update({ selected: selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key] });
      document.getElementById(`hand-card-${index}`)?.focus();
    },
    resort() {
      const sort = state().sort === 'suit' ? 'rank' : 'suit';
      localStorage.setItem('ramino.sort', sort);
      store.update({ sort });
    },
    focusCard: (index) => store.remember({ cursor: index }),
    dragStart(event, keys) {
      store.remember({ dragging: keys });
      const codes = keys.map((key) => state().cards.find((card) => card.key === key)?.code);
      event.dataTransfer.setData('text/plain', codes.join(' '));
      event.dataTransfer.effectAllowed = 'move';
    },
    dragEnd: () => store.remember({ dragging: null }),
    dragOver: (event) => {
      if (state().dragging) event.preventDefault();
    },
    drop(event, act) {
      if (!state().dragging) return;
      event.preventDefault();
      store.remember((now) => ({ selected: now.dragging, dragging: null }));
      act();
    },
    logScrolled: (follows) => store.remember({ logFollows: follows }),
    say,
  };
  // The answer to a rematch, once the match is over (answered by an ack, or a refusal).
  function rematch(agree) {
    const ids = state().ids + 1;
    store.remember({ ids });
    send({ type: 'rematch', id: `m${state().server.version}-${ids}`, agree });
  }

  // Leave the table, once the player has said so: the computer plays for the seat from then
  // on (docs/protocol.md, Players who leave), as the question says. The page says it is done
  // when the server's state does (table.js).
  function leave() {
    if (!mayLeave(state())) return;
    const rated = state().info?.rated;
    const body = h('div', {}, h('p', { id: 'leave-what' }, t('leave_what')), rated ? h('p', {}, t('leave_what_rated')) : null);
    const go = () => {
      if (!mayLeave(state()) || !isOpen()) {
        say(t('reconnecting'), true);
        return;
      }
      send({ type: 'leave' });
      store.update({ left: 'leaving', mode: null, selected: [] });
    };
    dialog(t('leave_q'), body, [
      [t('leave_yes'), go, 'leave-yes'],
      [t('leave_stay'), null, 'leave-stay'],
    ]);
  }

  return { ...moves, ...local, rematch, leave, ...chatActions({ store, send, isOpen, say }), ...page };
}

// What a reader does with the chat: say a line or a ready phrase (the server refuses what it
// must, in an `error`), mute or unmute a player for himself (kept in this browser, by name at
// this table), report a line.
function chatActions({ store, send, isOpen, say }) {
  const mutedKey = () => `ramino.muted.${store.get().tableId}`;
  const setMuted = (muted) => {
    localStorage.setItem(mutedKey(), JSON.stringify(muted));
    store.update({ muted });
  };
  const sent = (message) => {
    if (!isOpen()) {
      say(t('reconnecting'), true);
      return false;
    }
    send(message);
    return true;
  };
  return {
    // Whether the line went (the field is emptied then).
    chatSay(text) {
      const line = String(text ?? '').trim();
      if (!line) return false;
      return sent({ type: 'say', text: line });
    },
    chatPhrase: (phrase) => sent({ type: 'say', phrase }),
    chatMute(name) {
      const muted = store.get().muted;
      if (!muted.includes(name)) setMuted([...muted, name]);
    },
    chatUnmute: (name) => setMuted(store.get().muted.filter((other) => other !== name)),
    chatReport: (line) => sent({ type: 'report', line }),
  };
}

// The names muted at table `tableId` in this browser.
export function mutedAt(tableId) {
  try {
    const muted = JSON.parse(localStorage.getItem(`ramino.muted.${tableId}`) ?? '[]');
    return Array.isArray(muted) ? muted.filter((name) => typeof name === 'string') : [];
  } catch {
    return [];
  }
}
