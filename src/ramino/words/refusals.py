"""The sentence of every refusal, by its reason code: the engine's (:class:`~ramino.engine.
errors.Reason`), then those of the layers above it (the server, the command line, the
environment, the computer players).

Each sentence names the rule that refused, so a player learns the rule from the refusal. The
Italian is written here; the other languages are in the catalogue (:mod:`.catalogue`). Fields
are the error's values (``{cards}`` its cards), worded by :mod:`.render`.
"""

from __future__ import annotations

from .catalogue import N_, NP_, Plural

__all__ = ["REFUSALS"]

#: reason code -> its sentence, in Italian.
REFUSALS: dict[str, str | Plural] = {
    # --- the engine's ---
    "bad_card": N_("{token!r} non è una carta: si scrive come 7H, 10S, QD, AC o JK."),
    "ambiguous_suit": N_("{token!r}: {detail}"),
    "no_cards": N_("Nessuna carta: scrivi le carte separate da spazi, per esempio 7H 8H 9H."),
    "bad_joker_notation": N_(
        "{token!r}: un jolly si dichiara come JK=9S (il jolly vale il 9 di picche)."
    ),
    "bad_action": N_(
        "{token!r} non è una mossa: draw, take, lay, attach, swap, discard, show, open, call,"
        " fold, raise, knock o pass."
    ),
    "bad_meld_number": N_(
        "{token!r} non è il numero di un gioco: i giochi sul tavolo si contano da 0, in cifre"
        " 0–9 (per esempio attach 0 10H)."
    ),
    "unknown_preset": N_("Regole sconosciute {name!r}: quelle disponibili sono {known}."),
    "unknown_rule": N_("Regola sconosciuta {key!r}{where}."),
    "bad_rule_value": N_("Valore non valido per {key!r}{where}: {value}. {expected}"),
    "contradictory_rules": N_("Regole contraddittorie{where}: {detail}"),
    "bad_rules_file": N_("File delle regole {path!r} non valido: {detail}"),
    "too_few_cards": N_("Un gioco ha almeno 3 carte: {cards} ne ha {count}."),
    "only_jokers": NP_(
        "Un gioco deve avere almeno {needed} carta vera oltre ai jolly: {cards} ne ha {count}.",
        "Un gioco deve avere almeno {needed} carte vere oltre ai jolly: {cards} ne ha {count}.",
        "needed",
    ),
    "too_many_jokers": NP_(
        "Al massimo {limit} jolly per gioco: {cards} ne ha {count}.",
        "Al massimo {limit} jolly per gioco: {cards} ne ha {count}.",
        "limit",
    ),
    "not_a_meld": N_(
        "{cards} non è né una scala (stesso seme, in fila) né un tris (stesso valore)."
    ),
    "set_suits_not_distinct": N_("In un tris i semi devono essere tutti diversi: {cards}."),
    "set_too_large": N_("Un tris o poker ha al massimo {limit} carte: {cards} ne ha {count}."),
    "run_duplicate_rank": N_("In una scala ogni carta c'è una volta sola: {cards} è doppia."),
    "run_ace_low_and_high": N_(
        "L'asso è basso oppure alto, mai entrambi: una scala non ricomincia dopo il re ({cards})."
    ),
    "run_ace_high_not_allowed": N_(
        "Con queste regole l'asso in scala è solo basso (A-2-3), mai dopo il re: {cards}."
    ),
    "run_not_consecutive": N_("Le carte di una scala devono essere in fila: tra {cards} {gap}."),
    "run_over_max": N_("Una scala calata ha al massimo {limit} carte: {cards} ne ha {count}."),
    "no_knocking": N_("Con queste regole non si bussa."),
    "knock_over_limit": N_("Per bussare le carte spaiate devono valere al massimo {limit} punti."),
    "upcard_offered": N_("La prima carta scoperta è offerta: prendila (take) o passa (pass)."),
    "upcard_passed": N_("Tutti hanno passato la prima carta scoperta: si pesca dal tallone."),
    "nothing_to_pass": N_("Ora non c'è niente da passare."),
    "not_after_knock": N_("Non adesso: {detail}"),
    "at_the_wall": N_(
        "Il tallone è al muro: si bussa con la carta del pozzo (knock) o si passa (pass)."
    ),
    "not_a_layoff": N_(
        "Si attacca una carta alla volta, solo ai giochi di chi ha bussato: non {cards}."
    ),
    "spread_first": N_("Dopo aver bussato si scarta prima di calare i giochi."),
    "big_gin_lays_all": N_(
        "Senza scartare chiudi solo calando tutte le carte (big gin): scarta una carta."
    ),
    "run_too_long": N_(
        "Una scala va al massimo dall'asso al re o dal 2 all'asso (13 carte): {cards} ne ha"
        " {count}."
    ),
    "flush_not_allowed": N_(
        "Un colore (carte dello stesso seme non in fila) vale solo come mano intera in chiusura:"
        " {cards}."
    ),
    "joker_count_mismatch": N_(
        "Ci sono {jokers} jolly ma {declared} dichiarazioni: dichiara una carta per ogni jolly."
    ),
    "joker_assignment_invalid": N_("Il jolly non può valere {declared} in {cards}: {detail}"),
    "attach_does_not_fit": N_("{cards} non si attacca a {meld}: {detail}"),
    "attach_place_held_by_joker": N_(
        "Il posto di {cards} in {meld} è del jolly: sostituiscilo per riprendere il jolly."
    ),
    "swap_forbidden": N_("Con queste regole un jolly calato non si può riprendere."),
    "swap_needs_opening": N_("Solo chi ha già aperto può riprendere un jolly."),
    "swap_no_joker": N_("In {meld} non c'è nessun jolly da riprendere."),
    "swap_wrong_card": N_("Per riprendere il jolly di {meld} serve {needed}, non {cards}."),
    "swap_set_needs_all_missing": N_(
        "Per riprendere il jolly da un tris servono tutte le carte che mancano, {needed}:"
        " {cards} non basta."
    ),
    "unknown_player": N_("{player!r} non è un giocatore di questa partita ({players})."),
    "duplicate_player": N_(
        "Il nome {player!r} compare due volte: ogni giocatore ha un nome diverso."
    ),
    "too_few_players": N_("Servono almeno {limit} giocatori con queste regole, non {count}."),
    "too_many_players": N_("Al massimo {limit} giocatori con queste regole, non {count}{why}."),
    "player_eliminated": N_("{player} è già fuori dalla partita."),
    "player_not_eliminated": N_("{player} è ancora in gioco: rientra solo chi è fuori."),
    "match_over": N_("La partita è finita: {detail}"),
    "bad_round_result": N_("Risultato della smazzata non valido: {detail}"),
    "reentry_not_allowed": N_("{player} non può rientrare: {detail}"),
    "not_in_deck": N_("Il mazzo di queste regole {detail}"),
    "bad_deal": N_("Distribuzione non valida: {detail}"),
    "bad_record": N_("Registrazione della partita non valida ({where}): {detail}"),
    "record_mismatch": N_("La registrazione non si ripete uguale: {detail}"),
    "round_over": N_("La smazzata è finita: non si gioca più."),
    "round_not_over": N_("La smazzata non è ancora finita."),
    "must_draw_first": N_("Prima si pesca: dal tallone o dal pozzo."),
    "already_drawn": N_("Hai già pescato in questo turno: ora cala, attacca o scarta."),
    "discard_pile_empty": N_("Il pozzo è vuoto: si pesca dal tallone."),
    "take_needs_use": N_("La carta del pozzo ({cards}) si prende solo per usarla subito: {detail}"),
    "swap_waits_a_turn": N_(
        "Hai aperto in questo turno: un jolly si riprende dal turno dopo l'apertura ({cards})."
    ),
    "take_needs_opened": N_(
        "Non hai ancora aperto: la carta del pozzo ({cards}) la prende solo chi ha già aperto,"
        " tu peschi dal tallone."
    ),
    "not_in_hand": N_("Non hai in mano {cards}."),
    "no_such_meld": N_("Sul tavolo non c'è il gioco numero {meld}: {detail}"),
    "no_such_seat": N_("Non c'è il posto {seat}: i posti vanno da 0 a {last}."),
    "no_melding_during_play": N_(
        "Con queste regole non si cala durante la smazzata: si chiude mostrando tutta la mano."
    ),
    "attach_one_card": N_("Si attacca una carta alla volta: {cards} sono {count}."),
    "attach_before_opening": N_("Con queste regole si attacca solo dopo aver aperto."),
    "opening_jokers_forbidden": N_(
        "Con queste regole i giochi dell'apertura non hanno jolly: {cards}."
    ),
    "would_leave_no_discard": N_(
        "Calando {cards} non ti resterebbe una carta da scartare: sei incartato, scarta e aspetta."
    ),
    "no_going_out_first_round": N_(
        "Con queste regole nessuno chiude prima che tutti abbiano giocato un turno."
    ),
    "opening_below_threshold": N_(
        "I giochi dell'apertura valgono {points} punti; queste regole ne vogliono {threshold}:"
        " cala ancora prima di scartare.{why}"
    ),
    "opening_unreachable": N_(
        "Dopo questa mossa l'apertura si fermerebbe a {points} punti senza poter arrivare a"
        " {threshold} con le carte che restano: un'apertura cominciata va finita nel turno.{why}"
    ),
    "opening_out_of_reach": N_(
        "Con le carte che hai non arrivi a {threshold} punti di apertura in questo turno, e"
        " finché non apri non si cala e non si attacca: scarta."
    ),
    "rediscard_taken": N_("La carta presa dal pozzo ({cards}) non si riscarta nello stesso turno."),
    "taken_card_not_used": N_(
        "La carta presa dal pozzo ({cards}) va calata o attaccata prima di scartare."
    ),
    "taken_card_unusable": N_(
        "Dopo questa mossa la carta presa dal pozzo ({cards}) non potrebbe più essere calata né"
        " attaccata in questo turno, e va usata prima di scartare."
    ),
    "discard_attachable": N_(
        "{cards} si può attaccare a un gioco sul tavolo: con queste regole non si scarta."
    ),
    "retrieved_joker_not_laid": N_(
        "Il jolly ripreso va calato in questo turno, prima di scartare o di riprenderne un altro."
    ),
    "joker_cannot_be_relaid": N_(
        "Il jolly ripreso va calato subito, ma non avresti dove calarlo: {cards}."
    ),
    "joker_back_to_same_meld": N_(
        "Il jolly ripreso va calato in un altro gioco, non di nuovo nel gioco {meld}."
    ),
    "show_not_allowed": N_(
        "Si chiude mostrando la mano solo quando non si cala durante la smazzata, o con il colore."
    ),
    "show_incomplete": N_("Per chiudere mostrando la mano servono tutte le carte: {detail}"),
    "imagined_joker_one": N_("Per chiudere si immagina un solo jolly."),
    "imagined_joker_place": N_(
        "Il jolly immaginario sta in una scala o in un tris, non nel colore."
    ),
    "stand_in_needed": N_("Di' quale tua carta fa da jolly, come 2C=JK."),
    "stand_in_not_allowed": N_(
        "Con queste regole {cards} non può fare da jolly: una carta della mano vale da jolly"
        " solo nel pokerato immaginario a 10 carte, e al posto di un jolly mostrato."
    ),
    "contract_first": N_("Prima si apre con il contratto di questa smazzata, {contract}: {terms}."),
    "contract_next_turn": N_("Dopo l'apertura si cala e si attacca dal turno successivo."),
    "contract_not_met": N_("L'apertura di questa smazzata ({contract}) vuole {terms}; {detail}"),
    "no_contract": N_("Con queste regole non c'è un'apertura obbligata: si cala con lay."),
    "already_opened": N_("Hai già aperto in questa smazzata."),
    "betting_over": N_("Il giro di puntate è finito."),
    "must_bet_first": N_("Prima si punta: vedi (call), lascia (fold) o rilancia (raise)."),
    "no_betting": N_(
        "Con queste regole non si punta: vedere, lasciare e rilanciare sono mosse del pokerato."
    ),
    "raise_limit": N_("Non si rilancia più: {detail}"),
    "raise_not_covered": N_("Non hai abbastanza fiches per rilanciare: {detail}"),
    "raise_unanswerable": N_(
        "Nessuno potrebbe rispondere al rilancio: chi è rimasto ha già messo tutte le sue fiches."
    ),
    # --- the server's (ramino.server.reasons) ---
    "not_your_turn": N_("Non è il tuo turno: tocca {to_player}."),
    "table_not_started": N_(
        "La partita comincia quando tutti i posti sono presi (ancora liberi: {free})."
    ),
    "bad_message": N_("Messaggio non valido: {detail}"),
    "too_many_tables": N_(
        "Hai creato troppi tavoli in poco tempo: al massimo {burst} di seguito, poi uno ogni"
        " {every}. Puoi crearne un altro fra {wait}."
    ),
    "too_many_new_players": N_(
        "Hai creato troppi giocatori in poco tempo: al massimo {burst} di seguito, poi uno ogni"
        " {every}. Puoi crearne un altro fra {wait}."
    ),
    "server_full": N_(
        "Il server ha già {count} tavoli in attesa di giocatori, il massimo: riprova fra {wait}."
    ),
    "body_too_large": N_("La richiesta è troppo grande: al massimo {limit} byte."),
    "head_too_large": N_(
        "L'intestazione della richiesta è troppo grande: al massimo {limit} byte."
    ),
    "request_too_slow": N_(
        "La richiesta non è arrivata intera entro {seconds}: la connessione si chiude."
    ),
    "too_many_connections": N_(
        "Troppe connessioni aperte dal tuo indirizzo (al massimo {limit}): chiudine qualcuna e"
        " riprova."
    ),
    "not_stored": N_(
        "Il server non è riuscito a salvare la mossa ({detail}), quindi non vale: il tavolo è"
        " com'era prima. Riprova fra poco."
    ),
    "too_many_sockets": N_("Troppe connessioni aperte: {detail}"),
    "too_many_messages": N_(
        "Mandi messaggi troppo in fretta: al massimo {limit} al secondo. Questo non è stato"
        " applicato."
    ),
    "nonce_given": N_("Hai già dato il tuo nonce per la smazzata {deal}: conta quello."),
    "name_like_seated": N_(
        "Il nome «{name}» si legge come quello di {seated}, già al tavolo: scegline un altro."
    ),
    "name_marked_computer": N_(
        "Il nome «{name}» porta il segno del computer, che spetta solo ai giocatori al computer:"
        " scegline un altro."
    ),
    "unknown_player_key": N_(
        "Questa chiave non è di nessun giocatore: controlla di averla copiata intera."
    ),
    "player_name_taken": N_("Il nome «{name}» è già di un altro giocatore: scegline un altro."),
    "rated_house_rules": N_(
        "Valgono per la classifica solo le regole di un preset, senza regole della casa: togli"
        " le modifiche a {rules} o gioca senza classifica."
    ),
    "no_rematch": N_(
        "Non c'è una rivincita da decidere: la partita non è finita, qualcuno ha già detto di"
        " no, oppure il computer gioca per te (torna al tavolo per rispondere)."
    ),
    "quick_waiting": N_(
        "Aspetti già una partita veloce: annulla quella prima di chiederne un'altra."
    ),
    "quick_too_fast": N_(
        "Hai chiesto troppe partite veloci in poco tempo: al massimo {burst} di seguito, poi una"
        " ogni {every}. Puoi chiederne un'altra fra {wait}."
    ),
    "quick_full": NP_(
        "Per una partita veloce aspetta già {count} giocatore, il massimo che questo server"
        " accoglie: riprova fra {wait}.",
        "Per una partita veloce aspettano già {count} giocatori, il massimo che questo server"
        " accoglie: riprova fra {wait}.",
        "count",
    ),
    "chat_off": N_("A questo tavolo la chat è spenta."),
    "chat_empty": N_("Il messaggio è vuoto: scrivi qualcosa."),
    "chat_too_long": N_("Il messaggio è troppo lungo: al massimo {limit} caratteri."),
    "chat_bad_text": N_(
        "Il messaggio contiene caratteri di controllo: scrivi soltanto testo, su una riga."
    ),
    "chat_too_fast": N_(
        "Scrivi troppo in fretta: al massimo {burst} messaggi di seguito, poi uno ogni {every}."
        " Puoi scrivere di nuovo fra {wait}."
    ),
    "chat_unknown_phrase": N_("{phrase!r} non è una frase pronta: scegli fra {known}."),
    "chat_not_kept": N_(
        "Il server non è riuscito a salvare il messaggio ({detail}), quindi nessuno l'ha letto:"
        " riprova fra poco."
    ),
    "chat_unknown_line": N_(
        "Il messaggio {line} non è fra gli ultimi del tavolo: non si può segnalare."
    ),
    "table_moving": N_(
        "Il tavolo sta passando a un altro processo del server: riprova fra un attimo."
    ),
    "events_down": N_(
        "Redis non risponde: si gioca lo stesso, ma la sala dei tavoli aperti può restare"
        " indietro finché non torna."
    ),
    # --- the house rules' (ramino.house_rules) ---
    "knob_not_applicable": N_(
        "La regola «{label}» ({knob}) non conta con queste regole: vale solo se {needs}."
        " Togli questa modifica."
    ),
    # --- the command line's (ramino.cli.reasons) ---
    "bad_score_file": N_("Foglio dei punti non valido ({where}): {detail}"),
    "bad_saved_match": N_("Partita salvata non valida ({where}): {detail}"),
    # --- the environment's (ramino.env.errors) ---
    "unknown_reward": N_("Ricompensa sconosciuta {reward!r}: scegli fra {known}."),
    "unknown_episode": N_("Episodio sconosciuto {episode!r}: scegli fra {known}."),
    "no_chips": N_(
        "Le regole {rules} non hanno puntate: la ricompensa in fiches vale solo dove si punta"
        " (pokerato)."
    ),
    "masked_out": N_("L'azione {action} non è fra quelle legali adesso: guarda la maschera."),
    "not_listed": N_("La mossa {move} non è fra quelle legali adesso."),
    "too_many_moves": N_(
        "Questa posizione ha {count} mosse legali, più dei {slots} posti numerati dello spazio"
        " delle azioni: crea l'ambiente con più posti (slots)."
    ),
    "bad_seat": N_("Il posto {seat} non c'è: i posti vanno da 0 a {last}."),
    "bad_move_features": N_(
        "Le mosse descritte (move_features) vanno da 0 ai posti numerati ({slots}), non {value}."
    ),
    "bad_slots": N_("Lo spazio delle azioni vuole almeno un posto numerato (slots), non {slots}."),
    # --- the computer players' (ramino.ai.errors) ---
    "unknown_level": N_("Livello sconosciuto {level!r}: scegli fra {known}."),
    "unknown_bot": N_("Giocatore al computer sconosciuto {name!r}: scegli fra {known}."),
}
