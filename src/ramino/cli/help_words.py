"""The words of ``ramino --help`` and of each command's help, Italian first, English too.

Every command has a short help (one whole sentence, for the list of commands), a long help
(paragraphs split by a blank line) and a line for each of its parameters, by the name the
command's function takes it as. The options every command shares are worded once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

#: (italiano, English).
Words = tuple[str, str]

#: The notation a field of cards takes, in words (Italian, English): for its help.
NOTATION_HELP: Final[Words] = (
    "Carte: il valore (A, 2-10, J, Q, K) e il seme con la lettera inglese, H cuori, D quadri,"
    " C fiori, S picche (7H, 10S, QD); o i simboli ♥ ♦ ♣ ♠ (7♥); o il seme in italiano (7cuori,"
    " '7 di cuori', 7F fiori, 7P picche). C non è mai cuori, né Q quadri. JK è il jolly.",
    "Cards: the rank (A, 2-10, J, Q, K) and the suit's English letter, H hearts, D diamonds,"
    " C clubs, S spades (7H, 10S, QD); or the symbols ♥ ♦ ♣ ♠ (7♥); or the suit in Italian"
    " (7cuori, '7 di cuori', 7F fiori, 7P picche). C is never cuori, nor Q quadri. JK is the"
    " joker.",
)


@dataclass(frozen=True)
class CommandWords:
    """The help of one command."""

    short: Words
    """One whole sentence, shown beside the command in ``ramino --help``."""
    long: Words
    """The text of ``ramino COMMAND --help``, paragraphs split by a blank line."""
    params: dict[str, Words] = field(default_factory=dict)
    """Each parameter's line, by its name (the options of :data:`SHARED` apart)."""
    metavars: dict[str, Words] = field(default_factory=dict)
    """The placeholder of a parameter's value, where it is not :data:`METAVARS`'s."""


#: The frame Click puts around the help, and the placeholders of the usage line.
FRAME: Final = MappingProxyType(
    {
        "usage": ("Uso: ", "Usage: "),
        "arguments": ("Argomenti", "Arguments"),
        "options": ("Opzioni", "Options"),
        "commands": ("Comandi", "Commands"),
        "options_metavar": ("[OPZIONI]", "[OPTIONS]"),
        "command_metavar": ("COMANDO [ARGOMENTI]...", "COMMAND [ARGS]..."),
    }
)

#: The options many commands share, and the help and version options.
SHARED: Final = MappingProxyType(
    {
        "lang": (
            "Lingua dei testi: it (italiano) o en (inglese); anche la variabile RAMINO_LANG.",
            "Language of the output: it (Italian) or en (English); RAMINO_LANG sets it too.",
        ),
        "as_json": (
            "Stampa un oggetto JSON invece del resoconto in parole.",
            "Print one JSON object instead of the text report.",
        ),
        "rules": (
            "Il nome di regole pronte (vedi ramino rules) o un file TOML di regole di casa"
            " (se manca: classico).",
            "A preset name (see ramino rules) or a TOML house-rules file (default: classico).",
        ),
        "help": ("Mostra questo aiuto ed esce.", "Show this message and exit."),
        "version": ("Mostra la versione ed esce.", "Show the version and exit."),
    }
)

#: The placeholders of values, by parameter name, where a command does not word its own.
METAVARS: Final = MappingProxyType(
    {
        "lang": ("[it|en]", "[it|en]"),
        "rules": ("REGOLE_O_TOML", "PRESET_OR_TOML"),
        "file": ("FILE", "FILE"),
        "players": ("N", "N"),
        "seed": ("SEME", "SEED"),
    }
)

ROOT: Final = CommandWords(
    short=("Ramino, la famiglia del ramino italiano.", "Ramino, the Italian rummy family."),
    long=(
        "Ramino, la famiglia del ramino italiano: gioca contro il computer, controlla i"
        " giochi, mostra le regole in vigore, tieni il foglio dei punti di un tavolo. In"
        " italiano; in inglese con --lang en (su ogni comando) o RAMINO_LANG=en.",
        "Ramino, the Italian rummy family: play against the computer, check melds, show the"
        " rules in force, keep a table's score sheet. In Italian; in English with --lang en"
        " (on any command) or RAMINO_LANG=en.",
    ),
)

COMMANDS: Final = MappingProxyType(
    {
        "check": CommandWords(
            short=(
                "Dice se delle carte sono un gioco valido e quanto vale.",
                "Tell whether some cards make a valid meld and what it is worth.",
            ),
            long=(
                "Controlla un gioco: valido o rifiutato (e perché), di che tipo, la carta che fa"
                " il jolly, i punti per l'apertura.\n\n"
                "Codice d'uscita: 0 valido, 1 rifiutato, 2 input non valido.",
                "Check a meld: valid or refused (and why), its kind, the jolly's card, opening"
                " points.\n\n"
                "Exit status: 0 valid, 1 refused, 2 bad input.",
            ),
            params={
                "cards": (
                    "Il gioco, come argomenti separati o in una sola stringa tra virgolette: JK"
                    " 7S 8S, '7H 7D 7C', 'JK=9S 7S 8S' (il jolly dichiarato come 9♠). "
                    + NOTATION_HELP[0],
                    "The meld, as separate arguments or one quoted string: JK 7S 8S, '7H 7D"
                    " 7C', 'JK=9S 7S 8S' (the jolly declared as 9♠). " + NOTATION_HELP[1],
                ),
                "whole_hand": (
                    "Le carte sono una mano intera mostrata per chiudere (a parte lo scarto"
                    " finale): valida se una smazzata accetta quella chiusura, divisa in giochi,"
                    " come colore o come scala dove le regole lo permettono. I jolly stanno dove"
                    " servono alla chiusura; col jolly immaginario JK è la carta immaginata, e"
                    " 5C=JK nomina la carta della mano che fa da jolly (pokerato-immaginario-10).",
                    "The cards are a whole hand shown to go out (the final discard apart):"
                    " valid when a round takes that show, split into melds, as a flush"
                    " (colore) or a straight where the rules allow it. Jollies stand where the"
                    " close needs them; under the imaginary jolly JK is the card imagined, and"
                    " 5C=JK names the card of the hand acting as it (pokerato-immaginario-10).",
                ),
            },
            metavars={"cards": ("CARTE", "CARDS")},
        ),
        "rules": CommandWords(
            short=(
                "Elenca le regole pronte, o mostra ogni regola di un tavolo.",
                "List the presets, or show every rule of a table.",
            ),
            long=(
                "Elenca le regole pronte, o mostra ogni regola di quelle regole o di un file"
                " di regole di casa.",
                "List the presets, or show every rule of one preset or house-rules file.",
            ),
            params={
                "preset_or_toml": (
                    "Il nome di regole pronte o un file TOML di regole di casa; senza, l'elenco"
                    " delle regole pronte.",
                    "A preset name or a TOML house-rules file; without it, list the presets.",
                ),
                "players": (
                    "Descrive il tavolo per questo numero di giocatori (il mazzo e le carte a"
                    " testa possono dipenderne).",
                    "Describe the table for this many players (deck and hand size may depend"
                    " on it).",
                ),
            },
            metavars={"preset_or_toml": ("REGOLE_O_TOML", "PRESET_OR_TOML")},
        ),
        "score": CommandWords(
            short=(
                "Tiene il foglio dei punti di una partita scritta in un file.",
                "Keep the score sheet of a match written in a file.",
            ),
            long=(
                "Tiene il foglio dei punti: i totali dopo ogni smazzata, chi è fuori, chi"
                " vince.\n\n"
                'Le regole vengono da --rules, se no dal campo "rules" del file, se no sono'
                " quelle del classico.",
                "Keep the score sheet: totals after each round, who is out, the winner.\n\n"
                'The rules come from --rules, else from the file\'s "rules", else classico.',
            ),
            params={
                "file": (
                    "La partita in JSON (vedi examples/partita-101.json), o - per l'input"
                    " standard; una mano è i suoi punti o le sue carte. " + NOTATION_HELP[0],
                    "The match as JSON (see examples/partita-101.json), or - for standard input;"
                    " a hand is its points or its cards. " + NOTATION_HELP[1],
                ),
            },
        ),
        "replay": CommandWords(
            short=(
                "Rivede una smazzata registrata, turno per turno.",
                "Replay a recorded round, turn by turn.",
            ),
            long=(
                "Rivede una smazzata registrata turno per turno: le pescate, i giochi, gli"
                " scarti, la chiusura e il conteggio.\n\n"
                "Codice d'uscita: 0 se la registrazione si rigioca come dice, 2 per un file"
                " non valido o una registrazione che non si rigioca.",
                "Replay a recorded round turn by turn: draws, melds, discards, the close and"
                " the count.\n\n"
                "Exit status: 0 when the record replays as it says, 2 for a bad file or a"
                " record that does not replay.",
            ),
            params={
                "file": (
                    "Una partita registrata (JSON, formato ramino-record), o - per l'input"
                    " standard.",
                    "A game record (JSON, format ramino-record), or - for standard input.",
                ),
                "step": (
                    "Aspetta Invio fra un turno e l'altro (non più, finito l'input).",
                    "Wait for Enter between turns (no waiting once input ends).",
                ),
                "seat": (
                    "Mostra solo quello che un giocatore può sapere: il suo posto (0 è il"
                    " primo) o il suo nome.",
                    "Show only what one player may know: his seat (0 is the first) or his name.",
                ),
            },
            metavars={"seat": ("N_O_NOME", "N_OR_NAME")},
        ),
        "simulate": CommandWords(
            short=(
                "Fa giocare i computer fra loro e riassume come è andata.",
                "Let computer players play each other and sum up how they fared.",
            ),
            long=(
                "Fa giocare dei bot per smazzate o partite e riassume chi ha chiuso, come è"
                " andato ogni bot e quanto in fretta hanno giocato.\n\n"
                "I bot di --bots si spostano di un posto a ogni gioco (al posto s siede il bot"
                " (s − k) mod n nel gioco k), così ognuno siede a turno in ogni posto; il posto"
                " 0 fa il mazziere a ogni smazzata, così un posto è un luogo rispetto al"
                " mazziere. Con --duplicate ogni distribuzione si gioca una volta per"
                " rotazione, con le stesse carte agli stessi posti. Un bot vince una smazzata"
                " quando chiude; in una smazzata fermata da un limite, quando ha da solo il"
                " conto più basso (come lo contano le regole): un pari non è di nessuno. Per"
                " bot: con --matches, le partite vinte con un intervallo di Wilson al 95% e il"
                " totale finale medio (a fiches, le fiches vinte in media); le smazzate vinte"
                " con un intervallo di Wilson al 95%, la penalità media rimasta in mano per"
                " smazzata, il tempo medio di una decisione; un bot nominato per due posti li"
                " conta tutti e due. Queste cifre si mostrano (e si aggiungono al --json come"
                ' "bots") quando si dà --bots.\n\n'
                "Codice d'uscita: 0 fatto, 2 input non valido (regole non ancora giocabili,"
                " numero di giocatori, bot, processi, un numero o un seme malformato), 130"
                " fermato con Ctrl-C.",
                "Let bots play rounds or matches and summarise who went out, how each bot"
                " fared and how fast they played.\n\n"
                "The bots of --bots move on one seat each game (seat s holds bot (s − k) mod n"
                " in game k), so each one sits in every seat in turn; seat 0 deals every"
                " round, so a seat is a place relative to the dealer. With --duplicate each"
                " deal is played once per rotation, the same cards going to the same seats. A"
                " bot wins a round when it goes out; in a round stopped by a cap, when it"
                " alone holds the lowest count (as the rules score it): a tie is nobody's"
                " win. Per bot: with --matches, matches won with a 95% Wilson interval and the"
                " mean final total (played for chips, the mean chips won); rounds won with a"
                " 95% Wilson interval, mean penalty left in hand per round, mean time of one"
                " decision; a bot named for two seats counts both. These figures are shown"
                ' (and added to --json as "bots") when --bots is given.\n\n'
                "Exit status: 0 done, 2 bad input (rules not playable yet, player count,"
                " bots, workers, a malformed number or seed), 130 stopped by Ctrl-C.",
            ),
            params={
                "players": (
                    "Giocatori al tavolo (se manca: 4, o il numero più vicino che le regole"
                    " permettono).",
                    "Players at the table (default: 4, or the nearest count the rules allow).",
                ),
                "rounds": (
                    "Smazzate da giocare, ognuna con carte nuove (se manca: 10); con"
                    " --duplicate, distribuzioni da giocare una volta per posto.",
                    "Rounds to play, each with new cards (default: 10); with --duplicate,"
                    " deals to play once per seat.",
                ),
                "matches": (
                    "Gioca questo numero di partite intere invece di --rounds (con"
                    " --duplicate, ognuna una volta per posto).",
                    "Play this many whole matches instead of --rounds (with --duplicate, each"
                    " once per seat).",
                ),
                "seed": (
                    "Seme delle distribuzioni e dei bot (un numero o un testo; se manca: 0).",
                    "Seed of the deals and of the bots (a number or text; default: 0).",
                ),
                "bots": (
                    "Un bot per tutti i posti, o uno per posto separati da virgole ({bots}; se"
                    " manca: random dappertutto), e le cifre di ogni bot nel riassunto. I bot"
                    " si spostano di un posto a ogni smazzata (o partita), così ognuno siede a"
                    " turno in ogni posto; il posto 0 fa il mazziere (della prima smazzata di"
                    " una partita).",
                    "One bot for every seat, or one per seat separated by commas ({bots};"
                    " default: random everywhere), and the figures of each bot in the summary."
                    " The bots move on one seat each round (or match), so each sits in every"
                    " seat in turn; seat 0 deals (a match's first round).",
                ),
                "duplicate": (
                    "Distribuzioni duplicate: ogni distribuzione si gioca una volta per posto,"
                    " con i bot spostati di un posto ogni volta e le stesse carte negli stessi"
                    " posti, così ogni bot riceve ogni mano (meno fortuna); si giocano"
                    " giocatori × --rounds smazzate.",
                    "Duplicate deals: play every deal once per seat, the bots moved on one"
                    " seat each time and the same cards in the same places, so each bot gets"
                    " each hand (less luck); players × --rounds rounds are played.",
                ),
                "workers": (
                    "Processi su cui giocare, al massimo uno per processore (se manca: 1); le"
                    " cifre sono le stesse con qualsiasi numero (cambiano solo i tempi).",
                    "Processes to play on, at most one per processor (default: 1); the"
                    " figures are the same for any number (only the times change).",
                ),
                "backend": (
                    "Dove si giocano le partite: local (questo computer, con --workers"
                    " processi) o ray (un cluster Ray: quello di --address, o uno locale di"
                    " --workers processori avviato per l'occasione; serve il pacchetto"
                    " ramino[ray]). Le cifre sono le stesse.",
                    "Where the games are played: local (this computer, on --workers"
                    " processes) or ray (a Ray cluster: the one at --address, or a local one"
                    " of --workers processors started for the run; needs the package"
                    " ramino[ray]). The figures are the same.",
                ),
                "address": (
                    "L'indirizzo di un cluster Ray già avviato (con --backend ray), per"
                    " esempio ray://testa:10001 o auto.",
                    "The address of a Ray cluster already running (with --backend ray), for"
                    " example ray://head:10001 or auto.",
                ),
            },
            metavars={
                "rounds": ("N", "N"),
                "matches": ("N", "N"),
                "workers": ("N", "N"),
                "backend": ("DOVE", "WHERE"),
                "address": ("INDIRIZZO", "ADDRESS"),
                "bots": ("BOT", "BOTS"),
            },
        ),
        "play": CommandWords(
            short=(
                "Gioca a ramino nel terminale, contro il computer o online.",
                "Play Ramino in the terminal, against the computer or online.",
            ),
            long=(
                "Gioca a ramino contro il computer nel terminale: la tua mano, il tavolo, il"
                " foglio dei punti.\n\n"
                "Online: --server URL crea un tavolo privato su un ramino serve e ne mostra il"
                " link da mandare; --join LINK --name NOME ti siede a uno; --join LINK --token"
                " TOKEN ti riporta al tuo posto.\n\n"
                "Tasti: t pesca, p prende lo scarto, spazio sceglie le carte, c cala, a"
                " attacca, j riprende un jolly, s scarta, m chiude mostrando la mano, v vede,"
                " l lascia, + rilancia (pokerato), b bussa e n passa (gin rummy), h consiglio,"
                " r regole, ? tutti i tasti, q esce (a partita in corso propone di salvarla).",
                "Play Ramino against the computer in the terminal: your hand, the table, the"
                " score sheet.\n\n"
                "Online: --server URL creates a private table on a ramino serve and shows its"
                " link to send; --join LINK --name NAME sits at one; --join LINK --token TOKEN"
                " comes back to your seat.\n\n"
                "Keys: t draw, p take the discard, space picks cards, c lay, a attach, j take"
                " a joker back, s discard, m go out by showing the hand, v call, l fold, +"
                " raise (pokerato), b knock and n pass (gin rummy), h hint, r rules, ? every key,"
                " q quit (mid-match it offers to save).",
            ),
            params={
                "players": (
                    "Giocatori al tavolo, tu compreso (se manca: 3; 2 nel gin rummy).",
                    "Players at the table, you included (default: 3; 2 in gin rummy).",
                ),
                "level": (
                    "La forza del computer (se manca: intermedio; una partita ripresa tiene la"
                    " sua).",
                    "The computer's strength (default: intermediate; a resumed match keeps its"
                    " own).",
                ),
                "seed": (
                    "Seme delle distribuzioni, per rigiocare la stessa partita.",
                    "Seed of the deals, to play the same match again.",
                ),
                "name": (
                    "Il tuo nome nei salvataggi e nelle registrazioni (se manca: Giocatore, o"
                    " Player in inglese).",
                    "Your name in saves and records (default Giocatore, or Player in English).",
                ),
                "resume": (
                    "Riprende una partita salvata uscendo (le sue regole, i giocatori e il seme).",
                    "Continue a match saved when leaving it (its rules, players and seed).",
                ),
                "pause": (
                    "Secondi fra una mossa del computer e l'altra (0: nessuna pausa; se manca:"
                    " 0,7).",
                    "Seconds between the computer's moves (0: none; default: 0.7).",
                ),
                "four_colours": (
                    "Un mazzo a quattro colori: ♣ verde, ♦ blu.",
                    "A four-colour deck: ♣ green, ♦ blue.",
                ),
                "join": (
                    "Siediti al tavolo online di questo link (ramino serve): serve --name, o"
                    " --token.",
                    "Sit at the online table of this link (ramino serve): needs --name, or"
                    " --token.",
                ),
                "token": (
                    "Con --join: torna al tuo posto, con il token che il gioco ti ha dato.",
                    "With --join: come back to your own seat, whose token the game gave you.",
                ),
                "server": (
                    "Crea un tavolo privato su questo ramino serve e siediti: --players posti,"
                    " --computers di loro al computer, gli altri per gli amici con il link.",
                    "Create a private table on this ramino serve and sit at it: --players"
                    " seats, --computers of them computer players, the others for friends with"
                    " the link.",
                ),
                "computers": (
                    "Con --server: i giocatori al computer al tavolo (se manca: 0).",
                    "With --server: computer players at the table (default: 0).",
                ),
            },
            metavars={
                # Either language's names are taken in both (beginner, intermedio, ...).
                "level": ("[principiante|intermedio|esperto]", "[beginner|intermediate|expert]"),
                "name": ("NOME", "NAME"),
                "resume": ("FILE", "FILE"),
                "pause": ("SECONDI", "SECONDS"),
                "join": ("LINK", "LINK"),
                "token": ("TOKEN", "TOKEN"),
                "server": ("URL", "URL"),
                "computers": ("N", "N"),
            },
        ),
        "serve": CommandWords(
            short=(
                "Apre un server di tavoli privati da giocare nel browser.",
                "Serve private tables to play in the browser.",
            ),
            long=(
                "Serve i tavoli privati di ramino: un'API HTTP per la sala (descritta in"
                " /openapi.json) e un WebSocket per posto per giocare (docs/protocol.md), nei"
                " limiti di un server pubblico (docs/limits.md).",
                "Serve Ramino's private tables: an HTTP API for the lobby (described at"
                " /openapi.json) and a WebSocket per seat for play (docs/protocol.md), within a"
                " public server's limits (docs/limits.md).",
            ),
            params={
                "host": (
                    "Indirizzo su cui ascoltare (127.0.0.1: solo questa macchina; se manca:"
                    " 127.0.0.1).",
                    "Address to listen on (127.0.0.1: this machine only; default: 127.0.0.1).",
                ),
                "port": (
                    "Porta su cui ascoltare (se manca: 8000).",
                    "Port to listen on (default: 8000).",
                ),
                "db": (
                    "URL della base di dati (se manca: il file SQLite ramino.db nella cartella"
                    " corrente; postgresql+psycopg://… per PostgreSQL).",
                    "Database URL (default: the SQLite file ramino.db in the current folder;"
                    " postgresql+psycopg://… for PostgreSQL).",
                ),
                "seed": (
                    "Ricava ogni nuovo tavolo e le sue distribuzioni da TESTO, così le stesse"
                    " mosse danno le stesse carte: solo per dimostrazioni e test (chi conosce"
                    " TESTO conosce ogni mano).",
                    "Derive every new table and its deals from TEXT, so that the same moves"
                    " deal the same cards: for demos and tests only (whoever knows TEXT knows"
                    " every hand).",
                ),
                "tables_burst": (
                    "Tavoli che un indirizzo può creare di fila (docs/limits.md; se manca: 20).",
                    "Tables a client address may create in a row (docs/limits.md; default: 20).",
                ),
                "tables_per_minute": (
                    "Tavoli che un indirizzo può creare al minuto dopo quelli di fila (se manca:"
                    " 10).",
                    "Tables a client address may create a minute after its burst (default: 10).",
                ),
                "waiting_seconds": (
                    "Secondi che un tavolo con un posto libero aspetta i suoi giocatori (dalla"
                    " creazione o dall'ultimo posto preso) prima di essere tolto (se manca: 1800).",
                    "Seconds a table with a free seat waits for its players (from its creation"
                    " or its last seat taken) before it is removed (default: 1800).",
                ),
                "quick_wait": (
                    "Secondi che chi chiede una partita veloce aspetta altre persone prima che i"
                    " posti vuoti vadano a giocatori al computer (se manca: 20).",
                    "Seconds a player asking for a quick match waits for other people before"
                    " the empty seats go to computer players (default: 20).",
                ),
                "quick_waiting": (
                    "Persone che possono aspettare una partita veloce tutte insieme, su tutto il"
                    " servizio; oltre, chi la chiede è pregato di riprovare (se manca: 1000).",
                    "People who may wait for a quick match at once, on the whole service;"
                    " beyond, whoever asks is told to try again later (default: 1000).",
                ),
                "socket_messages": (
                    "Messaggi che una connessione di gioco può mandare in un secondo; gli altri"
                    " hanno una risposta ma non sono applicati (se manca: 20).",
                    "Messages a playing socket may send in a second; the rest are answered but"
                    " not applied (default: 20).",
                ),
                "waiting_tables": (
                    "Tavoli che possono aspettare i loro giocatori tutti insieme, su tutto il"
                    " server; oltre, chi ne crea un altro è pregato di riprovare (se manca: 2000).",
                    "Tables that may wait for their players at once, on the whole server; beyond,"
                    " whoever creates another is asked to try again later (default: 2000).",
                ),
                "redis": (
                    "URL di Redis: questo processo è uno di più che servono gli stessi tavoli da"
                    " un PostgreSQL comune (docs/deploy.md).",
                    "Redis URL: this process is one of several serving the same tables from a"
                    " shared PostgreSQL (docs/deploy.md).",
                ),
                "advertise": (
                    "Con --redis: l'indirizzo a cui gli altri processi raggiungono questo (se"
                    " manca: http://HOST:PORTA).",
                    "With --redis: the address the other processes reach this one at (default:"
                    " http://HOST:PORT).",
                ),
                "forwarded_allow_ips": (
                    "Indirizzi dei proxy (nginx, gli altri processi) di cui si crede"
                    " X-Forwarded-For, separati da virgole (se manca: 127.0.0.1).",
                    "Addresses of the proxies (nginx, the other processes) whose"
                    " X-Forwarded-For is trusted, comma-separated (default: 127.0.0.1).",
                ),
            },
            metavars={
                "host": ("INDIRIZZO", "ADDRESS"),
                "port": ("PORTA", "PORT"),
                "db": ("URL", "URL"),
                "seed": ("TESTO", "TEXT"),
                "redis": ("URL", "URL"),
                "advertise": ("URL", "URL"),
                "forwarded_allow_ips": ("INDIRIZZI", "ADDRESSES"),
                "quick_wait": ("SECONDI", "SECONDS"),
                "quick_waiting": ("N", "N"),
                "socket_messages": ("N", "N"),
            },
        ),
        "verify": CommandWords(
            short=(
                "Controlla che le distribuzioni di un tavolo online siano giuste.",
                "Check that the deals of an online table were fair.",
            ),
            long=(
                "Controlla le distribuzioni rivelate di un tavolo online: ogni segreto con il"
                " suo impegno, e l'ordine delle carte con il segreto e i nonce dei"
                " giocatori.\n\n"
                "Codice d'uscita: 0 ogni distribuzione è giusta, 1 una non lo è, 2 input non"
                " valido.",
                "Check the revealed deals of an online table: each secret against its"
                " commitment, and the order of the cards against the secret and the players'"
                " nonces.\n\n"
                "Exit status: 0 every deal fair, 1 one is not, 2 bad input.",
            ),
            params={
                "source": (
                    "Le distribuzioni rivelate, in JSON ('-': l'input standard).",
                    "The revealed deals, as JSON ('-': stdin).",
                ),
            },
            metavars={"source": ("FILE", "FILE")},
        ),
    }
)
