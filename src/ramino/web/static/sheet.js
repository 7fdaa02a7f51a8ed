// The score sheet of a match played with real cards (/sheet): the rules and the players, then
// each round as the table tells it. The server scores the whole match again at every entry
// (POST /api/sheet, what `ramino score` keeps); the page only shows what it answers, and keeps
// the match in this browser so that a reload loses nothing.

import { ApiError, call } from './api.js';
import { h, clear } from './dom.js';
import { currentLang, said, t } from './i18n.js';
import { forgetDropped, knobEditor, takeAway } from './knobs.js';

const STORE = 'ramino.homeSheet';
const MAX_PLAYERS = 12;
const MAX_NAME = 30;
// `out` is a player's name, '' for nobody (a cap ended the round), or null before a choice.
const emptyDraft = () => ({ out: null, in_one_turn: false, closing: 'simple', hands: {} });

// The match kept in this browser: its rules, players, date, rounds (each with the re-entries
// decided before it: `reenter`, and `declined`, which only the page keeps), the decisions
// taken since the last round, and the round being written.
function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE) ?? 'null');
    if (saved && Array.isArray(saved.players) && Array.isArray(saved.rounds)) {
      return { reenter: [], stay_out: [], draft: emptyDraft(), ...saved };
    }
  } catch {
    // A sheet this page cannot read is started again.
  }
  return null;
}

function save(match) {
  if (match) localStorage.setItem(STORE, JSON.stringify(match));
  else localStorage.removeItem(STORE);
}

// What the server needs to score the match: the page's own notes left out.
function body(match) {
  return {
    rules: match.rules,
    knobs: match.knobs,
    players: match.players,
    rounds: match.rounds.map(({ out, in_one_turn, closing, hands, reenter }) => ({
      out,
      in_one_turn,
      closing,
      hands,
      reenter,
    })),
    reenter: match.reenter,
    stay_out: match.stay_out,
  };
}

// A hand as typed: a whole number is its points, anything else its cards (the server reads
// them, or says why it cannot).
function handValue(text) {
  const typed = String(text ?? '').trim();
  return /^[-+]?\d{1,9}$/.test(typed) ? Number(typed) : typed;
}

function refusal(error) {
  if (!(error instanceof ApiError)) return new ApiError('unreachable');
  // A body the schema refuses has no sentence of the engine's: say what to check.
  return error.status === 422 ? new ApiError('hs_bad_entry', 422) : error;
}

export function showSheet(main) {
  document.body.classList.add('home-sheet-page');
  let match = load();
  let answer = null;
  let catalogue = null;
  let described = null;
  let busy = false;
  let rulesOpen = false;
  const problem = { setup: null, round: null, reentry: null, load: null };
  const setup = {
    rules: match?.rules ?? 'classico',
    knobs: match?.knobs ?? {},
    count: match?.players.length ?? 3,
    names: [...(match?.players ?? []), ...Array(MAX_PLAYERS).fill('')].slice(0, MAX_PLAYERS),
    min: 2,
    max: 6,
  };

  const lang = () => currentLang();
  const errorLine = (where) =>
    problem[where] ? h('p', { class: 'error', role: 'alert', id: `sheet-error-${where}` }, problem[where].text()) : null;

  async function send(next) {
    return call('POST', '/api/sheet', body(next));
  }

  // Score `next` on the server; kept only if the server takes it.
  async function attempt(next, where) {
    if (busy) return false;
    busy = true;
    try {
      answer = await send(next);
      match = next;
      save(match);
      for (const key of Object.keys(problem)) problem[key] = null;
      return true;
    } catch (error) {
      problem[where] = refusal(error);
      return false;
    } finally {
      busy = false;
      draw();
    }
  }

  // --- the rules and the players of a new match ---

  async function describe(players) {
    const rules = match ? match.rules : setup.rules;
    const knobs = match ? match.knobs : setup.knobs;
    try {
      // A change that bears on nothing is taken away, not refused: a match saved before such
      // changes were refused is still described (it plays the same without them).
      described = await call('POST', '/api/rules/describe', { rules, knobs, players, drop: true });
      if (!match) {
        // A change another left bearing on nothing is taken away (see home.js).
        setup.knobs = takeAway(setup.knobs, described.dropped);
        setup.min = described.min_players;
        setup.max = Math.min(described.max_players, MAX_PLAYERS);
        setup.count = Math.min(Math.max(setup.count, setup.min), setup.max);
        problem.setup = null;
      }
    } catch (error) {
      if (players !== undefined) return describe();
      described = null;
      if (!match) problem.setup = refusal(error);
    }
    draw();
  }

  function start(event) {
    event.preventDefault();
    const next = {
      rules: setup.rules,
      knobs: setup.knobs,
      players: setup.names.slice(0, setup.count).map((name) => name.trim()),
      started: new Date().toISOString(),
      rounds: [],
      reenter: [],
      stay_out: [],
      draft: emptyDraft(),
    };
    attempt(next, 'setup').then((done) => {
      if (done) {
        describe(next.players.length);
        document.getElementById('sheet-title')?.focus();
      }
    });
  }

  // The suits' symbols and the jolly, one tap each, into the hand being written (the last one
  // that had the focus): no keyboard has the symbols, and they read the same in any language.
  let lastHand = null;

  function suitKeys(counted) {
    const typeInto = (text) => {
      const name = counted.includes(lastHand) ? lastHand : counted[0];
      const input = document.getElementById(`hand-${match.players.indexOf(name)}`);
      if (!input) return;
      const at = input.selectionStart ?? input.value.length;
      const end = input.selectionEnd ?? at;
      const before = input.value.slice(0, at);
      const spaced = text === 'JK' && before && !before.endsWith(' ') ? ` ${text} ` : text;
      input.value = before + spaced + input.value.slice(end);
      input.focus();
      input.setSelectionRange(at + spaced.length, at + spaced.length);
      match.draft.hands[name] = input.value;
      keepDraft();
    };
    const keys = [
      ['♥', 'suit_hearts'],
      ['♦', 'suit_diamonds'],
      ['♣', 'suit_clubs'],
      ['♠', 'suit_spades'],
      ['JK', 'joker'],
    ];
    return h(
      'div',
      { class: 'suit-keys', role: 'group', 'aria-label': t('hs_suit_keys') },
      keys.map(([text, name]) =>
        h(
          'button',
          {
            type: 'button',
            class: 'suit-key',
            id: `suit-key-${name}`,
            'aria-label': t(name),
            // Pressed, the button leaves the focus in the hand being written.
            onmousedown: (event) => event.preventDefault(),
            onclick: () => typeInto(text),
          },
          text,
        ),
      ),
    );
  }

  function field(label, control, id) {
    return h('div', { class: 'field' }, h('label', { for: id }, label), control);
  }

  function setupSection() {
    // Presets played for chips (pokerato) keep a sheet of chips, not of points.
    const presets = (catalogue?.presets ?? []).filter((p) => p.knobs.betting === 'none');
    const chosen = presets.find((p) => p.name === setup.rules);
    return h(
      'form',
      { class: 'panel sheet-setup', 'aria-labelledby': 'setup-title', onsubmit: start, novalidate: true },
      h('h2', { id: 'setup-title' }, t('hs_new_title')),
      field(
        t('rules'),
        h(
          'select',
          {
            id: 'sheet-preset',
            onchange: (event) => {
              setup.rules = event.target.value;
              setup.knobs = {};
              forgetDropped();
              describe();
            },
          },
          presets.map((p) => h('option', { value: p.name, selected: p.name === setup.rules }, p.name)),
        ),
        'sheet-preset',
      ),
      chosen ? h('p', { class: 'summary' }, chosen.summary[lang()]) : null,
      catalogue
        ? knobEditor(
            catalogue.knobs,
            chosen?.knobs ?? {},
            setup.knobs,
            (knobs) => {
              setup.knobs = knobs;
              describe();
            },
            described?.rules.name === setup.rules ? described.applies : chosen?.applies,
            described?.rules.name === setup.rules ? described.offered : chosen?.offered,
          )
        : null,
      field(
        t('hs_count'),
        h('input', {
          id: 'sheet-count',
          type: 'number',
          min: setup.min,
          max: setup.max,
          value: setup.count,
          inputmode: 'numeric',
          onchange: (event) => {
            const read = Math.round(Number(event.target.value));
            setup.count = Math.min(Math.max(Number.isFinite(read) ? read : setup.min, setup.min), setup.max);
            draw();
          },
        }),
        'sheet-count',
      ),
      h(
        'fieldset',
        { class: 'sheet-names' },
        h('legend', {}, t('hs_names')),
        Array.from({ length: setup.count }, (_, i) =>
          field(
            t('hs_player_n', { n: i + 1 }),
            h('input', {
              id: `sheet-name-${i}`,
              type: 'text',
              maxlength: MAX_NAME,
              autocomplete: 'off',
              value: setup.names[i],
              oninput: (event) => {
                setup.names[i] = event.target.value;
              },
            }),
            `sheet-name-${i}`,
          ),
        ),
      ),
      h('button', { type: 'submit', class: 'primary', id: 'sheet-start' }, t('hs_start')),
      errorLine('setup'),
    );
  }

  function loadCatalogue() {
    if (catalogue) return describe();
    return call('GET', '/api/rules')
      .then((data) => {
        catalogue = data;
        return describe();
      })
      .catch(() => {
        problem.setup = new ApiError('unreachable');
        draw();
      });
  }

  // --- the sheet ---

  const rules = () => answer?.rules.knobs ?? {};
  const sheet = () => answer?.sheet;
  // Written as the engine's sentences write them ("Vince Anna, con -10.").
  const signed = (n) => (n < 0 ? String(n) : `+${n}`);
  const number = (n) => String(n);

  function endWords() {
    const knobs = rules();
    if (knobs.match_end === 'fixed_rounds') {
      const rounds = t('hs_end_rounds', { rounds: knobs.match_rounds });
      // A target there is an exit score (carioca's, none unless the house sets one).
      const chips = knobs.betting !== undefined && knobs.betting !== 'none';
      if (knobs.target === null || knobs.target === undefined || chips) return rounds;
      return `${rounds}; ${t('hs_end_elimination', { target: knobs.target })}`;
    }
    if (knobs.match_end === 'first_to_target') return t('hs_end_first', { target: knobs.target });
    return t('hs_end_elimination', { target: knobs.target });
  }

  function wentOut(line) {
    if (line.out === null) return t('hs_nobody');
    const words = [line.out];
    if (line.in_one_turn) words.push(t('hs_in_one_turn'));
    if (line.closing !== 'simple') words.push(said(answer.closing_words[line.closing]?.with));
    return words.join(', ');
  }

  const outMark = () => h('span', { class: 'out-mark' }, ' ✗ ', t('hs_out_mark'));

  function sheetTable() {
    const data = sheet();
    const players = data.players;
    const withMessa = data.rounds.some((line) => line.messa);
    const head = h(
      'tr',
      {},
      h('th', { scope: 'col' }, t('round_col')),
      h('th', { scope: 'col' }, t('hs_went_out')),
      players.map((name) => h('th', { scope: 'col' }, name)),
      withMessa ? h('th', { scope: 'col' }, t('hs_messa')) : null,
    );
    const rows = [];
    const gone = new Set();
    for (const line of data.rounds) {
      for (const name of line.reentered) gone.delete(name);
      rows.push(
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, String(line.number)),
          h('td', { class: 'went-out' }, wentOut(line)),
          players.map((name) => {
            if (gone.has(name)) {
              return h('td', { class: 'gone' }, h('span', { 'aria-hidden': 'true' }, '—'), h('span', { class: 'visually-hidden' }, t('hs_gone')));
            }
            const scored = line.scores[name];
            return h(
              'td',
              {},
              h('span', { class: 'total' }, number(line.totals[name])),
              scored === undefined ? null : h('span', { class: 'gain' }, ` ${signed(scored)}`),
              line.eliminated.includes(name) ? outMark() : null,
            );
          }),
          withMessa ? h('td', {}, line.messa ? String(line.messa) : '') : null,
        ),
      );
      for (const name of line.eliminated) gone.add(name);
      // A re-entry gets its line under the round after which it was made: the total the
      // player starts again from.
      const back = new Map(data.reentries.filter((r) => r.after_round === line.number).map((r) => [r.player, r]));
      if (back.size) {
        for (const name of back.keys()) gone.delete(name);
        rows.push(
          h(
            'tr',
            { class: 'reentry-line' },
            h('th', { scope: 'row', colspan: 2 }, t('hs_reenters')),
            players.map((name) => h('td', {}, back.has(name) ? `↺ ${number(back.get(name).total)}` : '')),
            withMessa ? h('td', {}) : null,
          ),
        );
      }
    }
    const footRow = (label, cell, id) =>
      h(
        'tr',
        { id },
        h('th', { scope: 'row', colspan: 2 }, label),
        players.map((name) => h('td', { 'data-player': name }, cell(name))),
        withMessa ? h('td', {}) : null,
      );
    const foot = [
      footRow(t('totals'), (name) => [
        h('span', { class: 'total' }, number(data.totals[name])),
        data.eliminated.includes(name) ? outMark() : null,
      ], 'sheet-totals'),
    ];
    if (data.chips) foot.push(footRow(t('hs_chips'), (name) => number(data.chips[name]), 'sheet-chips'));
    if (Object.values(data.credits).some((n) => n)) {
      foot.push(footRow(t('hs_credits'), (name) => String(data.credits[name]), 'sheet-credits'));
    }
    if (Object.values(data.stakes).some((n) => n)) {
      foot.push(footRow(t('hs_stakes'), (name) => String(data.stakes[name]), 'sheet-stakes'));
    }
    return h(
      'table',
      { class: 'sheet home-sheet-table', id: 'sheet-table' },
      h('caption', {}, t('hs_caption', { rules: answer.rules.name })),
      h('thead', {}, head),
      h('tbody', {}, rows.length ? rows : h('tr', {}, h('td', { colspan: players.length + 2 + (withMessa ? 1 : 0), class: 'empty' }, t('hs_no_rounds')))),
      h('tfoot', {}, foot),
    );
  }

  function outcome() {
    const data = sheet();
    if (answer.result) {
      return h('p', { class: 'outcome over', id: 'sheet-outcome' }, h('strong', {}, t('hs_over')), ' — ', said(answer.result));
    }
    if (!data.rounds.length) return h('p', { class: 'outcome', id: 'sheet-outcome' }, t('hs_no_rounds'));
    const leader = data.standing[0];
    const words = [t('hs_leads', { name: leader, n: data.totals[leader] })];
    if (rules().match_end === 'fixed_rounds') {
      words.push(t('hs_played', { played: data.rounds.length, rounds: rules().match_rounds }));
    }
    return h('p', { class: 'outcome', id: 'sheet-outcome' }, words.join(' '));
  }

  function sheetSection() {
    const date = new Intl.DateTimeFormat(lang() === 'it' ? 'it-IT' : 'en-GB', { dateStyle: 'long' }).format(
      new Date(match.started ?? Date.now()),
    );
    return h(
      'section',
      { class: 'panel sheet-paper', 'aria-labelledby': 'sheet-title' },
      h('div', { class: 'sheet-head' }, h('h1', { id: 'sheet-title', tabindex: -1 }, t('hs_title')), tools()),
      h(
        'p',
        { class: 'sheet-facts' },
        h('span', {}, t('hs_rules_line', { rules: answer.rules.name, end: endWords() })),
        ' ',
        h('span', {}, t('hs_started', { date })),
        ' ',
        h('span', {}, t('hs_players_line', { names: match.players.join(', ') })),
      ),
      h('div', { class: 'sheet-scroll' }, sheetTable()),
      outcome(),
    );
  }

  // --- the re-entries offered after a round ---

  function decide(player, reenters) {
    const next = {
      ...match,
      reenter: reenters ? [...match.reenter, player] : match.reenter,
      stay_out: reenters ? match.stay_out : [...match.stay_out, player],
    };
    attempt(next, 'reentry');
  }

  function reentrySection() {
    return h(
      'section',
      { class: 'panel sheet-reentry', 'aria-labelledby': 'reentry-title' },
      h('h2', { id: 'reentry-title' }, t('hs_reentry_title')),
      answer.offers.map((offer, i) =>
        h(
          'div',
          { class: 'offer' },
          h('p', {}, t('hs_reentry_q', { name: offer.player, total: offer.total, entry: offer.entry_total, stake: offer.stake })),
          h(
            'div',
            { class: 'offer-buttons' },
            h('button', { type: 'button', class: 'primary', id: `reenter-${i}`, onclick: () => decide(offer.player, true) }, t('hs_reenter', { name: offer.player })),
            h('button', { type: 'button', id: `stay-out-${i}`, onclick: () => decide(offer.player, false) }, t('hs_stay_out', { name: offer.player })),
          ),
        ),
      ),
      errorLine('reentry'),
    );
  }

  // --- the next round ---

  function keepDraft() {
    save(match);
  }

  function addRound(event) {
    event.preventDefault();
    const draft = match.draft;
    const counted = sheet().active.filter((name) => name !== draft.out);
    const hands = {};
    for (const name of counted) {
      const typed = String(draft.hands[name] ?? '').trim();
      if (typed !== '') hands[name] = handValue(typed);
    }
    const entry = {
      out: draft.out === '' ? null : draft.out,
      in_one_turn: draft.out !== null && answer.form.in_one_turn && draft.in_one_turn,
      closing: draft.out !== null && answer.form.closings.includes(draft.closing) ? draft.closing : 'simple',
      hands,
      reenter: match.reenter,
      declined: match.stay_out,
    };
    const next = { ...match, rounds: [...match.rounds, entry], reenter: [], stay_out: [], draft: emptyDraft() };
    attempt(next, 'round').then((done) => {
      if (done) document.getElementById('round-out')?.focus();
    });
  }

  function roundSection() {
    const data = sheet();
    const draft = match.draft;
    if (draft.out !== null && !data.active.includes(draft.out)) draft.out = null;
    if (draft.out === null && data.active.length) draft.out = data.active[0];
    const nobody = '\u0000nobody';
    const counted = data.active.filter((name) => name !== draft.out);
    const closings = answer.form.closings;
    return h(
      'form',
      { class: 'panel sheet-round', 'aria-labelledby': 'round-title', onsubmit: addRound, novalidate: true },
      h('h2', { id: 'round-title' }, t('round_n', { n: data.rounds.length + 1 })),
      field(
        t('hs_who_out'),
        h(
          'select',
          {
            id: 'round-out',
            onchange: (event) => {
              draft.out = event.target.value === nobody ? '' : event.target.value;
              keepDraft();
              draw();
            },
          },
          data.active.map((name) => h('option', { value: name, selected: name === draft.out }, name)),
          h('option', { value: nobody, selected: draft.out === '' }, t('hs_nobody_option')),
        ),
        'round-out',
      ),
      draft.out !== '' && answer.form.in_one_turn
        ? h(
            'label',
            { class: 'check' },
            h('input', {
              id: 'round-one-turn',
              type: 'checkbox',
              checked: draft.in_one_turn,
              onchange: (event) => {
                draft.in_one_turn = event.target.checked;
                keepDraft();
              },
            }),
            t('hs_one_turn'),
          )
        : null,
      draft.out !== '' && closings.length > 1
        ? field(
            t('hs_closing'),
            h(
              'select',
              {
                id: 'round-closing',
                onchange: (event) => {
                  draft.closing = event.target.value;
                  keepDraft();
                },
              },
              closings.map((value) =>
                h('option', { value, selected: value === draft.closing }, said(answer.closing_words[value].name)),
              ),
            ),
            'round-closing',
          )
        : null,
      h(
        'fieldset',
        { class: 'sheet-hands', 'aria-describedby': 'hands-help' },
        h('legend', {}, t('hs_hands')),
        h('p', { class: 'help', id: 'hands-help' }, t('hs_hands_help')),
        suitKeys(counted),
        h(
          'div',
          { class: 'hand-inputs' },
          counted.map((name) => {
            const id = `hand-${match.players.indexOf(name)}`;
            return field(
              name,
              h('input', {
                id,
                type: 'text',
                // Letters too: a hand is its points or its cards.
                inputmode: 'text',
                autocomplete: 'off',
                autocapitalize: 'characters',
                maxlength: 200,
                value: draft.hands[name] ?? '',
                onfocus: () => {
                  lastHand = name;
                },
                oninput: (event) => {
                  draft.hands[name] = event.target.value;
                  keepDraft();
                },
              }),
              id,
            );
          }),
        ),
      ),
      h('button', { type: 'submit', class: 'primary', id: 'round-add' }, t('hs_add')),
      errorLine('round'),
    );
  }

  // --- undo, a new match, print ---

  function undo() {
    const last = match.rounds.at(-1);
    if (!last) return;
    // Back to the moment before the round was entered: its re-entries undecided again, and
    // the round itself in the form, to put right.
    const hands = Object.fromEntries(Object.entries(last.hands).map(([name, hand]) => [name, String(hand)]));
    const next = {
      ...match,
      rounds: match.rounds.slice(0, -1),
      reenter: last.reenter ?? [],
      stay_out: last.declined ?? [],
      draft: { out: last.out ?? '', in_one_turn: last.in_one_turn, closing: last.closing, hands },
    };
    problem.round = null;
    problem.reentry = null;
    attempt(next, 'load');
  }

  function newMatch() {
    if (!window.confirm(t('hs_new_confirm'))) return;
    setup.rules = match.rules;
    setup.knobs = match.knobs;
    setup.count = match.players.length;
    match.players.forEach((name, i) => {
      setup.names[i] = name;
    });
    match = null;
    answer = null;
    described = null;
    save(null);
    for (const key of Object.keys(problem)) problem[key] = null;
    draw();
    loadCatalogue();
  }

  function tools() {
    return h(
      'div',
      { class: 'sheet-tools', role: 'group', 'aria-label': t('hs_tools') },
      h('button', { type: 'button', id: 'sheet-undo', disabled: !match.rounds.length, onclick: undo }, t('hs_undo')),
      h('button', { type: 'button', id: 'sheet-new', onclick: newMatch }, t('hs_new')),
      h('button', { type: 'button', id: 'sheet-print', onclick: () => window.print() }, t('print')),
    );
  }

  function rulesText() {
    if (!described) return null;
    return h(
      'details',
      {
        class: 'panel sheet-rules',
        id: 'sheet-rules',
        open: rulesOpen || null,
        ontoggle: (event) => {
          rulesOpen = event.target.open;
        },
      },
      h('summary', {}, t('hs_rules_text')),
      h('pre', { class: 'rules-text' }, described.described[lang()]),
    );
  }

  function draw() {
    // Drawn again after each change: the control in use keeps the focus.
    const focused = document.activeElement?.id;
    if (!match) {
      clear(
        main,
        h('h1', { id: 'sheet-title', tabindex: -1 }, t('hs_title')),
        h('p', { class: 'intro' }, t('hs_intro')),
        h('div', { class: 'home-sheet' }, setupSection()),
      );
    } else if (!answer) {
      clear(
        main,
        h('h1', { id: 'sheet-title', tabindex: -1 }, t('hs_title')),
        problem.load ? errorLine('load') : h('p', { role: 'status' }, t('hs_loading')),
        problem.load ? tools() : null,
      );
    } else {
      const data = sheet();
      const offers = answer.offers.length > 0;
      clear(
        main,
        h(
          'div',
          { class: 'home-sheet' },
          sheetSection(),
          offers ? reentrySection() : null,
          !offers && !data.is_over ? roundSection() : null,
          errorLine('load'),
          rulesText(),
        ),
      );
    }
    if (focused) document.getElementById(focused)?.focus();
  }

  draw();
  if (match) {
    send(match)
      .then((data) => {
        answer = data;
      })
      .catch((error) => {
        problem.load = refusal(error);
      })
      .finally(() => {
        draw();
        describe(match?.players.length);
      });
  } else {
    loadCatalogue();
  }
  // The page's state, for the tests.
  window.ramino = { ...(window.ramino ?? {}), sheet: () => ({ match, answer }) };
  return draw;
}
