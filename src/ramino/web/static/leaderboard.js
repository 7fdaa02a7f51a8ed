// A preset's leaderboard (/leaderboard?rules=NAME): its players by rating, those whose rating
// is established first, the provisional ones after them and marked (docs/ratings.md).

import { ApiError, call, savedPlayer } from './api.js';
import { h, patch } from './dom.js';
import { t } from './i18n.js';
import { presetSelect } from './presets.js';

export function showLeaderboard(main) {
  let rules = new URLSearchParams(location.search).get('rules') || 'classico';
  let presets = [];
  let board = null;
  let problem = null;
  const me = savedPlayer()?.id;

  function load() {
    call('GET', `/api/leaderboard/${encodeURIComponent(rules)}`)
      .then((answer) => {
        board = answer;
        problem = null;
        draw();
      })
      .catch((error) => {
        problem = error instanceof ApiError ? error : new ApiError('unreachable');
        draw();
      });
  }

  function lines() {
    if (!board) return null;
    if (board.players.length === 0) return h('p', { id: 'board-empty' }, t('board_empty'));
    return h(
      'table',
      { class: 'ratings', id: 'board' },
      h('thead', {}, h('tr', {}, ...['place', 'player', 'rating', 'rated_matches'].map((k) => h('th', { scope: 'col' }, t(k))))),
      h(
        'tbody',
        {},
        board.players.map((line) =>
          h(
            'tr',
            { class: line.id === me ? 'me' : '' },
            h('td', {}, String(line.place)),
            h('th', { scope: 'row' }, h('a', { href: `/p/${line.id}` }, line.name)),
            h(
              'td',
              { class: 'rating' },
              `${Math.round(line.rating)} ± ${Math.round(2 * line.deviation)}`,
              line.provisional ? h('span', { class: 'provisional' }, ` (${t('provisional')})`) : '',
            ),
            h('td', {}, String(line.matches)),
          ),
        ),
      ),
    );
  }

  function draw() {
    patch(
      main,
      h('h1', {}, t('leaderboard_title', { rules })),
      h(
        'label',
        { class: 'field' },
        h('span', {}, t('rules')),
        // Each game's presets in their group, as on the home page.
        presetSelect('board-rules', presets.length ? presets : [{ name: rules }], rules, (value) => {
          rules = value;
          history.replaceState(null, '', `/leaderboard?rules=${encodeURIComponent(rules)}`);
          load();
        }),
      ),
      problem ? h('p', { class: 'error', role: 'alert' }, problem.text()) : null,
      lines(),
      h('p', {}, h('a', { href: '/' }, t('home_link')), ' · ', h('a', { href: '/player' }, t('player_link'))),
    );
  }

  draw();
  load();
  call('GET', '/api/rules')
    .then((data) => {
      presets = data.presets;
      draw();
    })
    .catch(() => {});
  return draw;
}
