// The page's words, Italian first and English one click away. A message is a string, or a
// function of its values where grammar needs them (plurals, names).
//
// A refusal the page makes itself (a move out of turn) is said in the catalogue's words, the
// server's own: `refusal(code, values)` reads them from /api/words (ramino.words.browser) and
// fills their fields as Python's str.format does. The page's other words, which only the page
// says, are its own below.

const plural = (n, one, many) => (n === 1 ? one : many);
// "a" before a name, "ad" before one that begins with an a (accents and case aside), as the
// engine's text.to_name writes it: "tocca ad Anna", "tocca a Elena".
const toName = (name) => `${/^a/i.test(String(name).normalize('NFD')) ? 'ad' : 'a'} ${name}`;

const WORDS = {
  it: {
    skip: 'Vai al contenuto',
    options: 'Opzioni',
    home_link: 'Ramino',
    lang_button: 'English',
    lang_label: 'Switch to English',
    colours: 'Quattro colori',
    large: 'Carte grandi',
    // home
    home_title: 'Ramino',
    home_intro: 'Il ramino italiano con le regole di casa vostra: contro il computer o con gli amici a un tavolo privato.',
    now_title: 'Gioca subito contro il computer',
    private_title: 'Crea un tavolo privato',
    private_intro: 'Ricevi un link da mandare agli amici; i posti che restano vuoti li prende il computer.',
    join_title: 'Entra con un link',
    lobby_title: 'Tavoli aperti',
    lobby_empty: 'Nessun tavolo aperto adesso.',
    lobby_seats: (v) => `${v.free} ${plural(v.free, 'posto libero', 'posti liberi')} su ${v.seats}`,
    sheet_link: 'Segna i punti di una partita con le carte vere',
    rules: 'Regole',
    players: 'Giocatori',
    computers: 'Giocatori al computer',
    level: 'Livello del computer',
    principiante: 'principiante',
    intermedio: 'intermedio',
    esperto: 'esperto',
    nickname: 'Il tuo nome',
    link: 'Link del tavolo',
    play_now: 'Gioca',
    create: 'Crea il tavolo',
    join: 'Siediti',
    join_this: 'Siediti a questo tavolo',
    watch: 'Guarda la partita senza giocare',
    watching: 'Guardi la partita: vedi quello che vede tutto il tavolo, mai una mano.',
    house_rules: 'Regole della casa',
    house_intro: 'Ogni regola del tavolo, a partire da quella scelta: cambia quello che si gioca diversamente a casa vostra.',
    reset_rules: 'Torna alle regole scelte',
    add: 'Aggiungi',
    remove: 'Togli',
    timer: 'Secondi per turno',
    no_timer: 'senza limite di tempo',
    listed: 'Mostra il tavolo tra i tavoli aperti',
    read_rules: 'Leggi le regole del tavolo',
    no_limit: 'senza limite',
    bad_link: 'Questo link non porta a un tavolo: chiedi di nuovo il link a chi ti ha invitato.',
    no_table: 'Questo tavolo non esiste (o il server lo ha dimenticato).',
    unreachable: 'Il server non risponde: controlla la connessione e riprova.',
    name_taken: 'Questo nome è già al tavolo: scegline un altro.',
    no_seat: 'Il tavolo non ha più posti liberi.',
    bad_name: 'Scrivi un nome di 1–20 caratteri stampabili.',
    guest_name: (v) => `Ospite ${v.n}`,
    // table
    // chat
    chat_on: 'Chat al tavolo',
    chat_is_on: 'A questo tavolo c’è la chat.',
    chat_is_off: 'A questo tavolo la chat è spenta.',
    chat: 'Chat',
    chat_empty: 'Ancora nessun messaggio.',
    chat_input: 'Scrivi un messaggio',
    chat_send: 'Invia',
    chat_phrases: 'Frasi pronte',
    chat_left: (v) => `${v.n} ${plural(v.n, 'carattere', 'caratteri')} ancora`,
    chat_mute: (v) => `Silenzia ${v.name}`,
    chat_unmute: (v) => `Riattiva ${v.name}`,
    chat_muted: 'Silenziati da te, non ne vedi i messaggi:',
    chat_report: 'Segnala',
    chat_report_label: (v) => `Segnala il messaggio di ${v.name}`,
    chat_reported: 'Segnalazione inviata: chi gestisce il sito leggerà il messaggio.',
    chat_said: (v) => `${v.name} scrive: ${v.text}`,
    chat_watching: 'Guardi la partita: leggi la chat, ma scrivono solo i giocatori.',
    table_of: (v) => `Tavolo di ${v.rules}`,
    waiting: 'Aspettiamo gli altri giocatori. Manda questo link agli amici:',
    copy: 'Copia il link',
    copied: 'Link copiato.',
    connecting: 'Mi collego al tavolo…',
    reconnecting: 'Connessione persa: riprovo…',
    bad_token: 'Il tuo posto a questo tavolo non c’è più: siediti di nuovo.',
    round_n: (v) => `Smazzata ${v.n}`,
    your_turn: 'Tocca a te',
    turn_of: (v) => `Tocca ${toName(v.name)}`,
    stock: 'Tallone',
    stock_count: (v) => `${v.n} ${plural(v.n, 'carta', 'carte')} nel tallone`,
    pile: 'Pozzo',
    pile_empty: 'Il pozzo è vuoto',
    pile_top: (v) => `Pozzo: in cima ${v.card}`,
    melds: 'Giochi sul tavolo',
    no_melds: 'Nessun gioco sul tavolo.',
    meld_of: (v) => `${v.kind} di ${v.owner}`,
    meld_n: (v) => `Gioco ${v.n}`,
    run: 'Scala',
    set: 'Tris',
    poker: 'Poker',
    flush: 'Colore',
    jolly_is: (v) => `jolly = ${v.cards}`,
    joker_word: 'Jolly',
    hand: 'La tua mano',
    hand_count: (v) => `${v.n} ${plural(v.n, 'carta', 'carte')} in mano`,
    sort_suit: 'Ordina per seme',
    sort_rank: 'Ordina per valore',
    cards_n: (v) => `${v.n} ${plural(v.n, 'carta', 'carte')}`,
    total: (v) => `${v.n} ${plural(v.n, 'punto', 'punti')}`,
    chips: (v) => `${v.n} fiche`,
    stake: (v) => `puntata ${v.n}`,
    folded: 'ha passato',
    opened: 'ha aperto',
    computer: 'computer',
    you: 'tu',
    pot: (v) => `Piatto: ${v.n}`,
    to_call: (v) => `Per vedere: ${v.n}`,
    contract: (v) => `Contratto della smazzata: ${v.name}`,
    clock: (v) => `tempo ${v.s} s`,
    bank: (v) => `riserva ${v.s} s`,
    draw: 'Pesca dal tallone',
    take: 'Prendi dal pozzo',
    lay: 'Cala',
    open: 'Apri',
    attach: 'Attacca',
    swap: 'Riprendi il jolly',
    discard: 'Scarta',
    show: 'Chiudi',
    hint: 'Suggerimento',
    call: 'Vedo',
    raise: 'Rilancio',
    fold: 'Passo',
    sheet: 'Foglio dei punti',
    log: 'Mosse',
    keys: 'Tasti',
    keys_move: 'sposta il cursore tra le carte della mano',
    keys_space: 'spazio',
    keys_pick: 'prende o lascia la carta col cursore',
    keys_escape: 'esce dalla scelta del gioco, poi lascia le carte prese',
    keys_meld: 'sceglie il gioco sul tavolo, dopo Attacca o Riprendi il jolly',
    pick_cards: 'Scegli prima le carte (clic o spazio).',
    pick_one: 'Scegli una sola carta da scartare.',
    hands_at_end: 'Le mani alla fine della smazzata',
    player_col: 'Giocatore',
    left_col: 'Carte rimaste',
    count_col: 'Quante',
    points_col: 'Punti',
    closed_mark: 'ha chiuso',
    no_cards_left: 'nessuna carta',
    you_drew: (v) => `Hai pescato: ${v.card}.`,
    just_drawn: 'appena pescata',
    choose_meld: 'Scegli il gioco sul tavolo (clic, o il suo numero).',
    choose_jolly: 'Che carta fa il jolly?',
    choose_show: 'Con quali giochi chiudi?',
    choose_open: 'Con quali giochi apri?',
    cancel: 'Annulla',
    close: 'Chiudi',
    next_round: 'Avanti',
    wait_answer: 'Un momento: il tavolo risponde alla mossa di prima.',
    // the log
    deal_line: (v) => `— Smazzata ${v.n}: distribuisce ${v.dealer}. —`,
    // Your own turn without the pronoun, the verb first and capitalised: "Peschi…".
    you_did: (v) => `${v.what.charAt(0).toUpperCase()}${v.what.slice(1)}.`,
    they_did: (v) => `${v.who} ${v.what}.`,
    and: ' e ',
    draws: 'pesca dal tallone',
    draws_you: (v) => (v.card ? `peschi ${v.card} dal tallone` : 'peschi dal tallone'),
    takes: (v) => `prende ${v.card} dal pozzo`,
    takes_you: (v) => `prendi ${v.card} dal pozzo`,
    lays: (v) => `cala ${v.cards}`,
    lays_you: (v) => `cali ${v.cards}`,
    attaches: (v) => `attacca ${v.cards} al gioco ${v.n}`,
    attaches_you: (v) => `attacchi ${v.cards} al gioco ${v.n}`,
    swaps: (v) => `riprende il jolly dal gioco ${v.n} mettendo ${v.cards}`,
    swaps_you: (v) => `riprendi il jolly dal gioco ${v.n} mettendo ${v.cards}`,
    discards: (v) => `scarta ${v.card}`,
    discards_you: (v) => `scarti ${v.card}`,
    shows: (v) => `chiude in mano: ${v.melds}`,
    shows_you: (v) => `chiudi in mano: ${v.melds}`,
    opens: (v) => `apre con il contratto: ${v.melds}`,
    opens_you: (v) => `apri con il contratto: ${v.melds}`,
    calls: 'vede',
    calls_you: 'vedi',
    raises: 'rilancia',
    raises_you: 'rilanci',
    folds: 'passa',
    folds_you: 'passi',
    // the end of a round
    round_over: (v) => `Smazzata ${v.n} finita`,
    went_out: (v) => `${v.name} chiude.`,
    went_out_you: 'Hai chiuso tu.',
    in_one_turn: ' In mano, in un turno solo!',
    max_turns: 'La smazzata si ferma: limite di turni.',
    max_restocks: 'La smazzata si ferma: il tallone è finito troppe volte.',
    all_folded: (v) => `Hanno passato tutti gli altri: il piatto va ${toName(v.name)}.`,
    match_over: 'Partita finita',
    out_of_match: 'Sei fuori dalla partita: qui sotto il foglio dei punti, mentre gli altri giocano.',
    queued: 'Connessione persa: la mossa partirà appena il tavolo risponde.',
    winner: (v) => `Vince ${v.name}.`,
    winner_you: 'Hai vinto la partita!',
    draw_match: 'La partita finisce pari.',
    round_col: 'Smazzata',
    totals: 'Totale',
    chips_col: 'fiche vinte e perse',
    out_mark: '✗ fuori',
    sheet_empty: 'Nessuna smazzata finita, per ora.',
    print: 'Stampa',
    fair_title: 'Mazzo verificato',
    fair_checking: 'Verifico il mazzo della smazzata…',
    fair_ok: (v) => `Smazzata ${v.n}: il mazzo è quello promesso prima di distribuire, e il tuo contributo c’è.`,
    fair_hand: ' Le carte che ti sono state date vengono proprio da quel mazzo.',
    fair_why_commitment: 'il segreto rivelato non è quello promesso',
    fair_why_seed: 'il seme non torna con il segreto e i contributi',
    fair_why_order: 'il mazzo non è quello che il seme mescola',
    fair_why_error: 'la prova rivelata non si legge',
    fair_why_nonce: 'il tuo contributo non c’è',
    fair_why_hand: 'le carte che ti sono state date non vengono da quel mazzo',
    fair_bad: (v) => `Smazzata ${v.n}: la verifica del mazzo NON torna (${v.why}).`,
    proof_title: 'La prova del mazzo',
    proof_commitment: 'promessa prima di distribuire (SHA-256 del segreto)',
    proof_secret: 'segreto rivelato',
    proof_nonces: 'contributi dei giocatori',
    proof_order: 'ordine del mazzo',
    fair_unavailable: 'Questo browser non può verificare il mazzo qui (serve https o localhost).',
    reentry_q: (v) =>
      `Sei fuori a ${v.total} punti. Rientri a ${v.entry} punti${v.stake ? `, pagando ${v.stake} ${plural(v.stake, 'posta', 'poste')}` : ''}?`,
    reenter: 'Rientro',
    stay_out: 'Resto fuori',
    rules_title: 'Le regole di questo tavolo',
    // the score sheet of a match at home
    hs_title: 'Foglio dei punti',
    hs_intro: 'Giochi con le carte vere? Segna qui i punti smazzata dopo smazzata: il foglio fa i conti con le regole del tuo tavolo, si ricorda tutto anche se ricarichi la pagina e si può stampare.',
    hs_new_title: 'Una nuova partita',
    hs_count: 'Quanti giocatori',
    hs_names: 'I nomi, nell’ordine in cui siete seduti',
    hs_player_n: (v) => `Giocatore ${v.n}`,
    hs_start: 'Inizia la partita',
    hs_end_elimination: (v) => `chi arriva a ${v.target} punti è fuori`,
    hs_end_first: (v) => `si finisce quando qualcuno arriva a ${v.target} punti, vince chi ne ha meno`,
    hs_end_rounds: (v) => `${v.rounds} ${plural(v.rounds, 'smazzata', 'smazzate')}, vince chi ha meno punti`,
    hs_rules_line: (v) => `Regole: ${v.rules}, ${v.end}.`,
    hs_started: (v) => `Partita iniziata il ${v.date}.`,
    hs_players_line: (v) => `Giocatori: ${v.names}.`,
    hs_caption: (v) => `I totali dopo ogni smazzata (${v.rules})`,
    hs_went_out: 'Chi chiude',
    hs_nobody: 'nessuno (smazzata fermata)',
    hs_in_one_turn: 'in mano',
    hs_messa: 'Messa',
    hs_out_mark: 'fuori',
    hs_gone: 'fuori dalla partita',
    hs_reenters: 'Rientra',
    hs_chips: 'Fiches',
    hs_credits: 'Crediti',
    hs_stakes: 'Poste per rientrare',
    hs_no_rounds: 'Nessuna smazzata segnata, per ora.',
    hs_leads: (v) => `In testa ${v.name}, con ${v.n} ${plural(v.n, 'punto', 'punti')}.`,
    hs_played: (v) => `${v.played} ${plural(v.played, 'smazzata giocata', 'smazzate giocate')} su ${v.rounds}.`,
    hs_over: 'Partita finita',
    hs_who_out: 'Chi ha chiuso?',
    hs_nobody_option: 'Nessuno: la smazzata si è fermata per un limite',
    hs_one_turn: 'Ha chiuso in mano, in un turno solo',
    hs_closing: 'Come ha chiuso?',
    hs_hands: 'Punti rimasti in mano',
    hs_hands_help:
      'Scrivi i punti di ognuno, oppure le sue carte: il valore e il seme, in simbolo (9♥, con i tasti qui sotto), in parola (9 cuori, 9 di cuori) o con l’iniziale inglese (H cuori, D quadri, C fiori, S picche: 9H); JK è il jolly. Per esempio: JK 9♥ 8 picche. Le conta il foglio.',
    hs_suit_keys: 'Semi e jolly da scrivere nella mano',
    suit_hearts: 'cuori',
    suit_diamonds: 'quadri',
    suit_clubs: 'fiori',
    suit_spades: 'picche',
    joker: 'jolly',
    hs_add: 'Segna la smazzata',
    hs_tools: 'Il foglio',
    hs_undo: 'Annulla l’ultima smazzata',
    hs_new: 'Nuova partita',
    hs_new_confirm: 'Vuoi cominciare una nuova partita? Il foglio di questa verrà cancellato.',
    hs_rules_text: 'Le regole del tavolo',
    hs_reentry_title: 'Rientri',
    hs_reentry_q: (v) =>
      `${v.name} è fuori a ${v.total} punti. Rientra a ${v.entry}${v.stake ? `, pagando ${v.stake} ${plural(v.stake, 'posta', 'poste')}` : ''}?`,
    hs_reenter: (v) => `${v.name} rientra`,
    hs_stay_out: (v) => `${v.name} resta fuori`,
    hs_bad_entry: 'Il server non accetta questi dati: controlla i nomi (al massimo 30 caratteri) e i punti (numeri interi).',
    hs_loading: 'Carico il foglio…',
  },
  en: {
    skip: 'Skip to the content',
    options: 'Options',
    home_link: 'Ramino',
    lang_button: 'Italiano',
    lang_label: 'Passa all’italiano',
    colours: 'Four colours',
    large: 'Large cards',
    home_title: 'Ramino',
    home_intro: 'Italian rummy with your house rules: against the computer, or with friends at a private table.',
    now_title: 'Play now against the computer',
    private_title: 'Create a private table',
    private_intro: 'You get a link to send to your friends; the computer takes the seats left empty.',
    join_title: 'Join with a link',
    lobby_title: 'Open tables',
    lobby_empty: 'No open table right now.',
    lobby_seats: (v) => `${v.free} free ${plural(v.free, 'seat', 'seats')} of ${v.seats}`,
    sheet_link: 'Keep the score of a match played with real cards',
    rules: 'Rules',
    players: 'Players',
    computers: 'Computer players',
    level: 'Computer level',
    principiante: 'beginner',
    intermedio: 'intermediate',
    esperto: 'expert',
    nickname: 'Your name',
    link: 'Table link',
    play_now: 'Play',
    create: 'Create the table',
    join: 'Sit down',
    join_this: 'Sit at this table',
    watch: 'Watch the match without playing',
    watching: 'You are watching: you see what the whole table sees, never a hand.',
    house_rules: 'House rules',
    house_intro: 'Every rule of the table, starting from the one chosen: change what your house plays differently.',
    reset_rules: 'Back to the chosen rules',
    add: 'Add',
    remove: 'Remove',
    timer: 'Seconds per turn',
    no_timer: 'no time limit',
    listed: 'List the table among the open tables',
    read_rules: 'Read the rules of the table',
    no_limit: 'no limit',
    bad_link: 'This link leads to no table: ask whoever invited you for the link again.',
    no_table: 'This table does not exist (or the server has forgotten it).',
    unreachable: 'The server does not answer: check the connection and try again.',
    name_taken: 'This name is already at the table: choose another.',
    no_seat: 'The table has no free seat left.',
    bad_name: 'Write a name of 1–20 printable characters.',
    guest_name: (v) => `Guest ${v.n}`,
    // chat
    chat_on: 'Chat at the table',
    chat_is_on: 'This table has a chat.',
    chat_is_off: 'Chat is off at this table.',
    chat: 'Chat',
    chat_empty: 'No messages yet.',
    chat_input: 'Write a message',
    chat_send: 'Send',
    chat_phrases: 'Ready phrases',
    chat_left: (v) => `${v.n} ${plural(v.n, 'character', 'characters')} left`,
    chat_mute: (v) => `Mute ${v.name}`,
    chat_unmute: (v) => `Unmute ${v.name}`,
    chat_muted: 'Muted by you, their messages hidden:',
    chat_report: 'Report',
    chat_report_label: (v) => `Report ${v.name}’s message`,
    chat_reported: 'Report sent: whoever runs the site will read the message.',
    chat_said: (v) => `${v.name} writes: ${v.text}`,
    chat_watching: 'You are watching: you read the chat, but only the players write.',
    table_of: (v) => `${v.rules} table`,
    waiting: 'Waiting for the other players. Send this link to your friends:',
    copy: 'Copy the link',
    copied: 'Link copied.',
    connecting: 'Connecting to the table…',
    reconnecting: 'Connection lost: trying again…',
    bad_token: 'Your seat at this table is gone: sit down again.',
    round_n: (v) => `Round ${v.n}`,
    your_turn: 'Your turn',
    turn_of: (v) => `${v.name}’s turn`,
    stock: 'Stock',
    stock_count: (v) => `${v.n} ${plural(v.n, 'card', 'cards')} in the stock`,
    pile: 'Discard pile',
    pile_empty: 'The discard pile is empty',
    pile_top: (v) => `Discard pile: ${v.card} on top`,
    melds: 'Melds on the table',
    no_melds: 'No meld on the table.',
    meld_of: (v) => `${v.kind} laid by ${v.owner}`,
    meld_n: (v) => `Meld ${v.n}`,
    run: 'Run',
    set: 'Set',
    poker: 'Four of a kind',
    flush: 'Flush',
    jolly_is: (v) => `joker = ${v.cards}`,
    joker_word: 'Joker',
    hand: 'Your hand',
    hand_count: (v) => `${v.n} ${plural(v.n, 'card', 'cards')} in hand`,
    sort_suit: 'Sort by suit',
    sort_rank: 'Sort by rank',
    cards_n: (v) => `${v.n} ${plural(v.n, 'card', 'cards')}`,
    total: (v) => `${v.n} ${plural(v.n, 'point', 'points')}`,
    chips: (v) => `${v.n} ${plural(v.n, 'chip', 'chips')}`,
    stake: (v) => `stake ${v.n}`,
    folded: 'folded',
    opened: 'opened',
    computer: 'computer',
    you: 'you',
    pot: (v) => `Pot: ${v.n}`,
    to_call: (v) => `To call: ${v.n}`,
    contract: (v) => `This round’s contract: ${v.name}`,
    clock: (v) => `time ${v.s} s`,
    bank: (v) => `bank ${v.s} s`,
    draw: 'Draw from the stock',
    take: 'Take the discard',
    lay: 'Lay',
    open: 'Open',
    attach: 'Attach',
    swap: 'Take the joker back',
    discard: 'Discard',
    show: 'Go out',
    hint: 'Hint',
    call: 'Call',
    raise: 'Raise',
    fold: 'Fold',
    sheet: 'Score sheet',
    log: 'Moves',
    keys: 'Keys',
    keys_move: 'move the cursor along your hand',
    keys_space: 'space',
    keys_pick: 'picks or lets go of the card under the cursor',
    keys_escape: 'leaves choosing a meld, then lets go of the picked cards',
    keys_meld: 'chooses the meld on the table, after Attach or Take the joker back',
    pick_cards: 'Pick the cards first (click or space).',
    pick_one: 'Pick one card to discard.',
    hands_at_end: 'The hands at the end of the round',
    player_col: 'Player',
    left_col: 'Cards left',
    count_col: 'How many',
    points_col: 'Points',
    closed_mark: 'went out',
    no_cards_left: 'no cards',
    you_drew: (v) => `You drew: ${v.card}.`,
    just_drawn: 'just drawn',
    choose_meld: 'Choose the meld on the table (click, or its number).',
    choose_jolly: 'Which card does the joker stand for?',
    choose_show: 'With which melds do you go out?',
    choose_open: 'With which melds do you open?',
    cancel: 'Cancel',
    close: 'Close',
    next_round: 'Continue',
    wait_answer: 'A moment: the table is answering your last move.',
    deal_line: (v) => `— Round ${v.n}: ${v.dealer} deals. —`,
    you_did: (v) => `You ${v.what}.`,
    they_did: (v) => `${v.who} ${v.what}.`,
    and: ' and ',
    draws: 'draws from the stock',
    draws_you: (v) => (v.card ? `draw ${v.card} from the stock` : 'draw from the stock'),
    takes: (v) => `takes ${v.card} from the discard pile`,
    takes_you: (v) => `take ${v.card} from the discard pile`,
    lays: (v) => `lays ${v.cards}`,
    lays_you: (v) => `lay ${v.cards}`,
    attaches: (v) => `attaches ${v.cards} to meld ${v.n}`,
    attaches_you: (v) => `attach ${v.cards} to meld ${v.n}`,
    swaps: (v) => `takes the joker back from meld ${v.n}, putting ${v.cards}`,
    swaps_you: (v) => `take the joker back from meld ${v.n}, putting ${v.cards}`,
    discards: (v) => `discards ${v.card}`,
    discards_you: (v) => `discard ${v.card}`,
    shows: (v) => `goes out all at once: ${v.melds}`,
    shows_you: (v) => `go out all at once: ${v.melds}`,
    opens: (v) => `opens with the contract: ${v.melds}`,
    opens_you: (v) => `open with the contract: ${v.melds}`,
    calls: 'calls',
    calls_you: 'call',
    raises: 'raises',
    raises_you: 'raise',
    folds: 'folds',
    folds_you: 'fold',
    round_over: (v) => `Round ${v.n} over`,
    went_out: (v) => `${v.name} goes out.`,
    went_out_you: 'You go out.',
    in_one_turn: ' All at once, in one turn!',
    max_turns: 'The round stops: turn limit.',
    max_restocks: 'The round stops: the stock ran out too many times.',
    all_folded: (v) => `Everyone else folded: the pot goes to ${v.name}.`,
    match_over: 'Match over',
    out_of_match: 'You are out of the match: the score sheet is below while the others play.',
    queued: 'Connection lost: the move will go as soon as the table answers.',
    winner: (v) => `${v.name} wins.`,
    winner_you: 'You won the match!',
    draw_match: 'The match ends in a draw.',
    round_col: 'Round',
    totals: 'Total',
    chips_col: 'chips won and lost',
    out_mark: '✗ out',
    sheet_empty: 'No round over yet.',
    print: 'Print',
    fair_title: 'Deck checked',
    fair_checking: 'Checking the round’s deck…',
    fair_ok: (v) => `Round ${v.n}: the deck is the one promised before the deal, and your part is in it.`,
    fair_hand: ' The cards you were dealt came from that very deck.',
    fair_why_commitment: 'the secret revealed is not the one promised',
    fair_why_seed: 'the seed does not follow from the secret and the nonces',
    fair_why_order: 'the deck is not the one the seed shuffles',
    fair_why_error: 'the proof revealed cannot be read',
    fair_why_nonce: 'your nonce is not in it',
    fair_why_hand: 'the cards you were dealt did not come from that deck',
    fair_bad: (v) => `Round ${v.n}: the deck check does NOT hold (${v.why}).`,
    proof_title: 'The proof of the deck',
    proof_commitment: 'promised before the deal (SHA-256 of the secret)',
    proof_secret: 'secret revealed',
    proof_nonces: 'the players’ nonces',
    proof_order: 'order of the deck',
    fair_unavailable: 'This browser cannot check the deck here (it needs https or localhost).',
    reentry_q: (v) =>
      `You are out at ${v.total} points. Come back in at ${v.entry} points${v.stake ? `, paying ${v.stake} ${plural(v.stake, 'stake', 'stakes')}` : ''}?`,
    reenter: 'Come back in',
    stay_out: 'Stay out',
    rules_title: 'The rules of this table',
    // the score sheet of a match at home
    hs_title: 'Score sheet',
    hs_intro: 'Playing with real cards? Keep the score here, round after round: the sheet does the sums under your table’s rules, remembers everything even if you reload the page, and prints.',
    hs_new_title: 'A new match',
    hs_count: 'How many players',
    hs_names: 'The names, in the order you sit',
    hs_player_n: (v) => `Player ${v.n}`,
    hs_start: 'Start the match',
    hs_end_elimination: (v) => `whoever reaches ${v.target} points is out`,
    hs_end_first: (v) => `the match ends when someone reaches ${v.target} points, and the lowest total wins`,
    hs_end_rounds: (v) => `${v.rounds} ${plural(v.rounds, 'round', 'rounds')}, and the lowest total wins`,
    hs_rules_line: (v) => `Rules: ${v.rules}, ${v.end}.`,
    hs_started: (v) => `Match started on ${v.date}.`,
    hs_players_line: (v) => `Players: ${v.names}.`,
    hs_caption: (v) => `The totals after each round (${v.rules})`,
    hs_went_out: 'Went out',
    hs_nobody: 'nobody (round stopped)',
    hs_in_one_turn: 'in one turn',
    hs_messa: 'Messa',
    hs_out_mark: 'out',
    hs_gone: 'out of the match',
    hs_reenters: 'Re-enters',
    hs_chips: 'Chips',
    hs_credits: 'Credits',
    hs_stakes: 'Re-entry stakes',
    hs_no_rounds: 'No round entered yet.',
    hs_leads: (v) => `${v.name} leads, with ${v.n} ${plural(v.n, 'point', 'points')}.`,
    hs_played: (v) => `${v.played} of ${v.rounds} ${plural(v.rounds, 'round', 'rounds')} played.`,
    hs_over: 'Match over',
    hs_who_out: 'Who went out?',
    hs_nobody_option: 'Nobody: the round stopped at a limit',
    hs_one_turn: 'Went out all at once, in one turn',
    hs_closing: 'How did they go out?',
    hs_hands: 'Points left in hand',
    hs_hands_help:
      'Write each player’s points, or their cards: the rank and the suit, as a symbol (9♥, with the keys below), the Italian word (9 cuori, 9 di cuori) or an English initial (H hearts, D diamonds, C clubs, S spades: 9H); JK is the joker. For example: JK 9♥ 8S. The sheet counts them.',
    hs_suit_keys: 'Suits and the joker to write into the hand',
    suit_hearts: 'hearts',
    suit_diamonds: 'diamonds',
    suit_clubs: 'clubs',
    suit_spades: 'spades',
    joker: 'joker',
    hs_add: 'Enter the round',
    hs_tools: 'The sheet',
    hs_undo: 'Undo the last round',
    hs_new: 'New match',
    hs_new_confirm: 'Do you want to start a new match? This match’s sheet will be erased.',
    hs_rules_text: 'The rules of the table',
    hs_reentry_title: 'Re-entries',
    hs_reentry_q: (v) =>
      `${v.name} is out at ${v.total} points. Come back in at ${v.entry}${v.stake ? `, paying ${v.stake} ${plural(v.stake, 'stake', 'stakes')}` : ''}?`,
    hs_reenter: (v) => `${v.name} comes back in`,
    hs_stay_out: (v) => `${v.name} stays out`,
    hs_bad_entry: 'The server does not take these entries: check the names (30 characters at most) and the points (whole numbers).',
    hs_loading: 'Loading the sheet…',
  },
};

let lang = localStorage.getItem('ramino.lang') === 'en' ? 'en' : 'it';

export function currentLang() {
  return lang;
}

export function setLang(next) {
  lang = next === 'en' ? 'en' : 'it';
  localStorage.setItem('ramino.lang', lang);
  document.documentElement.lang = lang;
}

// The words for `key` in the page's language, `values` filled in.
export function t(key, values = {}) {
  const entry = WORDS[lang][key] ?? WORDS.it[key];
  if (entry === undefined) {
    // A word the page lacks must not stop the game: said as its key, and reported.
    console.error(`ramino: no words for ${key}`);
    return key;
  }
  return typeof entry === 'function' ? entry(values) : entry;
}

// A sentence the server sent in both languages.
export function said(sentence) {
  if (!sentence || typeof sentence !== 'object') return '';
  return String(sentence[lang] ?? sentence.it ?? '');
}

// --- the catalogue's words ---

let catalogue = null;

// Loaded once, as soon as a page runs (not under node, which has no server to ask).
export const catalogueReady =
  typeof location === 'undefined'
    ? Promise.resolve(null)
    : fetch('/api/words')
        .then((answer) => (answer.ok ? answer.json() : null))
        .then((words) => {
          catalogue = words;
          return words;
        })
        .catch(() => null);

// Python's repr of a string: single quotes unless the text holds one and no double quote.
function pythonRepr(value) {
  if (typeof value !== 'string') return String(value);
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  const body = value
    .replaceAll('\\', '\\\\')
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r')
    .replaceAll('\t', '\\t');
  return quote + (quote === "'" ? body.replaceAll("'", "\\'") : body) + quote;
}

// The fields ramino.words.render works out from others: "tocca ad Anna".
function derived(values, language) {
  const fields = { ...values };
  if (values.player !== undefined) fields.to_player = language === 'it' ? toName(values.player) : values.player;
  if (Array.isArray(values.cards)) fields.cards = values.cards.join(' ');
  return fields;
}

// str.format of the catalogue's fields: {name}, {name!r}, {name:+}, {{ and }}.
function fill(template, fields) {
  return template.replace(/\{\{|\}\}|\{([a-z_]+)(![rs])?(?::([^}]*))?\}/g, (all, name, conversion, spec) => {
    if (all === '{{') return '{';
    if (all === '}}') return '}';
    const value = fields[name];
    if (value === undefined) return '';
    if (conversion === '!r') return pythonRepr(value);
    if (spec === '+' && typeof value === 'number') return value >= 0 ? `+${value}` : String(value);
    return String(value);
  });
}

// The sentence of a refusal by its reason code, its values filled in, in the page's language
// (or `language`), as the server would say it; its code while the catalogue is not there yet.
export function refusal(code, values = {}, language = lang) {
  const words = catalogue?.[language]?.refusals?.[code];
  if (words === undefined) {
    console.error(`ramino: no words for ${code}`);
    return code;
  }
  const template = typeof words === 'string' ? words : values[words.count] === 1 ? words.one : words.many;
  return fill(template, derived(values, language));
}

// A ready phrase of the chat by its id, in the page's language; its id while the catalogue is
// not there yet.
export function phrase(id, language = lang) {
  return catalogue?.[language]?.phrases?.[id] ?? id;
}

// The ready phrases' ids, in the catalogue's order.
export const phraseIds = () => Object.keys(catalogue?.it?.phrases ?? {});

export const KEYS = Object.keys(WORDS.it);
export const KEYS_EN = Object.keys(WORDS.en);
