// The page's entry: the options bar, then the page the address names.

import { currentLang, setLang, t } from './i18n.js';
import { showHome } from './home.js';
import { showLeaderboard } from './leaderboard.js';
import { showMatchSheet } from './matchsheet.js';
import { showPlayer } from './player.js';
import { showReplay } from './replay.js';
import { showSheet } from './sheet.js';
import { showTable } from './table.js';

const main = document.getElementById('main');
let redraw = () => {};

function option(id, key) {
  const button = document.getElementById(id);
  const on = localStorage.getItem(`ramino.${id}`) === '1';
  document.body.classList.toggle(id, on);
  button.setAttribute('aria-pressed', String(on));
  button.addEventListener('click', () => {
    const now = !document.body.classList.contains(id);
    document.body.classList.toggle(id, now);
    button.setAttribute('aria-pressed', String(now));
    localStorage.setItem(`ramino.${id}`, now ? '1' : '0');
    redraw();
  });
  return () => {
    button.textContent = t(key);
  };
}

function words() {
  document.documentElement.lang = currentLang();
  for (const element of document.querySelectorAll('[data-t]')) {
    element.textContent = t(element.dataset.t);
  }
  for (const element of document.querySelectorAll('[data-t-label]')) {
    element.setAttribute('aria-label', t(element.dataset.tLabel));
  }
  const lang = document.getElementById('lang');
  lang.textContent = t('lang_button');
  lang.setAttribute('aria-label', t('lang_label'));
  lang.setAttribute('lang', currentLang() === 'it' ? 'en' : 'it');
}

const labels = [option('colours', 'colours'), option('large', 'large')];

function relabel() {
  words();
  for (const label of labels) label();
}

document.getElementById('lang').addEventListener('click', () => {
  setLang(currentLang() === 'it' ? 'en' : 'it');
  relabel();
  redraw();
});

relabel();
const path = location.pathname;
const table = /^\/t\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
const match = /^\/t\/([A-Za-z0-9_-]{1,64})\/m\/([1-9][0-9]{0,8})\/?$/.exec(path);
const replay = /^\/t\/([A-Za-z0-9_-]{1,64})\/m\/([1-9][0-9]{0,8})\/r\/([1-9][0-9]{0,8})\/?$/.exec(path);
if (table) {
  redraw = showTable(main, table[1]);
} else if (match) {
  redraw = showMatchSheet(main, match[1], Number(match[2]));
} else if (replay) {
  redraw = showReplay(main, replay[1], Number(replay[2]), Number(replay[3]));
} else if (path === '/sheet') {
  redraw = showSheet(main);
} else if (path === '/player') {
  redraw = showPlayer(main, null);
} else if (/^\/p\/[A-Za-z0-9_-]{1,64}\/?$/.test(path)) {
  redraw = showPlayer(main, path.split('/')[2]);
} else if (path === '/leaderboard') {
  redraw = showLeaderboard(main);
} else if (path.startsWith('/t/')) {
  // An address no table can have: said, not taken for the home page.
  const home = () => {
    main.replaceChildren();
    const problem = document.createElement('p');
    problem.className = 'error';
    problem.setAttribute('role', 'alert');
    problem.textContent = t('bad_link');
    const back = document.createElement('a');
    back.href = '/';
    back.textContent = t('home_link');
    main.append(problem, back);
  };
  home();
  redraw = home;
} else {
  redraw = showHome(main);
}
