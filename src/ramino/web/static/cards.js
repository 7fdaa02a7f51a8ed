// Cards on the page: the protocol's card codes (`7H`, `10S`, `JK`) turned into SVG faces,
// the card back, and the card in words for screen readers and in short text for logs.
// Every SVG is built only from the parsed rank and suit, never from the raw code, so no input
// can put markup on the page.

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["C", "D", "H", "S"];
const JOKER_CODE = "JK";

const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };

const NAMES = {
  it: {
    ranks: { A: "asso", J: "fante", Q: "donna", K: "re" },
    suits: { C: "fiori", D: "quadri", H: "cuori", S: "picche" },
    of: "di",
    joker: "jolly",
    back: "carta coperta",
  },
  en: {
    ranks: { A: "ace", J: "jack", Q: "queen", K: "king" },
    suits: { C: "clubs", D: "diamonds", H: "hearts", S: "spades" },
    of: "of",
    joker: "joker",
    back: "face-down card",
  },
};

// Every colour keeps WCAG AA contrast (4.5:1 or more) against the white card and the cream frame
// of the court cards. The four-colour deck gives each suit its own colour, as in poker rooms.
const BLACK = "#1a1a1a";
const RED = "#c00018";
const BLUE = "#0050b8";
const GREEN = "#00792e";
const JOKER_INK = "#7b1fa2";
const TWO_COLOURS = { C: BLACK, D: RED, H: RED, S: BLACK };
const FOUR_COLOURS = { C: GREEN, D: BLUE, H: RED, S: BLACK };

/** A bad card code: `input` is what was given. */
export class CardCodeError extends Error {
  constructor(input) {
    const shown = typeof input === "string" ? JSON.stringify(input.slice(0, 20)) : typeof input;
    super(`not a card code: ${shown} (expected e.g. 7H, 10S, QD, JK)`);
    this.name = "CardCodeError";
    this.input = input;
  }
}

/**
 * Parse a protocol card code: `"10S"` → `{rank: "10", suit: "S"}`, `"JK"` → `{joker: true}`.
 * Only the exact protocol spelling is accepted (upper case, `10` not `T`); anything else throws
 * a CardCodeError, so a bad code never draws a wrong card. The rank and suit returned are
 * checked against the tables above, which makes them safe to put into markup.
 */
export function parseCode(code) {
  if (typeof code !== "string") throw new CardCodeError(code);
  if (code === JOKER_CODE) return Object.freeze({ joker: true });
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  if (!RANKS.includes(rank) || !SUITS.includes(suit)) throw new CardCodeError(code);
  return Object.freeze({ rank, suit });
}

/** The card in words, Italian by default (`"7 di cuori"`, `"jolly"`), English for `lang === "en"`. */
export function cardName(code, lang = "it") {
  const card = parseCode(code);
  const words = lang === "en" ? NAMES.en : NAMES.it;
  if (card.joker) return words.joker;
  const rank = words.ranks[card.rank] ?? card.rank;
  return `${rank} ${words.of} ${words.suits[card.suit]}`;
}

const SYMBOL_SUIT = Object.fromEntries(Object.entries(SUIT_SYMBOL).map(([suit, symbol]) => [symbol, suit]));
// A card as a sentence writes it: "Q♠", "10♥", the jolly "🃏".
const WRITTEN_CARD = /(10|[2-9JQKA])([♣♦♥♠])|🃏/gu;

/**
 * A sentence in parts, each `{ text, said }`: its cards written with their suit symbol
 * (`"Q♠"`) have `said`, their name in words for a screen reader (`"donna di picche"`), which
 * a symbol is not; the rest is said as written (`said` null).
 */
export function sentenceParts(text, lang = "it") {
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(WRITTEN_CARD)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index), said: null });
    const code = match[0] === "🃏" ? JOKER_CODE : `${match[1]}${SYMBOL_SUIT[match[2]]}`;
    parts.push({ text: match[0], said: cardName(code, lang) });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), said: null });
  return parts;
}

/** The card in short text with its suit symbol: `"7♥"`, `"10♠"`; the jolly is `"Jolly"`. */
export function cardLabel(code) {
  const card = parseCode(code);
  // Not 🃏: Debian's default fonts have no colour emoji, and the glyph is missing or tiny.
  if (card.joker) return "Jolly";
  return `${card.rank}${SUIT_SYMBOL[card.suit]}`;
}

// ---- Drawing -------------------------------------------------------------------------------
// The card is 250 × 350 units (poker size, 5:7). Suit shapes are paths in a 100 × 100 box
// centred on the origin, placed by translate + scale, so they look the same in every font.

const WIDTH = 250;
const HEIGHT = 350;
const CENTRE_X = WIDTH / 2;
const CENTRE_Y = HEIGHT / 2;
const FONT = `font-family="'DejaVu Sans', Arial, Helvetica, sans-serif" font-weight="700"`;

const SUIT_PATH = {
  H:
    "M0 46C-9 34-48 10-48-17C-48-36-35-46-22-46C-11-46-3-39 0-29" +
    "C3-39 11-46 22-46C35-46 48-36 48-17C48 10 9 34 0 46Z",
  D: "M0-50C10-32 22-15 38 0C22 15 10 32 0 50C-10 32-22 15-38 0C-22-15-10-32 0-50Z",
  S:
    "M0-50C-8-36-47-14-47 10C-47 27-35 36-22 36C-13 36-6 31-3 25C-4 36-9 44-19 50H19" +
    "C9 44 4 36 3 25C6 31 13 36 22 36C35 36 47 27 47 10C47-14 8-36 0-50Z",
  // Three leaves drawn as circles in the same winding, a middle disc to close the gaps, a stem.
  C:
    "M-22-24a22 22 0 1 0 44 0a22 22 0 1 0-44 0Z" +
    "M-47 12a22 22 0 1 0 44 0a22 22 0 1 0-44 0Z" +
    "M3 12a22 22 0 1 0 44 0a22 22 0 1 0-44 0Z" +
    "M-11 5a11 11 0 1 0 22 0a11 11 0 1 0-22 0Z" +
    "M-3 8C-4 30-9 42-19 50H19C9 42 4 30 3 8Z",
};

const STAR_PATH = (() => {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? 50 : 21;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${(radius * Math.cos(angle)).toFixed(1)} ${(radius * Math.sin(angle)).toFixed(1)}`);
  }
  return `M${points.join("L")}Z`;
})();

/** A suit shape `size` units high centred on (x, y), upside down when `flipped`. */
function pip(suit, x, y, size, flipped = false) {
  const turn = flipped ? " rotate(180)" : "";
  return `<path d="${SUIT_PATH[suit]}" transform="translate(${x} ${y})${turn} scale(${size / 100})"/>`;
}

/** Rank and suit in the top-left corner; the caller draws it again turned for the other corner. */
function cornerIndex(rank, suit) {
  // Two digits would crowd the corner at the size of one letter, so "10" is squeezed to fit.
  const fit = rank === "10" ? ` textLength="50" lengthAdjust="spacingAndGlyphs"` : "";
  return (
    `<text x="31" y="60" font-size="52" text-anchor="middle"${fit}>${rank}</text>` +
    pip(suit, 31, 90, 38)
  );
}

/** The corner index twice: top left, and bottom right turned upside down. */
function bothCorners(content) {
  return `${content}<g transform="rotate(180 ${CENTRE_X} ${CENTRE_Y})">${content}</g>`;
}

// Pip positions of the number cards, as on a French deck: three columns, rows from top to
// bottom; pips below the middle are drawn upside down.
const LEFT = 86;
const RIGHT = 164;
const TOP = 68;
const BOTTOM = 282;
const ROW_9 = [68, 139, 211, 282];
const PIP_LAYOUTS = {
  2: [[CENTRE_X, TOP], [CENTRE_X, BOTTOM]],
  3: [[CENTRE_X, TOP], [CENTRE_X, CENTRE_Y], [CENTRE_X, BOTTOM]],
  4: [[LEFT, TOP], [RIGHT, TOP], [LEFT, BOTTOM], [RIGHT, BOTTOM]],
  5: [[LEFT, TOP], [RIGHT, TOP], [CENTRE_X, CENTRE_Y], [LEFT, BOTTOM], [RIGHT, BOTTOM]],
  6: [[LEFT, TOP], [RIGHT, TOP], [LEFT, CENTRE_Y], [RIGHT, CENTRE_Y], [LEFT, BOTTOM], [RIGHT, BOTTOM]],
  7: [
    [LEFT, TOP], [RIGHT, TOP], [CENTRE_X, 121], [LEFT, CENTRE_Y], [RIGHT, CENTRE_Y],
    [LEFT, BOTTOM], [RIGHT, BOTTOM],
  ],
  8: [
    [LEFT, TOP], [RIGHT, TOP], [CENTRE_X, 121], [LEFT, CENTRE_Y], [RIGHT, CENTRE_Y],
    [CENTRE_X, 229], [LEFT, BOTTOM], [RIGHT, BOTTOM],
  ],
  9: [...ROW_9.flatMap((y) => [[LEFT, y], [RIGHT, y]]), [CENTRE_X, CENTRE_Y]],
  10: [...ROW_9.flatMap((y) => [[LEFT, y], [RIGHT, y]]), [CENTRE_X, 103], [CENTRE_X, 247]],
};
const NUMBER_PIP_SIZE = 42;

function numberCentre(rank, suit) {
  return PIP_LAYOUTS[rank]
    .map(([x, y]) => pip(suit, x, y, NUMBER_PIP_SIZE, y > CENTRE_Y))
    .join("");
}

function aceCentre(suit) {
  return pip(suit, CENTRE_X, CENTRE_Y, 128);
}

// Court cards: a small emblem above the big letter and the same turned below, like the
// two-headed figures of a real deck. Shapes sit in a 64 × 40 box centred on the origin.
const COURT_EMBLEM = {
  // re: a crown with three points
  K: "M-30 16V-12L-15 2L0-18L15 2L30-12V16Z",
  // donna: a coronet of five pearls on a curved band
  Q:
    "M-28 16L-24-2Q0-10 24-2L28 16Z" +
    "M-28-8a4 4 0 1 0 8 0a4 4 0 1 0-8 0ZM-16-13a4 4 0 1 0 8 0a4 4 0 1 0-8 0Z" +
    "M-4-16a4 4 0 1 0 8 0a4 4 0 1 0-8 0ZM8-13a4 4 0 1 0 8 0a4 4 0 1 0-8 0Z" +
    "M20-8a4 4 0 1 0 8 0a4 4 0 1 0-8 0Z",
  // fante: a flat cap with a brim and a feather
  J: "M-32 16V10H32V16ZM-22 10C-22-4-10-8 0-8C10-8 22-4 22 10ZM6-6C10-20 24-26 34-22C24-18 16-12 12-6Z",
};
const FRAME = { x: 62, y: 40, width: 126, height: 270 };

function courtCentre(rank, suit) {
  const { x, y, width, height } = FRAME;
  const emblem = (cy, flipped) =>
    `<path d="${COURT_EMBLEM[rank]}" transform="translate(${CENTRE_X} ${cy})${flipped ? " rotate(180)" : ""}"/>`;
  return (
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="8" fill="#fbf6e9" ` +
    `stroke="currentColor" stroke-width="3"/>` +
    `<rect x="${x + 7}" y="${y + 7}" width="${width - 14}" height="${height - 14}" rx="4" ` +
    `fill="none" stroke="currentColor" stroke-width="1.2" opacity="0.6"/>` +
    emblem(88, false) +
    pip(suit, CENTRE_X - 38, 128, 26) +
    pip(suit, CENTRE_X + 38, 128, 26) +
    `<text x="${CENTRE_X}" y="${CENTRE_Y + 38}" font-size="108" text-anchor="middle">${rank}</text>` +
    pip(suit, CENTRE_X - 38, 222, 26, true) +
    pip(suit, CENTRE_X + 38, 222, 26, true) +
    emblem(262, true)
  );
}

function jokerFace() {
  const corner =
    `<text x="31" y="56" font-size="40" text-anchor="middle">JK</text>` +
    `<path d="${STAR_PATH}" transform="translate(31 90) scale(0.4)"/>`;
  const word = (cy, flipped) =>
    `<text x="${CENTRE_X}" y="${cy}" font-size="32" text-anchor="middle" letter-spacing="2"` +
    `${flipped ? ` transform="rotate(180 ${CENTRE_X} ${cy - 11})"` : ""}>JOLLY</text>`;
  return (
    bothCorners(corner) +
    word(96, false) +
    `<path d="${STAR_PATH}" transform="translate(${CENTRE_X} ${CENTRE_Y + 4}) scale(1.2)" ` +
    `fill="#f6c343" stroke="currentColor" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<circle cx="${CENTRE_X}" cy="${CENTRE_Y + 4}" r="8"/>` +
    word(276, true)
  );
}

function svg(label, colour, body, extraClass = "") {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" ` +
    `class="card-svg${extraClass}" role="img" aria-label="${label}" ` +
    `fill="currentColor" color="${colour}" ${FONT}>` +
    `<rect x="1.5" y="1.5" width="${WIDTH - 3}" height="${HEIGHT - 3}" rx="16" ` +
    `fill="#fff" stroke="#8a8a8a" stroke-width="3"/>` +
    body +
    `</svg>`
  );
}

/**
 * One card face as an `<svg>` string, sized by CSS (viewBox only, aspect 5:7).
 * `fourColour` gives each suit its own colour; `lang` ("it" or "en") chooses the aria-label.
 */
export function cardSvg(code, { fourColour = false, lang = "it" } = {}) {
  const card = parseCode(code);
  const label = cardName(code, lang);
  if (card.joker) return svg(label, JOKER_INK, jokerFace(), " card-joker");
  const { rank, suit } = card;
  const colour = (fourColour ? FOUR_COLOURS : TWO_COLOURS)[suit];
  let centre;
  if (rank === "A") centre = aceCentre(suit);
  else if (rank === "J" || rank === "Q" || rank === "K") centre = courtCentre(rank, suit);
  else centre = numberCentre(rank, suit);
  return svg(label, colour, bothCorners(cornerIndex(rank, suit)) + centre);
}

// The back: a lattice of small diamonds inside a navy panel, with a framed emblem of the four
// suits. Drawn shape by shape (no <pattern>), since ids would repeat when many backs share a page.
const BACK_INK = "#1f3a93";
const BACK_LATTICE = (() => {
  const step = 20;
  const half = 7;
  const shapes = [];
  for (let y = 24 + half; y <= HEIGHT - 24 - half; y += step) {
    const shifted = ((y - 24 - half) / step) % 2 === 1;
    for (let x = 25 + half + (shifted ? step / 2 : 0); x <= WIDTH - 25 - half; x += step) {
      shapes.push(`M${x} ${y - half}l${half} ${half}l${-half} ${half}l${-half} ${-half}Z`);
    }
  }
  return shapes.join("");
})();

/** The back of a card, the same size as a face; `lang` chooses its aria-label. */
export function cardBackSvg({ lang = "it" } = {}) {
  const emblem =
    `<ellipse cx="${CENTRE_X}" cy="${CENTRE_Y}" rx="58" ry="78" fill="#fff" stroke="#c9a227" stroke-width="4"/>` +
    `<g fill="${BACK_INK}">` +
    pip("S", CENTRE_X, CENTRE_Y - 40, 34) +
    pip("H", CENTRE_X - 30, CENTRE_Y, 34) +
    pip("D", CENTRE_X + 30, CENTRE_Y, 34) +
    pip("C", CENTRE_X, CENTRE_Y + 40, 34) +
    `</g>`;
  const body =
    `<rect x="14" y="14" width="${WIDTH - 28}" height="${HEIGHT - 28}" rx="9" fill="${BACK_INK}"/>` +
    `<path d="${BACK_LATTICE}" fill="#3d5bbf"/>` +
    `<rect x="20" y="20" width="${WIDTH - 40}" height="${HEIGHT - 40}" rx="6" fill="none" ` +
    `stroke="#c9a227" stroke-width="2"/>` +
    emblem;
  return svg(lang === "en" ? NAMES.en.back : NAMES.it.back, BACK_INK, body, " card-back");
}
