"""The words of ``ramino --help`` and of each command's help, Italian first, English too: each
is a :class:`~ramino.words.inline.Saying`, its Italian written here and its English in the
catalogue, worded in the command line's language when the help is shown.

Every command has a short help (one whole sentence, for the list of commands), a long help
(paragraphs split by a blank line) and a line for each of its parameters, by the name the
command's function takes it as. The options every command shares are worded once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from ..words.inline import Saying

#: Words of the help, worded in either language when read (``words("en")``, or ``words[1]``).
Words = Saying


def _bot_names() -> str:
    from ..ai.tournament import BOTS  # only simulate's help names them

    return ", ".join(BOTS)


#: The notation a field of cards takes, in words: for its help.
NOTATION_HELP: Final[Words] = Saying(
    "Carte: il valore (A, 2-10, J, Q, K) e il seme con la lettera inglese, H cuori, D quadri,"
    " C fiori, S picche (7H, 10S, QD); o i simboli ♥ ♦ ♣ ♠ (7♥); o il seme in italiano (7cuori,"
    " '7 di cuori', 7F fiori, 7P picche). C non è mai cuori, né Q quadri. JK è il jolly."
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
        "usage": Saying("Uso: "),
        "arguments": Saying("Argomenti"),
        "options": Saying("Opzioni"),
        "commands": Saying("Comandi"),
        "options_metavar": Saying("[OPZIONI]"),
        "command_metavar": Saying("COMANDO [ARGOMENTI]..."),
    }
)

#: The options many commands share, and the help and version options.
SHARED: Final = MappingProxyType(
    {
        "lang": Saying(
            "Lingua dei testi: it (italiano) o en (inglese); anche la variabile RAMINO_LANG."
        ),
        "as_json": Saying("Stampa un oggetto JSON invece del resoconto in parole."),
        "rules": Saying(
            "Il nome di regole pronte (vedi ramino rules) o un file TOML di regole di casa"
            " (se manca: classico)."
        ),
        "help": Saying("Mostra questo aiuto ed esce."),
        "version": Saying("Mostra la versione ed esce."),
    }
)

#: The placeholders of values, by parameter name, where a command does not word its own.
METAVARS: Final = MappingProxyType(
    {
        "lang": Saying("[it|en]"),
        "rules": Saying("REGOLE_O_TOML"),
        "file": Saying("FILE"),
        "players": Saying("N"),
        "seed": Saying("SEME"),
    }
)

ROOT: Final = CommandWords(
    short=Saying("Ramino, la famiglia del ramino italiano."),
    long=Saying(
        "Ramino, la famiglia del ramino italiano: gioca contro il computer, controlla i"
        " giochi, mostra le regole in vigore, tieni il foglio dei punti di un tavolo. In"
        " italiano; in inglese con --lang en (su ogni comando) o RAMINO_LANG=en."
    ),
)

COMMANDS: Final = MappingProxyType(
    {
        "check": CommandWords(
            short=Saying("Dice se delle carte sono un gioco valido e quanto vale."),
            long=Saying(
                "Controlla un gioco: valido o rifiutato (e perché), di che tipo, la carta che fa"
                " il jolly, i punti per l'apertura.\n\n"
                "Codice d'uscita: 0 valido, 1 rifiutato, 2 input non valido."
            ),
            params={
                "cards": Saying(
                    "Il gioco, come argomenti separati o in una sola stringa tra virgolette: JK"
                    " 7S 8S, '7H 7D 7C', 'JK=9S 7S 8S' (il jolly dichiarato come 9♠). {notation}",
                    notation=NOTATION_HELP,
                ),
                "whole_hand": Saying(
                    "Le carte sono una mano intera mostrata per chiudere (a parte lo scarto"
                    " finale): valida se una smazzata accetta quella chiusura, divisa in giochi,"
                    " come colore o come scala dove le regole lo permettono. I jolly stanno dove"
                    " servono alla chiusura; col jolly immaginario JK è la carta immaginata, e"
                    " 5C=JK nomina la carta della mano che fa da jolly (pokerato-immaginario-10)."
                ),
            },
            metavars={"cards": Saying("CARTE")},
        ),
        "rules": CommandWords(
            short=Saying("Elenca le regole pronte, o mostra ogni regola di un tavolo."),
            long=Saying(
                "Elenca le regole pronte, o mostra ogni regola di quelle regole o di un file"
                " di regole di casa."
            ),
            params={
                "preset_or_toml": Saying(
                    "Il nome di regole pronte o un file TOML di regole di casa; senza, l'elenco"
                    " delle regole pronte."
                ),
                "players": Saying(
                    "Descrive il tavolo per questo numero di giocatori (il mazzo e le carte a"
                    " testa possono dipenderne)."
                ),
            },
            metavars={"preset_or_toml": Saying("REGOLE_O_TOML")},
        ),
        "score": CommandWords(
            short=Saying("Tiene il foglio dei punti di una partita scritta in un file."),
            long=Saying(
                "Tiene il foglio dei punti: i totali dopo ogni smazzata, chi è fuori, chi"
                " vince.\n\n"
                'Le regole vengono da --rules, se no dal campo "rules" del file, se no sono'
                " quelle del classico.\n\n"
                'Con le puntate (pokerato) ogni smazzata dice anche "chips", le fiches vinte'
                ' da ciascuno (negative per chi perde), e "on_table", quelle rimaste sul'
                " tavolo per la mano dopo; i totali sono le fiches."
            ),
            params={
                "file": Saying(
                    "La partita in JSON (vedi examples/partita-101.json), o - per l'input"
                    " standard; una mano è i suoi punti o le sue carte. {notation}",
                    notation=NOTATION_HELP,
                ),
            },
        ),
        "replay": CommandWords(
            short=Saying("Rivede una smazzata registrata, turno per turno."),
            long=Saying(
                "Rivede una smazzata registrata turno per turno: le pescate, i giochi, gli"
                " scarti, la chiusura e il conteggio.\n\n"
                "Codice d'uscita: 0 se la registrazione si rigioca come dice, 2 per un file"
                " non valido o una registrazione che non si rigioca."
            ),
            params={
                "file": Saying(
                    "Una partita registrata (JSON, formato ramino-record), o - per l'input"
                    " standard."
                ),
                "step": Saying("Aspetta Invio fra un turno e l'altro (non più, finito l'input)."),
                "seat": Saying(
                    "Mostra solo quello che un giocatore può sapere: il suo posto (0 è il"
                    " primo) o il suo nome."
                ),
            },
            metavars={"seat": Saying("N_O_NOME")},
        ),
        "simulate": CommandWords(
            short=Saying("Fa giocare i computer fra loro e riassume come è andata."),
            long=Saying(
                "Fa giocare dei bot per smazzate o partite e riassume chi ha chiuso, come è"
                " andato ogni bot e quanto in fretta hanno giocato.\n\n"
                "I bot di --bots si spostano di un posto a ogni gioco (al posto s siede il bot"
                " (s − k) mod n nel gioco k), così ognuno siede a turno in ogni posto; il posto"
                " 0 fa il mazziere a ogni smazzata, così un posto è un luogo rispetto al"
                " mazziere. Con --duplicate ogni distribuzione si gioca una volta per"
                " rotazione, con le stesse carte agli stessi posti. Un bot vince una smazzata"
                " quando chiude; in una smazzata fermata da un limite, quando ha da solo il"
                " conto più basso (come lo contano le regole): un pari non è di nessuno. Per"
                " bot: con --matches, le partite vinte (con un intervallo di Wilson al 95%) e il"
                " totale finale medio (a fiches, le fiches vinte in media); le smazzate vinte"
                " con un intervallo di Wilson al 95%, la penalità media rimasta in mano per"
                " smazzata, il tempo medio di una decisione; un bot nominato per due posti li"
                " conta tutti e due. Queste cifre si mostrano (e si aggiungono al --json come"
                ' "bots") quando si dà --bots.\n\n'
                "Codice d'uscita: 0 fatto, 2 input non valido (regole non ancora giocabili,"
                " numero di giocatori, bot, processi, un numero o un seme malformato), 130"
                " fermato con Ctrl-C."
            ),
            params={
                "players": Saying(
                    "Giocatori al tavolo (se manca: 4, o il numero più vicino che le regole"
                    " permettono)."
                ),
                "rounds": Saying(
                    "Smazzate da giocare, ognuna con carte nuove (se manca: 10); con"
                    " --duplicate, distribuzioni da giocare una volta per posto."
                ),
                "matches": Saying(
                    "Gioca questo numero di partite intere invece di --rounds (con"
                    " --duplicate, ognuna una volta per posto)."
                ),
                "seed": Saying(
                    "Seme delle distribuzioni e dei bot (un numero o un testo; se manca: 0)."
                ),
                "bots": Saying(
                    "Un bot per tutti i posti, o uno per posto separati da virgole ({bots}; se"
                    " manca: random dappertutto), e le cifre di ogni bot nel riassunto. I bot"
                    " si spostano di un posto a ogni smazzata (o partita), così ognuno siede a"
                    " turno in ogni posto; il posto 0 fa il mazziere (della prima smazzata di"
                    " una partita).",
                    bots=_bot_names,
                ),
                "duplicate": Saying(
                    "Distribuzioni duplicate: ogni distribuzione si gioca una volta per posto,"
                    " con i bot spostati di un posto ogni volta e le stesse carte negli stessi"
                    " posti, così ogni bot riceve ogni mano (meno fortuna); si giocano"
                    " giocatori × --rounds smazzate."
                ),
                "workers": Saying(
                    "Processi su cui giocare, al massimo uno per processore (se manca: 1); le"
                    " cifre sono le stesse con qualsiasi numero (cambiano solo i tempi)."
                ),
                "backend": Saying(
                    "Dove si giocano le partite: local (questo computer, con --workers"
                    " processi) o ray (un cluster Ray: quello di --address, o uno locale di"
                    " --workers processori avviato per l'occasione; serve il pacchetto"
                    " ramino[ray]). Le cifre sono le stesse."
                ),
                "address": Saying(
                    "L'indirizzo di un cluster Ray già avviato (con --backend ray), per"
                    " esempio ray://testa:10001 o auto."
                ),
            },
            metavars={
                "rounds": Saying("N"),
                "matches": Saying("N"),
                "workers": Saying("N"),
                "backend": Saying("DOVE"),
                "address": Saying("INDIRIZZO"),
                "bots": Saying("BOT"),
            },
        ),
        "play": CommandWords(
            short=Saying("Gioca a ramino nel terminale, contro il computer o online."),
            long=Saying(
                "Gioca a ramino contro il computer nel terminale: la tua mano, il tavolo, il"
                " foglio dei punti.\n\n"
                "Online: --server URL crea un tavolo privato su un ramino serve e ne mostra il"
                " link da mandare; --join LINK --name NOME ti siede a uno; --join LINK --token"
                " TOKEN ti riporta al tuo posto.\n\n"
                "Tasti: t pesca, p prende lo scarto, spazio sceglie le carte, c cala, a"
                " attacca, j riprende un jolly, s scarta, m chiude mostrando la mano, v vede,"
                " l lascia, + rilancia (pokerato), b bussa e n passa (gin rummy), h consiglio,"
                " r regole, ? tutti i tasti, q esce (a partita in corso propone di salvarla)."
            ),
            params={
                "players": Saying(
                    "Giocatori al tavolo, tu compreso (se manca: 3; 2 nel gin rummy)."
                ),
                "level": Saying(
                    "La forza del computer (se manca: intermedio; una partita ripresa tiene la"
                    " sua)."
                ),
                "seed": Saying("Seme delle distribuzioni, per rigiocare la stessa partita."),
                "name": Saying(
                    "Il tuo nome nei salvataggi e nelle registrazioni (se manca: Giocatore, o"
                    " Player in inglese)."
                ),
                "resume": Saying(
                    "Riprende una partita salvata uscendo (le sue regole, i giocatori e il seme)."
                ),
                "pause": Saying(
                    "Secondi fra una mossa del computer e l'altra (0: nessuna pausa; se manca:"
                    " 0,7)."
                ),
                "four_colours": Saying("Un mazzo a quattro colori: ♣ verde, ♦ blu."),
                "join": Saying(
                    "Siediti al tavolo online di questo link (ramino serve): serve --name, o"
                    " --token."
                ),
                "token": Saying(
                    "Con --join: torna al tuo posto, con il token che il gioco ti ha dato."
                ),
                "server": Saying(
                    "Crea un tavolo privato su questo ramino serve e siediti: --players posti,"
                    " --computers di loro al computer, gli altri per gli amici con il link."
                ),
                "computers": Saying(
                    "Con --server: i giocatori al computer al tavolo (se manca: 0)."
                ),
            },
            metavars={
                # Either language's names are taken in both (beginner, intermedio, ...).
                "level": Saying("[principiante|intermedio|esperto]"),
                "name": Saying("NOME"),
                "resume": Saying("FILE"),
                "pause": Saying("SECONDI"),
                "join": Saying("LINK"),
                "token": Saying("TOKEN"),
                "server": Saying("URL"),
                "computers": Saying("N"),
            },
        ),
        "serve": CommandWords(
            short=Saying("Apre un server di tavoli privati da giocare nel browser."),
            long=Saying(
                "Serve i tavoli privati di ramino: un'API HTTP per la sala (descritta in"
                " /openapi.json) e un WebSocket per posto per giocare (docs/protocol.md), nei"
                " limiti di un server pubblico (docs/limits.md)."
            ),
            params={
                "host": Saying(
                    "Indirizzo su cui ascoltare (127.0.0.1: solo questa macchina; se manca:"
                    " 127.0.0.1)."
                ),
                "port": Saying("Porta su cui ascoltare (se manca: 8000)."),
                "db": Saying(
                    "URL della base di dati (se manca: il file SQLite ramino.db nella cartella"
                    " corrente; postgresql+psycopg://… per PostgreSQL)."
                ),
                "seed": Saying(
                    "Ricava ogni nuovo tavolo e le sue distribuzioni da TESTO, così le stesse"
                    " mosse danno le stesse carte: solo per dimostrazioni e test (chi conosce"
                    " TESTO conosce ogni mano)."
                ),
                "tables_burst": Saying(
                    "Tavoli che un indirizzo può creare di fila (docs/limits.md; se manca: 20)."
                ),
                "tables_per_minute": Saying(
                    "Tavoli che un indirizzo può creare al minuto dopo quelli di fila (se manca:"
                    " 10)."
                ),
                "waiting_seconds": Saying(
                    "Secondi che un tavolo con un posto libero aspetta i suoi giocatori (dalla"
                    " creazione o dall'ultimo posto preso) prima di essere tolto (se manca: 1800)."
                ),
                "quick_wait": Saying(
                    "Secondi che chi chiede una partita veloce aspetta altre persone prima che i"
                    " posti vuoti vadano a giocatori al computer (se manca: 20)."
                ),
                "quick_waiting": Saying(
                    "Persone che possono aspettare una partita veloce tutte insieme, su tutto il"
                    " servizio; oltre, chi la chiede è pregato di riprovare (se manca: 1000)."
                ),
                "socket_messages": Saying(
                    "Messaggi che una connessione di gioco può mandare in un secondo; gli altri"
                    " hanno una risposta ma non sono applicati (se manca: 20)."
                ),
                "waiting_tables": Saying(
                    "Tavoli che possono aspettare i loro giocatori tutti insieme, su tutto il"
                    " server; oltre, chi ne crea un altro è pregato di riprovare (se manca: 2000)."
                ),
                "redis": Saying(
                    "URL di Redis: questo processo è uno di più che servono gli stessi tavoli da"
                    " un PostgreSQL comune (docs/deploy.md)."
                ),
                "advertise": Saying(
                    "Con --redis: l'indirizzo a cui gli altri processi raggiungono questo (se"
                    " manca: http://HOST:PORTA)."
                ),
                "forwarded_allow_ips": Saying(
                    "Indirizzi dei proxy (nginx, gli altri processi) di cui si crede"
                    " X-Forwarded-For, separati da virgole (se manca: 127.0.0.1)."
                ),
            },
            metavars={
                "host": Saying("INDIRIZZO"),
                "port": Saying("PORTA"),
                "db": Saying("URL"),
                "seed": Saying("TESTO"),
                "redis": Saying("URL"),
                "advertise": Saying("URL"),
                "forwarded_allow_ips": Saying("INDIRIZZI"),
                "tables_burst": Saying("N"),
                "tables_per_minute": Saying("N"),
                "waiting_seconds": Saying("SECONDI"),
                "waiting_tables": Saying("N"),
                "quick_wait": Saying("SECONDI"),
                "quick_waiting": Saying("N"),
                "socket_messages": Saying("N"),
            },
        ),
        "verify": CommandWords(
            short=Saying("Controlla che le distribuzioni di un tavolo online siano giuste."),
            long=Saying(
                "Controlla le distribuzioni rivelate di un tavolo online: ogni segreto con il"
                " suo impegno, e l'ordine delle carte con il segreto e i nonce dei"
                " giocatori.\n\n"
                "Codice d'uscita: 0 ogni distribuzione è giusta, 1 una non lo è, 2 input non"
                " valido."
            ),
            params={
                "source": Saying("Le distribuzioni rivelate, in JSON ('-': l'input standard)."),
            },
            metavars={"source": Saying("FILE")},
        ),
    }
)
