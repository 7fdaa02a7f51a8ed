// The home page: the rules to play (a preset and the house's changes), then play now against
// the computer, create a private table, join one with its link, or sit at an open one.

import {
  ApiError,
  call,
  ensurePlayer,
  guestName,
  inviteLink,
  nonceFor,
  renamePlayer,
  saveSeat,
  savedPlayer,
  tableOfLink,
} from './api.js';
import { h, patch } from './dom.js';
import { currentLang, t } from './i18n.js';
import { forgetDropped, knobEditor, takeAway } from './knobs.js';
import { presetSelect } from './presets.js';
import { quickMatch } from './quick.js';

const LEVELS = ['principiante', 'intermedio', 'esperto'];
const TIMERS = [null, 30, 60, 120, 300];

export function showHome(main) {
  const choice = {
    rules: 'classico',
    knobs: {},
    players: 3,
    level: 'intermedio',
    computers: 0,
    timer: 60,
    listed: false,
    rated: false,
    chat: true,
    name: savedPlayer()?.name ?? localStorage.getItem('ramino.name') ?? '',
    link: '',
  };
  // Without a name of one's own, one plays as a guest: the name is in the field, to change.
  if (!choice.name.trim()) choice.name = guestName();
  let catalogue = null;
  let described = null;
  let lobby = [];
  let problem = { now: '', private: '', join: '', rules: '' };
  // A name typed that another player holds: { name, mine }, his own kept.
  let nameKept = null;
  // The table of the link last joined: full, it may still be watched.
  let joined = null;

  const quick = quickMatch(() => draw());
  // A rated match is played by a preset's rules as they are.
  const houseRules = () => Object.keys(choice.knobs).length > 0;
  const preset = () => catalogue?.presets.find((p) => p.name === choice.rules);
  const seatsRange = () => [described?.min_players ?? 2, described?.max_players ?? 6];
  // The knobs that bear on the rules in force: the server's word on the rules described, or
  // the preset's until it has described those chosen.
  const applies = () => (described?.rules.name === choice.rules ? described.applies : preset()?.applies);
  const offered = () => (described?.rules.name === choice.rules ? described.offered : preset()?.offered);

  async function describe() {
    try {
      // A change that another left bearing on nothing (jokers at 0, then the jolly's penalty)
      // is taken away by the server, and here.
      described = await call('POST', '/api/rules/describe', {
        rules: choice.rules,
        knobs: choice.knobs,
        drop: true,
      });
      choice.knobs = takeAway(choice.knobs, described.dropped);
      problem.rules = '';
      const [low, high] = seatsRange();
      choice.players = Math.min(Math.max(choice.players, low), high);
      choice.computers = Math.min(choice.computers, choice.players - 1);
    } catch (error) {
      problem.rules = error instanceof ApiError ? error : new ApiError('unreachable');
    }
    draw();
  }

  function remember(name) {
    choice.name = name;
    localStorage.setItem('ramino.name', name);
  }

  // Create a table of `seats`, take the first person's seat, and go to it.
  async function create(seats, timer, listed, where, chat = true) {
    const name = choice.name.trim();
    if (!name) {
      problem[where] = new ApiError('bad_name');
      draw();
      return;
    }
    try {
      const table = await call('POST', '/api/tables', {
        rules: choice.rules,
        knobs: choice.knobs,
        seats,
        turn_seconds: timer,
        listed,
        rated: where === 'private' && choice.rated && !houseRules(),
        chat,
      });
      await sit(table.table, name, where, table.commitment);
    } catch (error) {
      problem[where] = error instanceof ApiError ? error : new ApiError('unreachable');
      draw();
    }
  }

  async function sit(table, name, where, commitment) {
    try {
      // The nonce goes with the deal it was made for: deal 1, whose commitment the table shows.
      const first = commitment ?? (await call('GET', `/api/tables/${table}`)).commitment;
      const mine = nonceFor(table, first);
      // The seat is this browser's player's: a guest the first time, with the name given.
      const player = await ensurePlayer(name);
      if (player.name !== name) await renamePlayer(name);
      const seat = await call('POST', `/api/tables/${table}/seats`, {
        nickname: name,
        nonce: mine,
        player_key: player.key,
      });
      saveSeat(table, { token: seat.token, seat: seat.seat, name });
      location.assign(`/t/${table}`);
    } catch (error) {
      problem[where] = error instanceof ApiError ? error : new ApiError('unreachable');
      draw();
    }
  }

  const computerSeats = (count) =>
    Array.from({ length: count }, () => ({ kind: 'computer', level: choice.level }));

  function playNow(event) {
    event.preventDefault();
    const seats = [{ kind: 'human' }, ...computerSeats(choice.players - 1)];
    create(seats, null, false, 'now');
  }

  function createPrivate(event) {
    event.preventDefault();
    const people = choice.players - choice.computers;
    const seats = [
      ...Array.from({ length: people }, () => ({ kind: 'human' })),
      ...computerSeats(choice.computers),
    ];
    create(seats, choice.timer, choice.listed, 'private', choice.chat);
  }

  function join(event) {
    event.preventDefault();
    const table = tableOfLink(choice.link);
    if (!table) {
      problem.join = new ApiError('bad_link');
      draw();
      return;
    }
    if (!choice.name.trim()) {
      problem.join = new ApiError('bad_name');
      draw();
      return;
    }
    joined = table;
    sit(table, choice.name.trim(), 'join');
  }

  const errorLine = (where) =>
    problem[where] ? h('p', { class: 'error', role: 'alert' }, problem[where].text()) : null;

  function field(label, control) {
    return h('label', { class: 'field' }, h('span', {}, label), control);
  }

  function number(id, value, low, high, change, disabled = false) {
    return h('input', {
      id,
      type: 'number',
      min: low,
      max: high,
      value,
      disabled,
      inputmode: 'numeric',
      onchange: (event) => {
        const read = Math.round(Number(event.target.value));
        const kept = Math.min(Math.max(Number.isFinite(read) ? read : low, low), high);
        // Shown as kept, also while the field keeps the focus through the redraw.
        event.target.value = String(kept);
        change(kept);
        draw();
      },
    });
  }

  function select(id, options, value, change, disabled = false) {
    return h(
      'select',
      { id, disabled, onchange: (event) => change(event.target.value) },
      options.map(([key, label]) => h('option', { value: key, selected: key === value }, label)),
    );
  }

  const nameField = () => [
    field(
      t('nickname'),
      h('input', {
        id: 'nickname',
        type: 'text',
        name: 'nickname',
        maxlength: 20,
        autocomplete: 'nickname',
        required: true,
        value: choice.name,
        'aria-describedby': 'name-note',
        oninput: (event) => {
          remember(event.target.value);
          nameKept = null;
          draw();
        },
        // The player's name changes with it, at the server too, once it is written, unless
        // another player holds it: then only the seats take it, and the note says so.
        onchange: (event) => {
          const name = event.target.value.trim();
          if (!name) return;
          renamePlayer(name)
            .then((player) => {
              nameKept = player && player.name !== name ? { name, mine: player.name } : null;
              draw();
            })
            .catch(() => {});
        },
      }),
    ),
    nameNote(),
  ];

  // What the name does to this browser's player: renames him, or (held by another) does not.
  function nameNote() {
    const player = savedPlayer();
    const typed = choice.name.trim();
    let words = '';
    if (nameKept && nameKept.name === typed) words = t('name_kept', nameKept);
    else if (player && typed && typed !== player.name) words = t('name_renames', { name: player.name });
    return h('small', { id: 'name-note', class: 'note', 'aria-live': 'polite' }, words);
  }

  const levelField = (id, disabled = false) =>
    field(
      t('level'),
      select(
        id,
        LEVELS.map((level) => [level, t(level)]),
        choice.level,
        (value) => {
          choice.level = value;
        },
        disabled,
      ),
    );

  function rulesSection() {
    const presets = catalogue?.presets ?? [];
    const lang = currentLang();
    const [low, high] = seatsRange();
    return h(
      'section',
      { class: 'panel rules', 'aria-labelledby': 'rules-title' },
      // The heading names the preset's list: no label of its own to say «Regole» again.
      h('h2', { id: 'rules-title' }, h('label', { for: 'preset' }, t('rules'))),
      presetSelect('preset', presets, choice.rules, (value) => {
        choice.rules = value;
        choice.knobs = {};
        forgetDropped();
        describe();
      }),
      // Every part of the form is there from the start, filled in as the server answers: nothing
      // moves under a pointer on its way to a button.
      h('p', { class: 'summary' }, preset()?.summary[lang] ?? ''),
      // A game of two only (gin rummy) has no number to choose.
      field(t('players'), number('players', choice.players, low, high, (n) => {
        choice.players = n;
        choice.computers = Math.min(choice.computers, n - 1);
      }, low === high)),
      nameField(),
      catalogue
        ? knobEditor(
            catalogue.knobs,
            preset()?.knobs ?? {},
            choice.knobs,
            (knobs) => {
              choice.knobs = knobs;
              describe();
            },
            applies(),
            offered(),
          )
        : h('details', { class: 'house-rules' }, h('summary', {}, t('house_rules'))),
      errorLine('rules'),
      h(
        'details',
        { class: described ? 'described' : 'describing' },
        h('summary', {}, t('read_rules')),
        h('pre', { class: 'rules-text' }, described?.described[lang] ?? ''),
      ),
    );
  }

  function nowSection() {
    return h(
      'form',
      { class: 'panel', 'aria-labelledby': 'now-title', onsubmit: playNow },
      h('h2', { id: 'now-title' }, t('now_title')),
      levelField('level-now'),
      h('button', { type: 'submit', class: 'primary', id: 'play-now' }, t('play_now')),
      errorLine('now'),
    );
  }

  function privateSection() {
    return h(
      'form',
      { class: 'panel', 'aria-labelledby': 'private-title', onsubmit: createPrivate },
      h('h2', { id: 'private-title' }, t('private_title')),
      h('p', {}, t('private_intro')),
      field(t('computers'), number('computers', choice.computers, 0, choice.players - 1, (n) => {
        choice.computers = n;
      })),
      // There with no computer player too (unused): the button under it stays where it is.
      levelField('level-private', choice.computers === 0),
      field(
        t('timer'),
        select(
          'timer',
          TIMERS.map((s) => [String(s), s === null ? t('no_timer') : String(s)]),
          String(choice.timer),
          (value) => {
            choice.timer = value === 'null' ? null : Number(value);
          },
        ),
      ),
      h(
        'label',
        { class: 'check' },
        h('input', {
          id: 'listed',
          type: 'checkbox',
          checked: choice.listed,
          onchange: (event) => {
            choice.listed = event.target.checked;
          },
        }),
        t('listed'),
      ),
      h(
        'label',
        { class: 'check' },
        h('input', {
          id: 'rated',
          type: 'checkbox',
          // With house rules the server would refuse it: said here, before the table is made.
          checked: choice.rated && !houseRules(),
          disabled: houseRules(),
          'aria-describedby': houseRules() ? 'rated-why' : null,
          onchange: (event) => {
            choice.rated = event.target.checked;
          },
        }),
        t('rated_option'),
      ),
      houseRules() ? h('p', { class: 'why-not', id: 'rated-why' }, t('rated_not_house')) : null,
      h(
        'label',
        { class: 'check' },
        h('input', {
          id: 'chat-on',
          type: 'checkbox',
          checked: choice.chat,
          onchange: (event) => {
            choice.chat = event.target.checked;
          },
        }),
        t('chat_on'),
      ),
      h('button', { type: 'submit', class: 'primary', id: 'create' }, t('create')),
      errorLine('private'),
    );
  }

  function joinSection() {
    return h(
      'form',
      { class: 'panel', 'aria-labelledby': 'join-title', onsubmit: join },
      h('h2', { id: 'join-title' }, t('join_title')),
      field(
        t('link'),
        h('input', {
          id: 'link',
          type: 'url',
          name: 'link',
          value: choice.link,
          placeholder: 'https://…/t/…',
          oninput: (event) => {
            choice.link = event.target.value;
          },
        }),
      ),
      h('button', { type: 'submit', id: 'join' }, t('join')),
      errorLine('join'),
      // A full table has no seat to take, and a game to watch.
      problem.join?.sentence === 'no_seat' && joined
        ? h('p', {}, h('a', { href: `/t/${joined}?watch`, id: 'watch-full' }, t('watch_full')))
        : null,
    );
  }

  function lobbySection() {
    return h(
      'section',
      { class: 'panel', 'aria-labelledby': 'lobby-title' },
      h('h2', { id: 'lobby-title' }, t('lobby_title')),
      lobby.length === 0
        ? h('p', {}, t('lobby_empty'))
        : h(
            'ul',
            { class: 'lobby' },
            lobby.map((table) => {
              const free = table.seats.filter((seat) => seat.free).length;
              return h(
                'li',
                {},
                h('a', { href: `/t/${table.table}` }, table.rules.name),
                ' · ',
                t('lobby_seats', { free, seats: table.seats.length }),
              );
            }),
          ),
    );
  }

  function draw() {
    // Drawn again over what is on screen (an answer of the server may come while one types or
    // clicks): every control stays where it is, with the focus and what is typed in it.
    patch(
      main,
      h('h1', {}, t('home_title')),
      h('p', { class: 'intro' }, t('home_intro'), ' ', h('a', { href: '/sheet', id: 'sheet-link' }, t('sheet_link'))),
      h(
        'p',
        { class: 'intro' },
        h('a', { href: '/player', id: 'player-link' }, t('player_link')),
        ' · ',
        h('a', { href: '/leaderboard', id: 'leaderboard-link' }, t('leaderboard_link')),
      ),
      h(
        'div',
        { class: 'home' },
        rulesSection(),
        nowSection(), privateSection(),
        joinSection(),
        lobbySection(),
        // Last: its counts come with the presets, and nothing below it moves when they do.
        quick.render(catalogue?.presets ?? [], { rules: choice.rules, knobs: choice.knobs }, () => choice.name),
      ),
    );
  }

  draw();
  call('GET', '/api/rules')
    .then((data) => {
      catalogue = data;
      return describe();
    })
    .catch(() => {
      problem.rules = new ApiError('unreachable');
      draw();
    });
  call('GET', '/api/tables')
    .then((tables) => {
      lobby = Array.isArray(tables) ? tables : [];
      draw();
    })
    .catch(() => {});
  return draw;
}

export { inviteLink };
