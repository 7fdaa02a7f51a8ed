// The home page's «Partita veloce»: a preset (the last one used) or the house rules chosen
// above, and how many play; then the wait, with how many wait alike, when the computer takes
// the empty seats and a button to cancel; then the table (docs/quick.md). How many wait and
// play for each preset is shown beside it.

import { ApiError, call, ensurePlayer, renamePlayer, saveSeat } from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';
import { presetSelect } from './presets.js';

const HOUSE = '';
// How long a request for news waits at the server (it answers at once once seated).
const POLL = 3;
// How often the counts are asked again while the page is seen, in ms.
const COUNTS_EVERY = 4000;

export function quickMatch(redraw) {
  const state = {
    rules: localStorage.getItem('ramino.quick.rules') ?? 'scala-40',
    players: 2,
    waiting: null, // the server's last answer while waiting, and when it came
    since: 0,
    counts: [],
    problem: null,
  };
  let key = null;
  let ticker = null;

  async function refresh() {
    try {
      state.counts = (await call('GET', '/api/quick')).presets;
      redraw();
    } catch {
      // The counts are news, not needed to play: they come again at the next refresh.
    }
  }

  function stopWaiting() {
    state.waiting = null;
    clearInterval(ticker);
    ticker = null;
    window.removeEventListener('pagehide', leave);
  }

  // Closing the page (or going elsewhere) takes the player out of the queue.
  function leave() {
    if (key) {
      fetch('/api/quick/me', { method: 'DELETE', headers: { 'X-Player-Key': key }, keepalive: true });
    }
  }

  async function ask(event, name, house) {
    event.preventDefault();
    state.problem = null;
    if (!name) {
      state.problem = new ApiError('bad_name');
      redraw();
      return;
    }
    try {
      const player = await ensurePlayer(name);
      if (player.name !== name) await renamePlayer(name);
      key = player.key;
      const body = state.rules === HOUSE
        ? { rules: house.rules, knobs: house.knobs, players: state.players }
        : { rules: state.rules, players: state.players };
      const asked = await call('POST', '/api/quick', { ...body, player_key: key });
      if (state.rules !== HOUSE) localStorage.setItem('ramino.quick.rules', state.rules);
      window.addEventListener('pagehide', leave);
      state.waiting = asked;
      state.since = Date.now();
      ticker = setInterval(redraw, 1000);
      redraw();
      wait(asked.token, name);
    } catch (error) {
      state.problem = error instanceof ApiError ? error : new ApiError('unreachable');
      redraw();
    }
  }

  async function wait(token, name) {
    while (state.waiting) {
      let found;
      try {
        found = await call('GET', `/api/quick/me?wait=${POLL}`, undefined, key);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      if (!state.waiting) return;
      if (found.state === 'seated') {
        stopWaiting();
        saveSeat(found.table, { token, seat: found.seat, name });
        location.assign(`/t/${found.table}`);
        return;
      }
      if (found.state === 'none') {
        stopWaiting();
        redraw();
        return;
      }
      state.waiting = found;
      state.since = Date.now();
      redraw();
    }
  }

  async function cancel() {
    const was = key;
    stopWaiting();
    redraw();
    if (was) await call('DELETE', '/api/quick/me', undefined, was).catch(() => {});
    refresh();
  }

  // A line for every preset offered from the first drawing, its counts once they come: the
  // list never grows under the pointer (nothing below it moves when the server answers).
  function countsList(presets) {
    const known = new Map(state.counts.map((line) => [line.rules, line]));
    return h(
      'ul',
      { class: 'quick-counts', id: 'quick-counts' },
      presets.map((preset) => {
        const line = known.get(preset.name);
        return h(
          'li',
          { 'data-rules': preset.name },
          h('span', { class: 'quick-rules' }, preset.name),
          ' · ',
          line ? t('quick_counts', { waiting: line.waiting, playing: line.playing }) : '…',
        );
      }),
    );
  }

  function waitingView() {
    const w = state.waiting;
    const left = Math.max(0, Math.ceil((w.fill_in ?? 0) - (Date.now() - state.since) / 1000));
    return h(
      'section',
      { class: 'panel quick', 'aria-labelledby': 'quick-title', id: 'quick-waiting' },
      h('h2', { id: 'quick-title' }, t('quick_title')),
      h('p', { role: 'status', id: 'quick-status' },
        t('quick_waiting', { rules: w.rules, players: w.players, waiting: w.waiting })),
      h('p', { id: 'quick-fill' }, t('quick_fill', { seconds: left })),
      h('p', {}, w.rated ? t('quick_rated') : t('quick_unrated')),
      h('button', { type: 'button', id: 'quick-cancel', onclick: cancel }, t('quick_cancel')),
    );
  }

  // `presets` the server's, `house` the rules chosen above ({rules, knobs}, knobs empty when
  // none is changed), `name` the player's.
  function render(presets, house, name) {
    if (state.waiting) return waitingView();
    const houseRules = Object.keys(house.knobs).length > 0;
    if (state.rules === HOUSE && !houseRules) state.rules = house.rules;
    const options = houseRules ? [[HOUSE, t('quick_house', { rules: house.rules })]] : [];
    const base = presets.find((p) => p.name === (state.rules === HOUSE ? house.rules : state.rules));
    const low = base?.min_players ?? 2;
    const high = base?.max_players ?? 6;
    state.players = Math.min(Math.max(state.players, low), high);
    return h(
      'form',
      {
        class: 'panel quick',
        'aria-labelledby': 'quick-title',
        onsubmit: (event) => ask(event, name().trim(), house),
      },
      h('h2', { id: 'quick-title' }, t('quick_title')),
      h('p', {}, t('quick_intro')),
      h(
        'label',
        { class: 'field' },
        h('span', {}, t('rules')),
        presetSelect(
          'quick-rules',
          presets,
          state.rules,
          (value) => {
            state.rules = value;
            redraw();
          },
          options,
        ),
      ),
      h(
        'label',
        { class: 'field' },
        h('span', {}, t('players')),
        h(
          'select',
          {
            id: 'quick-players',
            onchange: (event) => {
              state.players = Number(event.target.value);
            },
          },
          Array.from({ length: high - low + 1 }, (_, i) => low + i).map((n) =>
            h('option', { value: String(n), selected: n === state.players }, String(n)),
          ),
        ),
      ),
      h('p', {}, state.rules === HOUSE ? t('quick_unrated') : t('quick_rated')),
      h('button', { type: 'submit', class: 'primary', id: 'quick-play' }, t('quick_play')),
      state.problem ? h('p', { class: 'error', role: 'alert' }, state.problem.text()) : null,
      countsList(presets),
    );
  }

  // The counts go stale in a minute: asked again every few seconds while the page is seen
  // (at once when it is seen again), never while it is hidden, nor while one waits (the wait
  // has its own news).
  let counting = null;
  function countWhileSeen() {
    clearInterval(counting);
    counting = null;
    if (document.visibilityState === 'hidden') return;
    refresh();
    counting = setInterval(() => {
      if (!state.waiting) refresh();
    }, COUNTS_EVERY);
  }
  document.addEventListener('visibilitychange', countWhileSeen);
  countWhileSeen();
  return { render };
}
