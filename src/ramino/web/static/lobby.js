// The table's page before and after its rounds: the form to sit down (or to watch), the
// invitation while seats are empty, and, out of the match or at its end, how it stands.

import { inviteLink } from './api.js';
import { h } from './dom.js';
import { currentLang, namesWords, t } from './i18n.js';
import { winnerWords } from './roundend.js';
import { earlierMatches, sheetTable } from './sheetview.js';

function seatsList(state) {
  const seats = state.info?.seats ?? [];
  return h(
    'ul',
    { class: 'seat-list' },
    seats.map((seat) =>
      seat.name
        ? h('li', {}, seat.name, seat.kind === 'computer' ? ` · ${t(seat.level ?? 'intermedio')}` : '')
        : h('li', { class: 'free-seat' }, t('free_seat')),
    ),
  );
}

function rulesDetails(state) {
  if (!state.info) return null;
  return h(
    'details',
    { class: 'described' },
    h('summary', {}, t('read_rules')),
    h('pre', { class: 'rules-text' }, state.info.described[currentLang()]),
  );
}

// The form to sit down: a nickname (without one of one's own, a guest's, to change). At a
// table whose seats are all taken, only the way to watch it.
export function joinView(state, actions) {
  const seats = state.info?.seats ?? [];
  if (seats.length && !seats.some((seat) => seat.free)) {
    return h(
      'section',
      { class: 'panel', 'aria-labelledby': 'join-title' },
      h('h2', { id: 'join-title' }, t('table_full')),
      seatsList(state),
      h('p', {}, t('table_full_why')),
      h('p', {}, h('button', { type: 'button', class: 'primary', id: 'watch', onclick: actions.watch }, t('watch'))),
      rulesDetails(state),
    );
  }
  let name = localStorage.getItem('ramino.name')?.trim() || state.guest;
  const problem = h('p', { class: 'error', role: 'alert', id: 'join-problem' });
  if (state.message?.error) problem.textContent = state.message.text;
  const submit = async (event) => {
    event.preventDefault();
    name = document.getElementById('nickname')?.value ?? name;
    if (!name.trim()) {
      problem.textContent = t('bad_name');
      return;
    }
    const refused = await actions.sit(name.trim());
    if (refused) problem.textContent = refused;
  };
  return h(
    'form',
    { class: 'panel', onsubmit: submit, 'aria-labelledby': 'join-title' },
    h('h2', { id: 'join-title' }, t('join_this')),
    seatsList(state),
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
    h('p', {}, h('button', { type: 'button', id: 'watch', onclick: actions.watch }, t('watch'))),
    rulesDetails(state),
  );
}

// Seats still empty: the link to send, and who sits already.
export function waitingView(state, actions) {
  const link = inviteLink(state.tableId);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      actions.say(t('copied'));
    } catch {
      document.getElementById('invite')?.select();
    }
  };
  return h(
    'section',
    { class: 'panel waiting' },
    h('p', {}, t('waiting')),
    h('p', {}, h('input', { type: 'text', readonly: true, value: link, id: 'invite', 'aria-label': t('link') })),
    h('button', { type: 'button', onclick: copy }, t('copy')),
    seatsList(state),
  );
}

// The rematch of a match over: the question, who is still to answer, or who said no (then
// the way home). The seats the computer plays for are said too: a rematch deals them again.
function rematchView(state, actions) {
  const offer = state.server.rematch;
  if (!offer) return null;
  const mine = state.welcome?.seat;
  const named = (seats) => seats.map((seat) => offer.names[seat]);
  const away = named(state.server.away ?? []);
  const lines = [];
  if (offer.declined.length) {
    // Of yourself in the second person: «Non vuoi la rivincita», «Tu e Bruno non volete…».
    const names = named(offer.declined.filter((seat) => seat !== mine));
    const key = offer.declined.includes(mine) ? 'rematch_declined_you' : 'rematch_declined';
    lines.push(h('p', { id: 'rematch-declined' }, t(key, { names: namesWords(names), n: names.length })));
    lines.push(h('p', {}, h('a', { href: '/', id: 'home-after' }, t('back_home'))));
  } else if (offer.waiting.includes(mine)) {
    lines.push(
      h('p', {}, t('rematch_q')),
      h(
        'p',
        { class: 'rematch-buttons' },
        h('button', { type: 'button', id: 'rematch-yes', onclick: () => actions.rematch(true) }, t('rematch_yes')),
        h('button', { type: 'button', id: 'rematch-no', class: 'quiet', onclick: () => actions.rematch(false) }, t('rematch_no')),
      ),
    );
  } else if (offer.agreed.includes(mine)) {
    const names = named(offer.waiting);
    lines.push(h('p', { id: 'rematch-waiting' }, t('rematch_waiting', { names: namesWords(names), n: names.length })));
  }
  if (away.length && !offer.declined.length) {
    lines.push(h('p', { class: 'rematch-away' }, t('rematch_away', { names: namesWords(away), n: away.length })));
  }
  return h('div', { class: 'rematch', id: 'rematch' }, ...lines);
}

// The seat left the table: what happens to it now (the computer plays for it; a rated match
// not come back to counts as finished last), the way back to it and the way home.
export function leftView(state, actions) {
  const done = state.left === 'left';
  return h(
    'section',
    { class: 'panel left', id: 'left', 'aria-labelledby': 'left-title' },
    h('h2', { id: 'left-title' }, done ? t('left_title') : t('leaving')),
    done ? h('p', { id: 'left-what' }, t('left_what')) : null,
    done && state.info?.rated ? h('p', { id: 'left-rated' }, t('left_rated')) : null,
    h(
      'p',
      { class: 'rematch-buttons' },
      h('button', { type: 'button', id: 'come-back', class: 'primary', onclick: actions.comeBack }, t('come_back')),
      h('a', { href: '/', id: 'home-after-leave' }, t('back_home')),
    ),
  );
}

// Out of the match (or the match over): no round to see, the sheet and how it stands.
export function outView(state, actions) {
  const over = state.server.match_over;
  return h(
    'section',
    { class: 'panel out', 'aria-labelledby': 'out-title' },
    h('h2', { id: 'out-title' }, over ? t('match_over') : t('out_of_match')),
    over ? h('p', { class: 'winner' }, winnerWords(state)) : null,
    over ? rematchView(state, actions) : null,
    sheetTable(state.server.sheet ?? []),
    earlierMatches(state.tableId, state.server.match),
  );
}
