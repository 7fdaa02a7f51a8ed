// The browser's side of a fair deal (docs/shuffle.md): the portable shuffle and the deal seed
// exactly as the doc prints them, the check of a deal the server reveals when its round ends,
// and what that deck order dealt to each seat, card by card, as ramino.engine deals it.

// The doc's two JavaScript blocks, verbatim between the markers: tests/test_fair_js.py holds
// them equal, so the page runs the very code the doc shows and the test suite runs.

// <docs/shuffle.md js-shuffle>
// sha256-fisher-yates-v1
async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

// Block i is SHA-256(seed || i as 8 bytes big-endian); u32s are read 4 bytes big-endian.
function sha256Stream(seed) {
  let counter = 0n, block = new Uint8Array(0), at = 0;
  return async function nextU32() {
    if (at === block.length) {
      const msg = new Uint8Array(seed.length + 8);
      msg.set(seed);
      new DataView(msg.buffer).setBigUint64(seed.length, counter++); // big-endian
      block = await sha256(msg);
      at = 0;
    }
    at += 4;
    return new DataView(block.buffer).getUint32(at - 4); // big-endian
  };
}

// Uniform in [0, n), 1 <= n <= 2**32: refuse u32s at or above the largest multiple of n.
async function below(nextU32, n) {
  const limit = 2 ** 32 - (2 ** 32 % n); // exact: doubles hold every integer up to 2**53
  for (;;) {
    const v = await nextU32();
    if (v < limit) return v % n;
  }
}

async function portableShuffle(items, seed) {
  const out = Array.from(items), nextU32 = sha256Stream(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = await below(nextU32, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
// </docs/shuffle.md js-shuffle>

// <docs/shuffle.md js-fair-deal>
const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

// HMAC-SHA256 keyed by the secret over the nonces, each after its length (4 bytes big-endian).
async function dealSeed(secret, nonces) {
  const msg = new Uint8Array(nonces.reduce((size, n) => size + 4 + n.length, 0));
  let at = 0;
  for (const nonce of nonces) {
    new DataView(msg.buffer).setUint32(at, nonce.length); // big-endian
    msg.set(nonce, at + 4);
    at += 4 + nonce.length;
  }
  const hmac = { name: 'HMAC', hash: 'SHA-256' };
  const key = await crypto.subtle.importKey('raw', secret, hmac, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, msg));
}

async function verifyDeal(commitmentHex, secret, nonces, order, deckSize) {
  const committed = commitmentHex.trim().toLowerCase();
  if (secret.length < 16 || toHex(await sha256(secret)) !== committed) return false;
  const ids = [...Array(deckSize).keys()];
  const expected = await portableShuffle(ids, await dealSeed(secret, nonces));
  return order.length === deckSize && expected.every((id, i) => id === order[i]);
}
// </docs/shuffle.md js-fair-deal>

export { below, dealSeed, portableShuffle, sha256, sha256Stream, toHex, verifyDeal };

/** The name records give the generator above (ramino.engine.shuffle.PORTABLE). */
export const PORTABLE = 'sha256-fisher-yates-v1';

// ramino.engine.shuffle.MIN_SECRET_BYTES: a shorter secret could be found from its commitment.
const MIN_SECRET_BYTES = 16;
// The largest deck the rules allow (KNOB_RANGES in ramino/engine/rules.py: at most 4 packs and
// 12 jokers). A proof asking for more is refused before any work: a hostile deck_size of a
// billion would otherwise keep the page shuffling for hours.
const MAX_DECK_SIZE = 4 * 52 + 12;

/**
 * The bytes of a hex string (either case, an even number of digits), or null if it is not one.
 * @param {unknown} text
 * @returns {Uint8Array | null}
 */
export function fromHex(text) {
  if (typeof text !== 'string' || !/^(?:[0-9a-fA-F]{2})*$/.test(text)) return null;
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

const passed = (detail) => ({ ok: true, reason: null, detail });
const failed = (reason, detail) => ({ ok: false, reason, detail });

async function checkCommitment(commitmentHex, secret) {
  const committed = typeof commitmentHex === 'string' ? commitmentHex.trim().toLowerCase() : '';
  if (!/^[0-9a-f]{64}$/.test(committed)) {
    return failed('bad_commitment', 'the commitment is not 64 hex digits (a SHA-256)');
  }
  if (secret === null) return failed('bad_secret', 'the secret is not a hex string');
  if (secret.length < MIN_SECRET_BYTES) {
    return failed('short_secret', `the secret has ${secret.length} bytes, fewer than 16`);
  }
  const hashed = toHex(await sha256(secret));
  if (hashed !== committed) {
    return failed('mismatch', `SHA-256 of the secret is ${hashed}, not the commitment`);
  }
  return passed('SHA-256 of the secret is the commitment');
}

async function checkSeed(secret, nonces, claimedSeed) {
  if (secret === null || secret.length < MIN_SECRET_BYTES) {
    return { ...failed('bad_secret', 'no seed without a secret of 16 bytes or more'), seed: null };
  }
  if (!Array.isArray(nonces)) {
    return { ...failed('bad_nonces', 'the nonces are not a list'), seed: null };
  }
  const bytes = nonces.map(fromHex);
  const bad = bytes.indexOf(null);
  if (bad >= 0) {
    return { ...failed('bad_nonces', `the nonce of seat ${bad} is not a hex string`), seed: null };
  }
  const seed = toHex(await dealSeed(secret, bytes));
  // The server's proof does not carry the seed; the test vectors do, and then it must agree.
  if (claimedSeed !== undefined && claimedSeed !== seed) {
    return { ...failed('mismatch', `the secret and the nonces give the seed ${seed}`), seed };
  }
  return { ...passed('HMAC-SHA256 of the nonces under the secret'), seed };
}

async function checkOrder(seedHex, deckSize, order) {
  const none = { at: null };
  if (!Number.isSafeInteger(deckSize) || deckSize < 0 || deckSize > MAX_DECK_SIZE) {
    return { ...failed('bad_deck_size', `the deck size is not a whole number of cards`), ...none };
  }
  if (!Array.isArray(order) || order.length !== deckSize) {
    return { ...failed('bad_order', `the order is not a list of ${deckSize} card ids`), ...none };
  }
  if (seedHex === null) return { ...failed('no_seed', 'no seed to shuffle with'), ...none };
  const expected = await portableShuffle([...Array(deckSize).keys()], fromHex(seedHex));
  const at = expected.findIndex((id, i) => id !== order[i]);
  if (at >= 0) {
    return { ...failed('mismatch', `card ${at} of the order should be id ${expected[at]}`), at };
  }
  return { ...passed(`the shuffle of ${deckSize} cards under the seed is the order`), ...none };
}

// What was thrown, in a few words: even that may be hostile (a toString that throws).
function said(error) {
  try {
    return String(error).slice(0, 200);
  } catch {
    return 'something unprintable was thrown';
  }
}

/**
 * Check a deal the server revealed (a `revealed` of a `state`, or one deal of
 * `GET /api/tables/{id}/deals`): `{round, commitment, secret, nonces, deck_size, order}`, with
 * hex strings for the commitment, the secret and the nonces (table-seat order) and card ids for
 * the order. Never throws: input that is not such a proof fails the check it spoils.
 *
 * The answer says each check and its result, `{ok, reason, detail}` (reason a stable code,
 * null when it holds): `commitment` (SHA-256 of the secret is the commitment), `seed` (the
 * HMAC of the nonces under the secret; `seed` holds it in hex), `order` (the portable shuffle
 * of 0 … deck_size − 1 under the seed is `order`; `at`, the first card that differs). `ok` is
 * whether all three hold, `failed` the first that does not (or null), `round` the proof's.
 * The page still has to check that the commitment is the one it saw before sending its nonce,
 * and that the nonces hold its own.
 *
 * @param {unknown} proof
 */
export async function verifyProof(proof) {
  let round = null, commitment, seed, order;
  try {
    const field = (name) => (proof !== null && typeof proof === 'object' ? proof[name] : undefined);
    round = Number.isSafeInteger(field('round')) ? field('round') : null;
    const secret = fromHex(field('secret'));
    commitment = await checkCommitment(field('commitment'), secret);
    const claimed = typeof field('seed') === 'string' ? field('seed') : undefined;
    seed = await checkSeed(secret, field('nonces'), claimed);
    order = await checkOrder(seed.seed, field('deck_size'), field('order'));
  } catch (error) {
    // Only hostile objects get here (a getter that throws, a nonce list that lies about its
    // length): what they broke, and all that was still to check, fails.
    const broken = failed('error', `the proof could not be read: ${said(error)}`);
    commitment ??= broken;
    seed ??= { ...broken, seed: null };
    order ??= { ...broken, at: null };
  }
  const checks = { commitment, seed, order };
  const first = Object.keys(checks).find((name) => !checks[name].ok) ?? null;
  return { ok: first === null, failed: first, round, ...checks };
}

const SUITS = ['C', 'D', 'H', 'S'];
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/**
 * The deck `Deck.build(packs, jokers)` of that many cards. The size says both: the rules allow
 * 1 to 4 packs and 0 to 12 jokers (KNOB_RANGES), so the jokers are what is left over 52s.
 * @param {number} deckSize the proof's `deck_size`, or the length of its order
 * @returns {{packs: number, jokers: number}}
 */
export function deckOfSize(deckSize) {
  const packs = Math.floor(deckSize / 52), jokers = deckSize % 52;
  if (!Number.isSafeInteger(deckSize) || packs < 1 || packs > 4 || jokers > 12) {
    throw new RangeError(`no deck of the rules has ${deckSize} cards`);
  }
  return { packs, jokers };
}

/**
 * The protocol's code (`7H`, `10S`, `JK`) of card `id` of a deck: ids follow ramino.engine's
 * Deck, pack after pack of ♣ ♦ ♥ ♠ (C D H S), ace to king, then the jokers.
 * @param {number} id
 * @param {{packs: number, jokers: number}} deck
 * @returns {string}
 */
export function cardOfId(id, deck) {
  const naturals = 52 * deck.packs;
  if (!Number.isSafeInteger(id) || id < 0 || id >= naturals + deck.jokers) {
    throw new RangeError(`card id ${id} is not in a deck of ${naturals + deck.jokers} cards`);
  }
  if (id >= naturals) return 'JK';
  const code = id % 52;
  return RANKS[code % 13] + SUITS[Math.floor(code / 13)];
}

const DIRECTIONS = { clockwise: 1, counterclockwise: -1 };
const JOKER_UPCARDS = ['rebury', 'to_first_player'];

/**
 * The layout of a deal from the table's rules (`rules.knobs` of `GET /api/tables/{id}`), the
 * number of seats in the round and its dealer (`seats.length` and `dealer` of the round's
 * observation: players out of the match have no seat in it). The hand size follows
 * `Rules.hand_size_for`: `hand_size`, unless a `hand_size_by_players` entry covers the table.
 * @param {object} knobs
 * @param {number} players
 * @param {number} dealer
 */
export function dealLayout(knobs, players, dealer) {
  let handSize = knobs.hand_size;
  const entries = [...(knobs.hand_size_by_players ?? [])];
  for (const entry of entries.sort((a, b) => a.from_players - b.from_players)) {
    if (players >= entry.from_players) handSize = entry.cards;
  }
  return { players, dealer, handSize, direction: knobs.direction, jokerUpcard: knobs.joker_upcard };
}

function checkLayout(order, layout) {
  const size = Array.isArray(order) ? order.length : -1;
  const sorted = size < 0 ? [] : [...order].sort((a, b) => a - b);
  if (size < 0 || !sorted.every((id, i) => id === i)) {
    throw new RangeError('the order must hold every card id of the deck once');
  }
  const { players, dealer, handSize, direction, jokerUpcard } = layout;
  if (!Number.isSafeInteger(players) || players < 1) {
    throw new RangeError(`a deal needs seats, not ${players}`);
  }
  if (!Number.isSafeInteger(dealer) || dealer < 0 || dealer >= players) {
    throw new RangeError(`dealer ${dealer} is no seat of ${players}`);
  }
  if (!Number.isSafeInteger(handSize) || handSize < 1 || players * handSize >= size) {
    const need = `${players} hands of ${handSize} and an upcard`;
    throw new RangeError(`${need} need more than the ${size} cards of the order`);
  }
  if (!Object.hasOwn(DIRECTIONS, direction)) throw new RangeError(`unknown direction ${direction}`);
  if (!JOKER_UPCARDS.includes(jokerUpcard)) {
    throw new RangeError(`unknown joker_upcard ${jokerUpcard}`);
  }
}

/**
 * What a deck order dealt, as ramino.engine's Round deals it: one card at a time to each seat
 * in the direction of play, from the seat after the dealer, `handSize` rounds; then the upcard.
 * A jolly turned up goes under the stock and the next card is turned (`rebury`, as often as
 * it takes), or, under `to_first_player`, goes to the first player, who then has one card more
 * and no upcard is turned. Card ids throughout (`cardOfId` names them).
 *
 * @param {number[]} order the deck order, top first: a proof's `order`
 * @param {{players: number, dealer: number, handSize: number,
 *          direction: 'clockwise' | 'counterclockwise',
 *          jokerUpcard: 'rebury' | 'to_first_player'}} layout see `dealLayout`
 * @returns {{firstPlayer: number, hands: number[][], discardPile: number[], stock: number[]}}
 *   the hands by round seat, in the order dealt; the pozzo, bottom first (the upcard, or
 *   nothing); the stock, top last as the engine keeps it.
 * @throws {RangeError} on an order that is not a whole deck, or a layout it cannot deal
 */
export function dealtHands(order, layout) {
  checkLayout(order, layout);
  const { players, dealer, handSize, direction, jokerUpcard } = layout;
  const naturals = 52 * deckOfSize(order.length).packs;
  const isJoker = (id) => id >= naturals;
  const step = DIRECTIONS[direction];
  const next = (seat) => (seat + step + players) % players;
  const firstPlayer = next(dealer);
  const hands = Array.from({ length: players }, () => []);
  let seat = firstPlayer;
  for (const id of order.slice(0, handSize * players)) {
    hands[seat].push(id);
    seat = next(seat);
  }
  const rest = order.slice(handSize * players);
  let upcard = rest.shift();
  const discardPile = [];
  if (isJoker(upcard) && jokerUpcard === 'to_first_player') {
    hands[firstPlayer].push(upcard);
  } else {
    // Stops after a full turn of the rest, should it hold nothing but jokers.
    for (let tries = 0; isJoker(upcard) && tries < rest.length; tries++) {
      rest.push(upcard);
      upcard = rest.shift();
    }
    discardPile.push(upcard);
  }
  return { firstPlayer, hands, discardPile, stock: rest.reverse() };
}
