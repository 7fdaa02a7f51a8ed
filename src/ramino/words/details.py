"""The words of every phrase the engine has the catalogue word (:class:`~ramino.engine.errors.
Detail`): what exactly is wrong in a refusal, a record that replays differently, an outcome, a
preset's summary. Italian is written here; the other languages are in the catalogue.

Some phrases are read in the middle of a sentence (``where``: `` in casa.toml``) and start
with the space or the colon that joins them.
"""

from __future__ import annotations

from .catalogue import N_, NC_, NP_, InContext, Plural

__all__ = ["DETAILS"]

#: detail code -> its words, in Italian.
DETAILS: dict[str, str | Plural | InContext] = {
    # --- notation ---
    "c_is_clubs": N_(
        "in questa notazione C è fiori (clubs), ma accanto a {italian}, scritto con l'iniziale"
        " italiana, potrebbe voler dire cuori: per i cuori scrivi {rank}H, {rank}♥ o"
        " {rank}cuori, per i fiori {rank}F o {rank}♣."
    ),
    "q_is_queen": N_(
        "in questa notazione Q è la donna, non un seme: per i quadri scrivi {rank}D, {rank}♦ o"
        " {rank}quadri."
    ),
    # --- the deal and the round ---
    "no_such_contract": N_("queste regole non hanno il contratto {contract}."),
    "dealer_not_a_seat": N_("il mazziere {dealer} non è un posto."),
    "hands_one_per_seat": N_("servono {seats} mani, una per posto, non {count}."),
    "hand_of_size": NP_(
        "la mano del posto {seat} ha {count} carta, non {size}.",
        "la mano del posto {seat} ha {count} carte, non {size}.",
        "count",
    ),
    "deck_order_every_card": N_("l'ordine del mazzo deve usare ogni carta una volta (0–{last})."),
    "names_one_per_seat": N_("servono {seats} nomi, uno per posto, non {count}."),
    "no_melds_yet": N_("non ce n'è ancora nessuno."),
    "melds_numbered": NP_(
        "c'è un gioco solo, il numero 0.",
        "ci sono {count} giochi, numerati da 0 a {last}.",
        "count",
    ),
    # --- drawing, discarding, showing the hand ---
    "take_only_to_go_out": N_(
        "qui non si cala durante la smazzata: la prendi solo per chiudere con essa."
    ),
    "take_leaves_twin": N_(
        "usandola ti resterebbe da scartare solo la sua gemella, che non si riscarta:"
        " saresti incartato."
    ),
    "take_no_use_now": N_("non puoi calarla né attaccarla adesso."),
    "take_only_to_open": N_(
        "chi non ha aperto la prende solo per aprire con essa ({threshold} punti)."
    ),
    "declare_joker_to_open": N_(
        " Col jolly di {meld} dichiarato come {card} varrebbero {points}: abbastanza per aprire."
    ),
    "show_needs_discard": N_("queste regole vogliono lo scarto finale."),
    "show_count": N_("hai {held} carte e ne mostri {shown}."),
    "show_size": N_(
        "chi chiude ne mostra {expected} più lo scarto finale, e qui ne mostri {shown}."
    ),
    "show_size_optional": N_(
        "chi chiude ne mostra {expected} con lo scarto finale o {more} senza, e qui ne mostri"
        " {shown}."
    ),
    "show_not_all_melded": N_("non tutte stanno in un gioco."),
    # --- the deck (after "Il mazzo di queste regole") ---
    "deck_no_jokers": N_("non ha jolly: {card} non può esserci."),
    "deck_copies": NP_(
        "ha {held} copia di {card}, non {count}.", "ha {held} copie di {card}, non {count}.", "held"
    ),
    # --- carioca's contracts: each one's name, as players say it, and what it lays ---
    "contract_pair": NC_("contract", "coppia"),
    "contract_two_pairs": NC_("contract", "doppia coppia"),
    "contract_set": NC_("contract", "tris"),
    "contract_full_house": NC_("contract", "full"),
    "contract_scala_40": NC_("contract", "scala 40"),
    "contract_poker": NC_("contract", "poker"),
    "contract_straight_flush": NC_("contract", "scala colore"),
    "contract_one_turn": NC_("contract", "chiusura in mano"),
    "terms_pair": N_("una coppia di J, Q, K o assi (due carte di semi diversi)"),
    "terms_two_pairs": N_("due coppie di valori diversi, almeno una di J, Q, K o assi"),
    "terms_set": N_("un tris, tre carte dello stesso valore"),
    "terms_full_house": N_("un tris e una coppia di un altro valore"),
    "terms_scala_40": N_("scale o tris che valgano esattamente 40 punti, in uno o due giochi"),
    "terms_poker": N_("un poker, quattro carte dello stesso valore"),
    "terms_straight_flush": N_("una scala di cinque carte"),
    "terms_one_turn": N_("tutta la mano in giochi in una volta, senza scarto"),
    # --- why an opening does not meet its contract ---
    "high_pair_needed": N_("questa è una coppia di {rank}, non di figure o di assi."),
    "pair_cards": N_("una coppia è di due carte dello stesso valore e di semi diversi."),
    "two_pairs_needed": N_("servono due coppie."),
    "pairs_ranks": N_("i valori devono essere diversi, e almeno uno di figure o assi."),
    "set_and_pair_needed": N_("servono un tris e una coppia."),
    "set_and_pair_ranks": N_("il tris e la coppia devono avere valori diversi."),
    "one_or_two_melds": N_("non più di due giochi: questi sono {count}."),
    "melds_worth": N_("questi valgono {points}."),
    "one_meld_of": NP_(
        "serve un gioco solo, di {size} carte: ne hai scelta {count}.",
        "serve un gioco solo, di {size} carte: ne hai scelte {count}.",
        "count",
    ),
    # --- what a knocked hand asks of the player to move ---
    "knocker_throws": N_("hai bussato: scarta una carta, poi cala i tuoi giochi e passa."),
    "knocker_melds": N_("hai bussato e scartato: cala i tuoi giochi, poi passa."),
    "defender_lays_off": N_("attacca le tue carte ai giochi di chi ha bussato, poi passa."),
    "defender_spreads": N_("cala i tuoi giochi, poi passa."),
    "one_meld_not_split": N_("serve un gioco solo, di {size} carte, non {melds} giochi."),
    "not_the_meld_needed": N_("non è il gioco che serve."),
    "cards_left_out": NP_(
        "resta una carta fuori dai giochi.", "restano {count} carte fuori dai giochi.", "count"
    ),
    # --- players and their names ---
    "player_needs_name": N_("ogni giocatore ha un nome, non {name!r}."),
    "name_not_writable": N_("il nome {name!r} ha un carattere che nessun file può contenere."),
    # --- chips ---
    "not_for_chips": N_("con queste regole non si gioca a fiches."),
    "chips": NP_("una fiche", "{count} fiches", "count"),
    "chips_of_players": N_("servono le fiches di {players} giocatori, ognuno con almeno una."),
    "carried_negative": N_("le fiches rimaste sul tavolo non possono essere negative."),
    "chips_needed": N_("con le puntate servono le fiches vinte o perse da ogni giocatore."),
    "chips_not_whole": N_("le fiches di {name} vanno date in numeri interi, non {change!r}."),
    "chips_below_zero": N_("{name} ha {chips} fiches e non può perderne {loss}."),
    "table_chips_not_whole": N_("le fiches sul tavolo sono un numero intero, non {on_table!r}."),
    "chips_do_not_add_up": N_("le fiches non tornano: ne risultano {balance:+} rispetto a prima."),
    # --- a round's result ---
    "unknown_closing": N_("chiusura sconosciuta {closing!r}."),
    "nobody_out_in_one_turn": N_("nessuno ha chiuso, quindi nessuno ha chiuso in mano."),
    "nobody_out_no_closing": N_("nessuno ha chiuso, quindi non c'è una chiusura {closing}."),
    "seven_of_a_kind_not_winning": N_(
        "con queste regole sette carte dello stesso valore non vincono la partita."
    ),
    "hands_by_player": N_("le mani vanno date giocatore per giocatore."),
    "went_out_no_hand": N_("{name} ha chiuso: non ha carte da contare."),
    "hands_missing": N_("manca la mano di {names}."),
    "hand_not_points_or_cards": N_("la mano di {name} va data in punti o in carte, non {hand!r}."),
    "negative_hand": N_("i punti in mano di {name} non possono essere negativi ({hand!r})."),
    "hand_not_cards": N_("la mano di {name} contiene qualcosa che non è una carta."),
    # --- the match ---
    "drawn": N_("è finita pari, senza vincitore."),
    "won_by": N_("ha vinto {winner}."),
    "nobody_in": N_("nessuno è in gioco."),
    # --- betting ---
    "no_raises": N_("queste regole non ammettono rilanci."),
    "raises_made": NP_(
        "per mano se ne fa uno solo, ed è già stato fatto.",
        "per mano se ne fanno al massimo {limit}, e sono già stati fatti.",
        "limit",
    ),
    "raise_takes": NP_(
        "ne serve {needed} e ne hai {have}.", "ne servono {needed} e ne hai {have}.", "needed"
    ),
    # --- re-entry ---
    "reentry_too_late": N_(
        "si sceglie se rientrare solo subito dopo la smazzata in cui si è usciti."
    ),
    "no_reentry_rule": N_("queste regole non prevedono il rientro."),
    "reentry_limit": NP_(
        "è già rientrato una volta, il massimo è {limit}.",
        "è già rientrato {count} volte, il massimo è {limit}.",
        "count",
    ),
    "reentry_two_left": N_("si rientra solo finché restano in gioco almeno due giocatori."),
    # --- the match's outcome ---
    "won_with_chips": NP_(
        "Vince {winner}, con {chips} fiche.",
        "Vince {winner}, con {chips} fiches.",
        "chips",
    ),
    "won_with_points": N_("Vince {winner}, con {points}."),
    "match_drawn": N_("Partita finita pari, senza vincitore."),
    # --- melds and the jolly ---
    "joker_for_natural": N_("un jolly sta per una carta vera."),
    "set_joker_same_rank": N_("in un tris il jolly vale una carta dello stesso valore."),
    "suit_already_in_set": N_("quel seme c'è già nel tris."),
    "no_place_in_run": N_("non ha il suo posto in questa scala."),
    "joker_takes_lower": N_("qui il jolly che può stare in due posti prende quello più basso."),
    "flush_one_suit": N_("il colore è tutto di un seme."),
    "would_change_kind": N_("cambierebbe il tipo del gioco."),
    # --- game records ---
    "dealer_not_a_seat_of": N_("il mazziere {dealer!r} non è un posto (0–{last})."),
    "seed_or_order_needed": N_("serve il seme (seed) o l'ordine del mazzo (deck_order)."),
    "unknown_generator": N_("generatore sconosciuto {generator!r}; si conosce {known!r}."),
    "deck_order_each_once": N_("deve contenere ogni carta del mazzo una volta sola (0–{last})."),
    "chips_of_every_player": N_("servono le fiches di ogni giocatore."),
    "result_not_players": N_("non corrisponde ai giocatori."),
    "no_players": N_("nessun giocatore."),
    "name_twice": N_("il nome {name!r} compare due volte."),
    "names_not_seats": N_("la smazzata ha {players} giocatori, i nomi sono {names}."),
    "json_object_needed": N_("serve un oggetto JSON {{...}}."),
    "not_a_record": N_('non è una registrazione di ramino (serve "format": "{format}").'),
    "version_not_read": N_(
        "la versione {version!r} non è letta da questo programma (legge la {known})."
    ),
    "restocks_needed": N_("serve una lista di nuovi talloni, ognuno una lista di numeri di carta."),
    "missing": N_("manca."),
    "unknown_key": N_("chiave sconosciuta; sono ammesse: {listed}."),
    "integer_needed": N_("serve un numero intero, non {value!r}."),
    "chips_range": N_("le fiches vanno da 0 a un miliardo, non {count!r}."),
    "rules_object_needed": N_("serve un oggetto con le regole."),
    "names_by_seat": N_("serve una lista di nomi, per posto."),
    "deal_object_needed": N_('serve un oggetto con "seed" o "deck_order".'),
    "seed_in_hex": N_('serve il seme in esadecimale, come "5f3a".'),
    "missing_beside_seed": N_("manca accanto al seme."),
    "name_needed": N_("serve un nome."),
    "card_numbers_needed": N_("serve una lista di numeri di carta."),
    "actions_needed": N_('serve una lista di mosse, come ["draw", "discard KS"].'),
    "action_text_needed": N_("serve una mossa scritta, non {text!r}."),
    "object_or_null": N_("serve un oggetto o null."),
    "not_a_player": N_("{name!r} non è un giocatore."),
    "winner_only_when_out": N_(
        "c'è chi vince la mano solo quando la fine è went_out o all_folded."
    ),
    "true_or_false": N_("serve true o false."),
    "pots_needed": N_("serve una lista di piatti."),
    "object_needed": N_("serve un oggetto."),
    "players_needed": N_("serve una lista di giocatori."),
    "accepted_values": N_("valori ammessi: {listed}."),
    "value_per_player": N_("serve un valore per ogni giocatore, per nome."),
    "cards_needed": N_('serve una lista di carte, come ["7H", "KS"].'),
    "end_goes_out": N_("chiude {name}"),
    "end_all_folded": N_("lasciano tutti tranne {name}"),
    "end_turn_cap": N_("limite di turni"),
    "end_restock_cap": N_("limite di rimescolate del tallone"),
    "replay_still_going": N_(
        "la registrazione finisce ({end}), la ripetizione è ancora al turno {turn}."
    ),
    "ends_differ": N_("registrata: {recorded}; ripetuta: {replayed}."),
    "yes": N_("sì"),
    "no": N_("no"),
    "in_one_turn_differs": N_("chiusura in mano registrata {recorded}, ripetuta {replayed}."),
    "closing_differs": N_("chiusura registrata {recorded}, ripetuta {replayed}."),
    "hand_left_differs": N_(
        "in mano {to_player} restano registrate {recorded}, ripetute {replayed}."
    ),
    "count_differs": N_("conta di {name} registrata {recorded}, ripetuta {replayed}."),
    "chips_differ": N_("le fiches vanno diversamente."),
    "end_differs": N_("la fine è diversa."),
    "in_action": N_("mossa {number}: {error}"),
    # --- text read from users ---
    "too_many_digits": N_("un numero ha troppe cifre per essere letto (più di 4300)."),
    "nested_too_deep": N_("liste o oggetti annidati troppo in profondità."),
    "bad_json": N_("testo JSON non valido alla riga {line}, colonna {column}."),
    # --- rules and rule files ---
    "in_file": N_(" in {source}"),
    "perhaps": N_(" — forse {key!r}"),
    "in_file_perhaps": N_(" in {source} — forse {key!r}"),
    "values_accepted": N_("Valori ammessi: {listed}."),
    "integer_expected": N_("Serve un numero intero."),
    "integer_or_words": N_("Serve un numero intero oppure una di queste parole: {listed}."),
    "entries_expected": N_(
        "Serve una lista di tabelle come [{{{table}}}] o di liste come [[{row}]]."
    ),
    "contracts_expected": N_("Serve una lista di contratti, scelti fra: {listed}."),
    "string_expected": N_("Serve un testo."),
    "name_expected": N_("Serve un nome, non un testo vuoto."),
    "text_not_writable": N_(
        "Il testo ha un carattere che nessun file può contenere (surrogato isolato)."
    ),
    "toml_syntax_at": N_("errore di sintassi TOML alla riga {line}, colonna {column}."),
    "toml_syntax_at_end": N_("errore di sintassi TOML alla fine del testo."),
    "toml_syntax": N_("errore di sintassi TOML."),
    "toml_too_deep": N_("liste o tabelle annidate troppo in profondità."),
    "toml_header": NP_(
        "Regole di Ramino: {label} ({preset} con 1 modifica)",
        "Regole di Ramino: {label} ({preset} con {count} modifiche)",
        "count",
    ),
    "too_many_entries": N_("{name} ha al massimo {most} voci, non {count}: {why}."),
    "out_of_range": N_("Va da {low} a {high}: {why}."),
    "below_range": N_("Va da {low} a {high}."),
    "max_below_min": N_(
        "il massimo dei giocatori ({most}, max_players) è minore del minimo ({least}, min_players)."
    ),
    "two_entries_same_count": N_("due voci per lo stesso numero di giocatori: {starts}."),
    "deck_too_small": N_(
        "in {players} con {cards} carte a testa servono almeno {need} carte, il mazzo ne ha {have}."
    ),
    "set_too_large_for_suits": N_(
        "con semi tutti diversi un tris ha al massimo 4 carte, non {set_max} (set_max)."
    ),
    "wrap_needs_high_ace": N_(
        "le scale che girano (K-A-2) vogliono l'asso anche alto, ma qui l'asso è solo basso"
        " (ace_in_runs = low_only)."
    ),
    "no_opening_without_melding": N_(
        "senza calare durante il gioco non c'è apertura: niente punti per aprire"
        " (opening_threshold = 0)."
    ),
    "swap_wait_needs_opened": N_(
        "aspettare il turno dopo l'apertura per riprendere un jolly vuole che lo riprenda solo"
        " chi ha aperto (joker_swap_needs_opened = true)."
    ),
    "pickup_needs_opening": N_(
        "senza calare durante il gioco nessuno apre: un pozzo legato all'apertura non ha"
        " senso (discard_pickup = {value})."
    ),
    "scempio_needs_messa": N_(
        "lo scempio sospende e raddoppia la messa: serve una messa (messa > 0)."
    ),
    "fixed_rounds_need_count": N_(
        "con un numero fisso di smazzate va detto quante (match_rounds, almeno 1)."
    ),
    "rounds_only_fixed": N_(
        "il numero di smazzate (match_rounds) conta solo se la partita ne dura un numero fisso"
        " (match_end = fixed_rounds)."
    ),
    "contracts_not_rounds": N_("ci sono {contracts} contratti ma {rounds} smazzate."),
    "betting_fixed_rounds": N_(
        "con le puntate la partita si gioca a fiches per un numero fisso di smazzate"
        " (match_end = fixed_rounds)."
    ),
    "betting_joker_rebury": N_(
        "il jolly al taglio va al primo giocatore, ma con le puntate chi gioca per primo si sa"
        " solo dopo il giro di puntate: il jolly girato torna nel mazzo (joker_upcard = rebury)."
    ),
    "blind_over_chips": N_("il buio ({blind}) supera le fiches di partenza ({chips})."),
    "contracts_opening": N_(
        "con i contratti l'apertura è il contratto della smazzata: niente punti per aprire"
        " (opening_threshold = 0), e si cala durante il gioco (melding_during_play = true)."
    ),
    "betting_no_stake": N_(
        "con le puntate il piatto si fa puntando: niente posta fissa a smazzata (hand_stake = 0)."
    ),
    "own_card_needs_imaginary": N_(
        "una carta propria fa da jolly (own_card_joker) solo con il jolly immaginario"
        " (imaginary_joker)."
    ),
    "imaginary_no_jokers": N_(
        "il jolly immaginario si usa mostrando la mano, senza calare durante il gioco"
        " (melding_during_play = false) e senza jolly nel mazzo (jokers = 0)."
    ),
    "seven_needs_two_packs": N_(
        "sette carte dello stesso valore senza jolly richiedono almeno 2 mazzi."
    ),
    "stock_too_small": N_(
        ": con {cards} carte a testa in {players} il tallone resterebbe di {stock} carte, meno"
        " di {least} a giocatore"
    ),
    # --- why each knob's numbers are bounded ---
    "range_packs": N_("quattro mazzi bastano per 12 giocatori"),
    "range_jokers": N_("tre per mazzo in quattro mazzi; nei tavoli veri non sono mai più di 4"),
    "range_seats": N_("di solito si gioca da 2 a 7"),
    "range_hand": N_("di solito se ne danno da 7 a 14 a testa"),
    "range_points": N_("molto oltre i punti del gioco (50 un jolly, 300 una partita)"),
    "range_turns": N_("venti volte il limite di turni delle regole già pronte (500)"),
    "range_credits": N_("molto oltre crediti e poste del gioco (il Casertano dà da 1 a 5 crediti)"),
    "range_chips": N_("un milione di fiches: diecimila volte le 100 a testa del pokerato"),
    "range_stakes": N_("il pokerato immaginario paga al massimo 6 volte la posta"),
    "range_jokers_per_meld": N_(
        "un gioco ha almeno una carta vera; senza limite si scrive unlimited (pokerato)"
    ),
    "range_naturals": N_("mai un gioco di soli jolly"),
    "range_set": N_(
        "da 3 carte fino a ogni copia di un valore in 4 mazzi più ogni jolly; senza limite si"
        " scrive unlimited (Casertano)"
    ),
    "range_run": N_("da 3 carte a una scala intera di 13"),
    "knock_needs_two_no_melding": N_(
        "si bussa (knock_limit) solo in due (max_players = 2), senza calare durante la"
        " smazzata (melding_during_play = false) e senza puntate."
    ),
    "points_need_knock": N_(
        "i punti a chi vince la smazzata (match_end = points_to_target) vengono dal bussare: va"
        " detto con quanti punti spaiati si bussa (knock_limit)."
    ),
    "target_needed": N_(
        "solo una partita di un numero fisso di smazzate (match_end = fixed_rounds) si gioca"
        " senza un punteggio a cui arrivare (target)."
    ),
    "knock_not_rounded": N_(
        "dove si bussa i punti spaiati si contano esatti, senza arrotondarli (rounding = none)."
    ),
    "points_by_player": N_(
        "servono i punti vinti da ogni giocatore in gioco, numeri interi non negativi."
    ),
    "gin_knobs_need_knock": N_(
        "il gin Oklahoma, la picche che raddoppia, il big gin, il muro e la scala più lunga"
        " (oklahoma, spade_upcard_doubles, big_gin_bonus, wall_stock, run_max) valgono solo"
        " bussando: va detto con quanti punti spaiati si bussa (knock_limit)."
    ),
    "summary_gin": N_(
        "Gin rummy: un mazzo, in due, 10 carte, si bussa con 10 punti spaiati; gin 25,"
        " battuta 25 (il conto nordamericano)."
    ),
    "summary_gin_classic": N_(
        "Gin rummy classico: si bussa con 10 punti spaiati; gin 20, battuta 10."
    ),
    "summary_gin_openspiel": N_(
        "Gin rummy come in OpenSpiel: gin 25, battuta 25, a pari punti niente, scale calate"
        " di 3-5 carte e i suoi limiti contro le smazzate senza fine."
    ),
    "range_opening": N_("quasi il doppio della soglia più alta delle fonti (51)"),
    "range_match_rounds": N_("la carioca ne gioca 8, il pokerato 10"),
    "range_reentries": N_("ogni rientro costa una posta: cento bastano a qualunque partita"),
    "range_raises": N_("le fonti ne contano 3 per mano; senza limite si scrive unlimited"),
    "range_contracts": N_("il doppio degli 8 contratti della carioca"),
    "range_entries": N_("una voce per ogni numero di giocatori da 2 a 12"),
    # --- the presets' summaries ---
    "summary_classico": N_(
        "Ramino classico: 108 carte, 10 a testa, apertura libera, chiusura in mano doppia, 101."
    ),
    "summary_classico_2": N_("Ramino in 2: un mazzo e 2 jolly (54 carte), 10 carte a testa, 101."),
    "summary_apertura_50": N_(
        "Apertura a 50: si apre con 50 punti, il pozzo si prende solo per usarlo nel turno."
    ),
    "summary_enciclopedia": N_(
        "Enciclopedia: 8 carte, apertura a 50, arrotondamento alle decine, messa 50, 300."
    ),
    "summary_scala_40": N_(
        "Scala 40: 13 carte, apertura a 40 con i propri giochi, niente chiusura al primo giro."
    ),
    "summary_rami_40": N_(
        "Rami 40: 13 carte, apertura a 40, 3 mazzi da 5 giocatori in su, ultimo scarto facoltativo."
    ),
    "summary_rami_51": N_("Rami 51: come Rami 40 ma l'apertura vuole 51 punti."),
    "summary_tradizionale": N_(
        "Tradizionale: un mazzo senza jolly, 10 carte in 2 e 7 in 3-4, chiusura in mano +25."
    ),
    "summary_casertano": N_(
        "Casertano: 13 carte, si chiude mostrando la mano legata, jolly 50, si perde a 110."
    ),
    "summary_pokerato": N_(
        "Pokerato con i jolly: buio e rilanci, si chiude calando 10 carte insieme più lo scarto."
    ),
    "summary_pokerato_immaginario": N_(
        "Pokerato con il jolly immaginario: 9 carte, senza jolly, se ne immagina uno per chiudere."
    ),
    "summary_pokerato_immaginario_10": N_(
        "Pokerato immaginario a 10 carte: per chiudere una carta della mano fa da jolly."
    ),
    "summary_carioca": N_(
        "Carioca: 8 smazzate da 13 carte, ognuna con la sua apertura obbligata, niente jolly"
        " nelle aperture."
    ),
}
