// A player's page (/p/ID): his ratings by preset, provisional ones marked, their history and
// his last matches, each a link to its table (its sheet and how it ended). On /player, this
// browser's own player: his name to change, his key to copy to another device, and a key from
// another to paste.

import { ApiError, call, changeName, savePlayer, savedPlayer } from './api.js';
import { h, patch } from './dom.js';
import { t } from './i18n.js';
import { matchSheetHref } from './sheetview.js';

const whole = (x) => Math.round(x);

function ratingsTable(ratings) {
  if (ratings.length === 0) return h('p', { id: 'no-ratings' }, t('no_ratings'));
  return h(
    'table',
    { class: 'ratings', id: 'ratings' },
    h('thead', {}, h('tr', {}, ...['rules', 'rating', 'rated_matches'].map((k) => h('th', { scope: 'col' }, t(k))))),
    h(
      'tbody',
      {},
      ratings.map((r) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, h('a', { href: `/leaderboard?rules=${encodeURIComponent(r.rules)}` }, r.rules)),
          h(
            'td',
            { class: 'rating' },
            `${whole(r.rating)} ± ${whole(2 * r.deviation)}`,
            r.provisional ? h('span', { class: 'provisional' }, ` (${t('provisional')})`) : '',
          ),
          h('td', {}, String(r.matches)),
        ),
      ),
    ),
  );
}

function historyList(history) {
  if (history.length === 0) return null;
  return h(
    'ol',
    { class: 'history', id: 'history' },
    history.map((point) =>
      h(
        'li',
        {},
        `${point.rules}: ${whole(point.rating_before)} → ${whole(point.rating)} `,
        h('a', { href: `/t/${point.table}` }, t('the_match')),
      ),
    ),
  );
}

// A seat of a match over: place, name, total and, rated, whether he left the table for good
// (which put him last). The reader's own seat (this browser's player) is «tu», and is told
// in the second person.
function seatWords(seat, reader) {
  const mine = Boolean(seat.player) && seat.player === reader;
  const left = seat.left ? `, ${mine ? t('seat_left_you') : t('seat_left')}` : '';
  return `${seat.placement}. ${seat.name}${mine ? ` (${t('me')})` : ''} (${seat.total}${left})`;
}

function matchesList(matches) {
  if (matches.length === 0) return h('p', {}, t('no_matches'));
  const reader = savedPlayer()?.id;
  return h(
    'ul',
    { class: 'matches', id: 'matches' },
    matches.map((match) =>
      h(
        'li',
        {},
        h('a', { href: `/t/${match.table}` }, match.rules),
        ' (',
        h('a', { href: matchSheetHref(match.table, match.match), class: 'match-sheet' }, t('match_sheet_link')),
        ')',
        ` · ${match.rated ? t('rated_table') : t('unrated_table')} · `,
        match.seats
          .slice()
          .sort((a, b) => a.placement - b.placement)
          .map((seat) => seatWords(seat, reader))
          .join(', '),
      ),
    ),
  );
}

export function showPlayer(main, playerId) {
  const own = playerId === null;
  let page = null;
  let problem = null;
  let pasted = '';
  let copied = false;
  let newName = null;
  let renamed = false;

  function load() {
    const id = own ? savedPlayer()?.id : playerId;
    if (!id) {
      draw();
      return;
    }
    call('GET', `/api/players/${id}`)
      .then((answer) => {
        page = answer;
        problem = null;
        draw();
      })
      .catch((error) => {
        problem = error instanceof ApiError ? error : new ApiError('unreachable');
        draw();
      });
  }

  async function useKey(event) {
    event.preventDefault();
    const key = pasted.trim();
    try {
      const me = await call('GET', '/api/players/me', undefined, key);
      savePlayer({ ...me, key });
      pasted = '';
      load();
    } catch (error) {
      problem = error instanceof ApiError ? error : new ApiError('unreachable');
      draw();
    }
  }

  async function rename(event) {
    event.preventDefault();
    const name = (newName ?? '').trim();
    problem = null;
    renamed = false;
    try {
      if (!name) throw new ApiError('bad_name');
      await changeName(name);
      newName = null;
      renamed = true;
      load();
    } catch (error) {
      problem = error instanceof ApiError ? error : new ApiError('unreachable');
      draw();
    }
  }

  // His name, to change: refused (and said why) if another player holds it.
  function nameSection() {
    const mine = savedPlayer();
    if (!mine) return null;
    return h(
      'section',
      { class: 'panel', 'aria-labelledby': 'rename-title' },
      h('h2', { id: 'rename-title' }, t('rename_title')),
      h(
        'form',
        { onsubmit: rename },
        h(
          'label',
          { class: 'field' },
          h('span', {}, t('rename_label')),
          h('input', {
            id: 'new-name',
            type: 'text',
            autocomplete: 'nickname',
            maxlength: 20,
            value: newName ?? mine.name,
            oninput: (event) => {
              newName = event.target.value;
            },
          }),
        ),
        h('button', { type: 'submit', id: 'rename' }, t('rename_button')),
        renamed ? h('span', { role: 'status', id: 'renamed' }, ` ${t('renamed', { name: mine.name })}`) : '',
      ),
    );
  }

  function keySection() {
    const mine = savedPlayer();
    return h(
      'section',
      { class: 'panel', 'aria-labelledby': 'key-title' },
      h('h2', { id: 'key-title' }, t('key_title')),
      mine
        ? [
            h('p', {}, t('key_intro')),
            h('p', {}, h('code', { id: 'player-key', class: 'player-key' }, mine.key)),
            h(
              'button',
              {
                type: 'button',
                id: 'copy-key',
                onclick: () => {
                  navigator.clipboard?.writeText(mine.key).then(() => {
                    copied = true;
                    draw();
                  }, () => {});
                },
              },
              t('copy_key'),
            ),
            copied ? h('span', { role: 'status' }, ` ${t('key_copied')}`) : '',
          ]
        : h('p', { id: 'no-player' }, t('no_player')),
      h(
        'form',
        { onsubmit: useKey },
        h(
          'label',
          { class: 'field' },
          h('span', {}, t('paste_key')),
          h('input', {
            id: 'paste-key',
            type: 'text',
            autocomplete: 'off',
            maxlength: 100,
            value: pasted,
            oninput: (event) => {
              pasted = event.target.value;
            },
          }),
        ),
        h('button', { type: 'submit', id: 'use-key' }, t('use_key')),
      ),
    );
  }

  function draw() {
    patch(
      main,
      h('h1', { id: 'player-name' }, page ? page.name : t('player_title')),
      problem ? h('p', { class: 'error', role: 'alert' }, problem.text()) : null,
      own ? nameSection() : null,
      own ? keySection() : null,
      page
        ? h(
            'section',
            { class: 'panel', 'aria-labelledby': 'ratings-title' },
            h('h2', { id: 'ratings-title' }, t('ratings_title')),
            ratingsTable(page.ratings),
            historyList(page.history),
            h('h2', {}, t('matches_title')),
            matchesList(page.matches),
          )
        : null,
      h('p', {}, h('a', { href: '/' }, t('home_link')), ' · ', h('a', { href: '/leaderboard' }, t('leaderboard_link'))),
    );
  }

  draw();
  load();
  return draw;
}
