/* Klondike's complete search (klondike.py), the same search in C.

   It makes the same moves in the same order, with the same reductions and
   the same hopeless check (klondike_bound.py), so it finds the same line
   after the same number of nodes; a test holds the two to that. Only the
   machine differs: fixed arrays for a position, a hash table of its own for
   the positions seen, and an explicit stack instead of recursion. The
   docstrings of klondike.py and klondike_bound.py say why each reduction
   loses no win; the comments here say only where each part lives there.

   search(columns, found, talon, shown, redeals, draw, max_redeals,
          max_nodes, seconds, memory=0) -> (codes or None, nodes, exhausted,
                                            forgotten)

   columns: seven bytes, each the number of face-down cards then the cards
   from the bottom; found: four bits a suit; max_redeals: -1 for no limit.
   The codes are klondike.py's move codes (_code). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define COLUMNS 7
#define DECK 52
#define COLUMN_MAX DECK /* a column never overflows, whatever the moves */
#define QUICK_COPY 32   /* the cards of a column copied at once into a key */
#define TALON_MAX 24
#define REDEALS_MAX 8 /* (1, 3 or unlimited passes): so the tops below always fit */
#define TOPS_MAX 256  /* (REDEALS_MAX + 1) * (TALON_MAX + 1) < 256 */
#define KING 13
#define WASTE 7
#define HOME 7
#define NOTHING 0
#define A_KING (-1)
#define ALL_HOME 0xDDDD

typedef struct {
    uint8_t len[COLUMNS];  /* cards in each column */
    uint8_t down[COLUMNS]; /* of them face down, at the bottom */
    uint8_t run[COLUMNS];  /* where its top built run starts (klondike._run):
                              kept up to date by cut() and apply() */
    uint8_t card[COLUMNS][COLUMN_MAX];
    uint8_t talon[TALON_MAX]; /* the waste from the bottom, then the stock */
    uint8_t talon_len, shown, redeals;
    uint16_t found;
} State;

/* A move as the search makes it: what to do to the parent position. */
enum { TO_HOME, RUN, FROM_WASTE };
typedef struct {
    int code;
    int owed;
    uint8_t kind, from, at, to; /* column, index; for FROM_WASTE: at is the
                                   talon index + 1, to HOME for home */
    uint8_t turned;             /* FROM_WASTE: the redeals after the draws */
    uint8_t put_off;
    int rank; /* the order within its group */
} Move;

/* -- cards --------------------------------------------------------------- */

static inline int suit_of(int card) { return card >> 4; }
static inline int rank_of(int card) { return card & 15; }
static inline int is_red(int card) { return suit_of(card) == 1 || suit_of(card) == 2; }
static inline int is_king(int card) { return rank_of(card) == KING; }
static inline int height(int found, int suit) { return found >> (suit << 2) & 15; }
static inline int is_next(int found, int card) {
    return height(found, suit_of(card)) == rank_of(card) - 1;
}
static inline int raised(int found, int card) { return found + (1 << (suit_of(card) << 2)); }
static inline int twin(int card) { return ((3 - suit_of(card)) << 4) | rank_of(card); }
static inline int code_of(int draws, int source, int target, int count) {
    return ((draws * 8 + source) * 8 + target) * 16 + count;
}
static inline int draws_of(int code) { return code >> 10; }

/* Whether *under* may lie on *card* in a column. */
static inline int lies_on(int under, int card) {
    return rank_of(card) == rank_of(under) + 1 && is_red(card) != is_red(under) &&
           rank_of(under) >= 1 && rank_of(under) < KING;
}

/* klondike.home_at_once */
static int home_at_once(int found, int card) {
    int rank = rank_of(card);
    if (rank <= 2) return 1;
    int suit = suit_of(card);
    int a = is_red(card) ? 0 : 1, b = is_red(card) ? 3 : 2;
    int low = height(found, a) < height(found, b) ? height(found, a) : height(found, b);
    return low >= rank - 2 && height(found, 3 - suit) >= rank - 3;
}

/* klondike._Search._ready, as bits by card code */
static uint64_t ready_cards(int found) {
    uint64_t ready = 0;
    for (int suit = 0; suit < 4; suit++) {
        int h = height(found, suit);
        if (h < KING && home_at_once(found, suit * 16 + h + 1))
            ready |= (uint64_t)1 << (suit * 16 + h + 1);
    }
    return ready;
}

/* -- klondike_bound.hopeless --------------------------------------------- */

#define RANKS 0x3FFFull
#define SUITS (1ull | 1ull << 16 | 1ull << 32 | 1ull << 48)
#define ALL (RANKS * SUITS)
#define KINGS ((1ull << KING) * SUITS)
#define BLACK (1ull | 1ull << 48)
#define RED (1ull << 16 | 1ull << 32)

static int hopeless(const State *s, int draw, int last_pass) {
    uint8_t below[64] = {0};
    uint64_t free = 0, top = 0, in_column = 0, bottom = 0;
    int empty = 0;
    for (int c = 0; c < COLUMNS; c++) {
        if (!s->len[c]) {
            empty = 1;
            continue;
        }
        int under = 0;
        for (int i = 0; i < s->len[c]; i++) {
            int card = s->card[c][i];
            below[card] = (uint8_t)under;
            under = card;
            if (i >= s->down[c])
                free |= 1ull << card;
            else
                in_column |= 1ull << card;
        }
        top |= 1ull << under;
        bottom |= 1ull << s->card[c][0];
    }
    in_column |= free;
    if (last_pass) {
        int under = 0;
        for (int i = 0; i < s->talon_len; i++) {
            below[s->talon[i]] = (uint8_t)under;
            under = s->talon[i];
        }
        int first = s->shown ? s->shown - 1 : draw - 1;
        for (int i = first; i < s->talon_len; i += draw) free |= 1ull << s->talon[i];
        if (s->talon_len) free |= 1ull << s->talon[s->talon_len - 1];
    } else {
        for (int i = 0; i < s->talon_len; i++) free |= 1ull << s->talon[i];
    }
    top |= free & ~in_column;
    uint64_t home = 0;
    for (int suit = 0; suit < 4; suit++)
        home |= ((2ull << height(s->found, suit)) - 1) << (16 * suit);
    uint64_t left = home, moved = 0;
    for (;;) {
        uint64_t was = moved;
        uint64_t feet = moved | (in_column & top);
        uint64_t red = (feet >> 16 | feet >> 32) & RANKS;
        uint64_t black = (feet | feet >> 48) & RANKS;
        moved |= free & ((red >> 1) * BLACK | (black >> 1) * RED | (empty ? KINGS : 0));
        uint64_t reach = home | ((top | moved) & ALL);
        home = ((reach + SUITS) ^ reach) >> 1 & ALL;
        uint64_t fresh = (moved | home) & ~left;
        /* Done when no card left and no foot was added: a card home already
           may yet become a foot (it could have been played onto one first). */
        if (!fresh && moved == was) return home != ALL;
        left |= fresh;
        while (fresh) {
            uint64_t low = fresh & (~fresh + 1);
            fresh ^= low;
            int under = below[__builtin_ctzll(low)];
            if (under) {
                free |= 1ull << under;
                top |= 1ull << under;
            } else if (low & bottom) {
                empty = 1;
            }
        }
    }
}

/* -- growable arrays ------------------------------------------------------ */

typedef struct {
    void *items;
    size_t len, cap, size;
} Array;

static int grow(Array *a, size_t more) {
    if (a->len + more <= a->cap) return 0;
    size_t cap = a->cap ? a->cap * 2 : 64;
    while (cap < a->len + more) cap *= 2;
    void *items = realloc(a->items, cap * a->size);
    if (!items) return -1;
    a->items = items;
    a->cap = cap;
    return 0;
}

/* grow, its doubling cut short where *a* would take more than *room*
   bytes: 1 if even that leaves no room for *more* items. */
static int grow_within(Array *a, size_t more, size_t room) {
    if (a->len + more <= a->cap) return 0;
    size_t cap = a->cap ? a->cap * 2 : 64;
    while (cap < a->len + more) cap *= 2;
    if (cap * a->size > room) cap = room / a->size;
    if (cap < a->len + more) return 1;
    void *items = realloc(a->items, cap * a->size);
    if (!items) return -1;
    a->items = items;
    a->cap = cap;
    return 0;
}

#define AT(array, type, i) (((type *)(array).items)[i])

/* -- the positions seen: byte strings, each with what it was reached owing - */

/* A key in the store: its hash, the owing it was reached with (bit 63
   nothing, bit 0 a King, else the card's bit), its length, then its bytes,
   padded to eight bytes. */
typedef struct {
    uint64_t hash, owed;
    uint8_t len, key[];
} Entry;

#define OWING_NOTHING (1ull << 63)

/* A slot of the table: the high half of a key's hash (0: a free slot) and
   where the key is in the store, in eights of bytes. Eight bytes a slot
   keep the table small, so fewer of its pages are touched at random. */
typedef struct {
    uint32_t tag, where;
} Slot;

typedef struct {
    Slot *slots;
    size_t mask, count;
    Array store; /* bytes: the entries, one after another */
} Seen;

static uint64_t hash_of(const uint8_t *key, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t word;
        memcpy(&word, key + i, 8);
        h = (h ^ word) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 29;
    }
    uint64_t tail = 0;
    memcpy(&tail, key + i, n - i);
    h = (h ^ tail) * 0x94D049BB133111EBull;
    return h ^ h >> 32;
}

static inline uint32_t tag_of(uint64_t hash) { return (uint32_t)(hash >> 32) | 1; }

static inline Entry *entry_at(const Seen *seen, uint32_t where) {
    return (Entry *)((uint8_t *)seen->store.items + (size_t)where * 8);
}

/* A table of *slots* slots (a power of two) to begin with. */
static int seen_init(Seen *seen, size_t slots) {
    seen->mask = slots - 1;
    seen->count = 0;
    seen->slots = calloc(seen->mask + 1, sizeof(Slot));
    seen->store = (Array){NULL, 0, 0, 1};
    return seen->slots ? 0 : -1;
}

static void seen_free(Seen *seen) {
    free(seen->slots);
    free(seen->store.items);
}

/* Doubles the table, reading the store from start to end. */
static int seen_grow(Seen *seen) {
    size_t size = (seen->mask + 1) * 2;
    Slot *slots = calloc(size, sizeof(Slot));
    if (!slots) return -1;
    for (size_t at = 0; at < seen->store.len;) {
        const Entry *entry = (const Entry *)((uint8_t *)seen->store.items + at);
        size_t j = entry->hash & (size - 1);
        while (slots[j].tag) j = (j + 1) & (size - 1);
        slots[j] = (Slot){tag_of(entry->hash), (uint32_t)(at / 8)};
        at += (offsetof(Entry, key) + entry->len + 7) & ~(size_t)7;
    }
    free(seen->slots);
    seen->slots = slots;
    seen->mask = size - 1;
    return 0;
}

/* The entry of *key* (hash *h*), or NULL; *slot*: where it is, or the
   free slot where it would go. */
static Entry *seen_find(const Seen *seen, const uint8_t *key, size_t n, uint64_t h, size_t *slot) {
    uint32_t tag = tag_of(h);
    size_t i = h & seen->mask;
    for (; seen->slots[i].tag; i = (i + 1) & seen->mask) {
        if (seen->slots[i].tag != tag) continue;
        Entry *entry = entry_at(seen, seen->slots[i].where);
        if (entry->len == n && !memcmp(entry->key, key, n)) {
            *slot = i;
            return entry;
        }
    }
    *slot = i;
    return NULL;
}

/* Adds *key* (hash *h*) at the free slot *i*, with the owing bits *owed*. */
static int seen_add(Seen *seen, const uint8_t *key, size_t n, uint64_t h, size_t i,
                    uint64_t owed) {
    size_t size = (offsetof(Entry, key) + n + 7) & ~(size_t)7;
    if (seen->store.len / 8 + size / 8 > UINT32_MAX || grow(&seen->store, size)) return -1;
    Entry *entry = (Entry *)((uint8_t *)seen->store.items + seen->store.len);
    entry->hash = h;
    entry->owed = owed;
    entry->len = (uint8_t)n;
    memcpy(entry->key, key, n);
    seen->slots[i] = (Slot){tag_of(h), (uint32_t)(seen->store.len / 8)};
    seen->store.len += size;
    if (++seen->count * 2 > seen->mask && seen_grow(seen)) return -1;
    return 0;
}

/* -- the search ------------------------------------------------------------ */

/* Room for a key as key_of writes it: whole columns and talon, then cut. */
#define KEY_MAX (COLUMNS * 2 + DECK + QUICK_COPY + 1 + TALON_MAX + 4)

typedef struct {
    State state;
    size_t mark;         /* the path's length on entry */
    size_t first, end;   /* its moves, in the move stack */
    size_t next;
} Frame;

/* A move put off until every other line is tried: the position after it,
   packed (pack()) in the put-off states; the line to it, as the leaf of the
   tree of put-off lines (lines put off one after another share most of
   their moves); and what it owes. Lines and states are kept as a stack:
   *state_at* and *tree_mark* are where each stood when it was put off. */
typedef struct {
    size_t state_at, tree_mark;
    int leaf, owed;
} PutOff;

/* A move of a put-off line: its code, after the line to its parent (-1: none). */
typedef struct {
    int parent, code;
} Node;

typedef struct {
    int draw, max_redeals; /* -1: no limit */
    long long max_nodes, nodes;
    struct timespec deadline;
    /* The memory the positions seen may take (then all but the current
       line's are forgotten) and the moves put off (then more are dropped,
       and the search can no longer prove a loss), in bytes. */
    size_t seen_limit, put_off_limit;
    long long forgotten; /* times a generation of positions seen was forgotten */
    int dropped;         /* whether a move put off was dropped */
    Seen seen, older; /* the positions seen, now and in the generation before */
    int aged;         /* whether there is a generation before */
    size_t slots;     /* the slots a table of positions seen begins with */
    Array path;       /* int: move codes */
    Array moves;      /* Move: the moves of every frame */
    Array frames;     /* Frame */
    Array put_off;    /* PutOff */
    Array put_states; /* uint8_t: the positions after the moves put off */
    Array tree;       /* Node: the lines to them */
    Array last_codes; /* int: the line of the last move put off */
    Array last_nodes; /* int: and its nodes in the tree */
} Search;

enum { FAILED, WON, ENTERED, OUT, NO_MEMORY };

static int last_pass(const Search *s, int redeals) {
    return s->max_redeals >= 0 && redeals >= s->max_redeals;
}

/* The position *st* in at most PACKED_MAX bytes: each column's size, face
   down cards and cards, the talon, then the numbers. */
#define PACKED_MAX (COLUMNS * 2 + DECK + 1 + 4)

/* klondike._run: where the built run at the top of column *c* starts (its
   face-up cards from there up move as one; 0 for an empty column). */
static int run_start(const State *st, int c) {
    int at = st->len[c] - 1;
    if (at < st->down[c]) return st->down[c];
    while (at > st->down[c] && lies_on(st->card[c][at], st->card[c][at - 1])) at--;
    return at;
}

static void find_runs(State *st) {
    for (int c = 0; c < COLUMNS; c++) st->run[c] = (uint8_t)run_start(st, c);
}

static size_t pack(const State *st, uint8_t *out) {
    size_t n = 0;
    for (int c = 0; c < COLUMNS; c++) {
        out[n++] = st->len[c];
        out[n++] = st->down[c];
        memcpy(out + n, st->card[c], st->len[c]);
        n += st->len[c];
    }
    out[n++] = st->talon_len;
    memcpy(out + n, st->talon, st->talon_len);
    n += st->talon_len;
    out[n++] = st->shown;
    out[n++] = st->redeals;
    out[n++] = (uint8_t)(st->found & 255);
    out[n++] = (uint8_t)(st->found >> 8);
    return n;
}

static void unpack(const uint8_t *in, State *st) {
    memset(st, 0, sizeof *st);
    size_t n = 0;
    for (int c = 0; c < COLUMNS; c++) {
        st->len[c] = in[n++];
        st->down[c] = in[n++];
        memcpy(st->card[c], in + n, st->len[c]);
        n += st->len[c];
    }
    st->talon_len = in[n++];
    memcpy(st->talon, in + n, st->talon_len);
    n += st->talon_len;
    st->shown = in[n++];
    st->redeals = in[n++];
    st->found = (uint16_t)(in[n] | in[n + 1] << 8);
    find_runs(st);
}

static size_t key_of(const State *st, uint8_t *key);

static int seen_age(Search *s, size_t pinned);

/* Whether the position *key* was reached before owing nothing, or owing
   *owed* (klondike._Search.run: a position owing a move may make only some
   of its moves), among the positions seen now or in the generation before
   (then kept again: what the search meets again it keeps); adds it if not.
   1: it was; 0: it was not; -1: no memory. */
static int seen_look(Search *s, const uint8_t *key, size_t n, int owed) {
    uint64_t h = hash_of(key, n), bit, before = 0;
    bit = owed == NOTHING ? OWING_NOTHING : owed == A_KING ? 1 : 1ull << owed;
    size_t i, j;
    Entry *entry = seen_find(&s->seen, key, n, h, &i);
    if (entry) {
        if (entry->owed & (bit | OWING_NOTHING)) return 1;
        entry->owed |= bit;
        return 0;
    }
    Entry *old = s->aged ? seen_find(&s->older, key, n, h, &j) : NULL;
    if (old) before = old->owed;
    /* A generation takes at most half the share: its slots (and room for
       them to double) and its store, grown within what is left. */
    size_t size = (offsetof(Entry, key) + n + 7) & ~(size_t)7;
    size_t slots = (s->seen.mask + 1) * sizeof(Slot) * 2;
    size_t room = s->seen_limit / 2 > slots ? s->seen_limit / 2 - slots : 0;
    int full = grow_within(&s->seen.store, size, room);
    if (full < 0) return -1;
    if (full) {
        if (seen_age(s, s->frames.len)) return -1; /* the line below this position */
        seen_find(&s->seen, key, n, h, &i);
    }
    if (seen_add(&s->seen, key, n, h, i, bit | before)) return -1;
    return (before & (bit | OWING_NOTHING)) ? 1 : 0;
}

/* Past half its share of memory, the positions seen become the generation
   before, and those of the generation before are forgotten, but for the
   current line's (the *pinned* frames from the first), kept with what each
   was reached owing: the search revisits what it forgot, and still cannot
   go round in a circle. */
static int seen_age(Search *s, size_t pinned) {
    Seen fresh;
    if (seen_init(&fresh, s->slots)) return -1;
    uint8_t key[KEY_MAX];
    for (size_t f = 0; f < pinned; f++) {
        size_t n = key_of(&AT(s->frames, Frame, f).state, key), at;
        uint64_t h = hash_of(key, n), owed = 0;
        Entry *now = seen_find(&s->seen, key, n, h, &at);
        Entry *old = s->aged ? seen_find(&s->older, key, n, h, &at) : NULL;
        owed = (now ? now->owed : 0) | (old ? old->owed : 0);
        Entry *there = seen_find(&fresh, key, n, h, &at);
        if (there) {
            there->owed |= owed;
        } else if (seen_add(&fresh, key, n, h, at, owed ? owed : OWING_NOTHING)) {
            seen_free(&fresh);
            return -1;
        }
    }
    if (s->aged) seen_free(&s->older);
    s->older = s->seen;
    s->aged = 1;
    s->seen = fresh;
    s->forgotten++;
    return 0;
}

/* Puts off the move to *child* (code *code*, owing *owed*) from the end of
   the path; past the moves put off's share of memory, drops it instead: the
   search goes on in the same order, and may still find a win, but can no
   longer prove that there is none. */
static int put_off(Search *s, const State *child, int code, int owed) {
    size_t len = s->path.len + 1, k = 0;
    /* Its three arrays grow within their share together. */
    Array *arrays[3] = {&s->put_off, &s->put_states, &s->tree};
    size_t wanted[3] = {1, PACKED_MAX, len};
    for (int a = 0; a < 3; a++) {
        size_t others = 0;
        for (int b = 0; b < 3; b++)
            if (b != a) others += arrays[b]->cap * arrays[b]->size;
        size_t room = s->put_off_limit > others ? s->put_off_limit - others : 0;
        int grew = grow_within(arrays[a], wanted[a], room);
        if (grew < 0) return NO_MEMORY;
        if (grew) {
            s->dropped = 1;
            return 0;
        }
    }
    const int *path = (const int *)s->path.items;
    int *last = (int *)s->last_codes.items;
    while (k < len && k < s->last_codes.len && last[k] == (k + 1 < len ? path[k] : code)) k++;
    size_t mark = s->tree.len;
    if (grow(&s->tree, len - k) || grow(&s->last_codes, len) || grow(&s->last_nodes, len) ||
        grow(&s->put_off, 1) || grow(&s->put_states, PACKED_MAX))
        return NO_MEMORY;
    last = (int *)s->last_codes.items;
    int *nodes = (int *)s->last_nodes.items;
    int leaf = k ? nodes[k - 1] : -1;
    for (size_t i = k; i < len; i++) {
        int move = i + 1 < len ? AT(s->path, int, i) : code;
        AT(s->tree, Node, s->tree.len) = (Node){leaf, move};
        leaf = (int)s->tree.len++;
        last[i] = move;
        nodes[i] = leaf;
    }
    s->last_codes.len = s->last_nodes.len = len;
    PutOff *p = &AT(s->put_off, PutOff, s->put_off.len++);
    *p = (PutOff){s->put_states.len, mark, leaf, owed};
    s->put_states.len += pack(child, (uint8_t *)s->put_states.items + s->put_states.len);
    return 0;
}

/* Takes the last move put off: its position in *st*, its line as the path. */
static int take_put_off(Search *s, State *st, int *owed) {
    PutOff p = AT(s->put_off, PutOff, --s->put_off.len);
    unpack((const uint8_t *)s->put_states.items + p.state_at, st);
    *owed = p.owed;
    size_t len = 0;
    for (int at = p.leaf; at >= 0; at = AT(s->tree, Node, at).parent) len++;
    s->path.len = 0;
    if (grow(&s->path, len)) return -1;
    s->path.len = len;
    for (int at = p.leaf; at >= 0; at = AT(s->tree, Node, at).parent)
        AT(s->path, int, --len) = AT(s->tree, Node, at).code;
    s->put_states.len = p.state_at;
    s->tree.len = p.tree_mark;
    /* The last line put off keeps the part of it still in the tree. */
    size_t k = 0;
    while (k < s->last_nodes.len && AT(s->last_nodes, int, k) < (int)p.tree_mark) k++;
    s->last_codes.len = s->last_nodes.len = k;
    return 0;
}

static int path_push(Search *s, int code) {
    if (grow(&s->path, 1)) return -1;
    AT(s->path, int, s->path.len++) = code;
    return 0;
}

static int past_deadline(const Search *s) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > s->deadline.tv_sec ||
           (now.tv_sec == s->deadline.tv_sec && now.tv_nsec > s->deadline.tv_nsec);
}

/* klondike._cut: column *c* without its cards from index *at* on. */
static void cut(State *st, int c, int at) {
    st->len[c] = (uint8_t)at;
    if (at > 0 && at == st->down[c]) st->down[c]--;
    /* Cut within its run, the run starts where it did; else it is found
       again (in play at once: the card turned up is the run). */
    if (at <= st->run[c]) st->run[c] = (uint8_t)run_start(st, c);
}

static void play_talon(State *st, int at) {
    memmove(st->talon + at - 1, st->talon + at, st->talon_len - at);
    st->talon_len--;
}

/* klondike._Search._settle; returns whether a card went home. */
static int settle(Search *s, State *st) {
    int from_waste = s->draw == 1 || last_pass(s, st->redeals);
    int found = st->found;
    uint64_t ready = ready_cards(found);
    int moved = 1;
    while (moved) {
        moved = 0;
        for (int i = 0; i < COLUMNS; i++) {
            if (st->len[i] && ready >> st->card[i][st->len[i] - 1] & 1) {
                found = raised(found, st->card[i][st->len[i] - 1]);
                cut(st, i, st->len[i] - 1);
                if (path_push(s, code_of(0, i, HOME, 1))) return -1;
                ready = ready_cards(found);
                moved = 1;
            }
        }
        if (st->shown && from_waste && ready >> st->talon[st->shown - 1] & 1) {
            found = raised(found, st->talon[st->shown - 1]);
            play_talon(st, st->shown);
            st->shown--;
            if (path_push(s, code_of(0, WASTE, HOME, 1))) return -1;
            ready = ready_cards(found);
            moved = 1;
        }
    }
    int changed = found != st->found;
    st->found = (uint16_t)found;
    return changed;
}

/* The position's key: its columns in a canonical order (by their first
   cards, which no two columns share; empty ones first), the talon, and the
   numbers. */
static size_t key_of(const State *st, uint8_t *key) {
    int order[COLUMNS], first[COLUMNS];
    for (int i = 0; i < COLUMNS; i++) {
        first[i] = st->len[i] ? st->card[i][0] + 1 : 0;
        int j = i;
        while (j > 0 && first[order[j - 1]] > first[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    size_t n = 0;
    for (int k = 0; k < COLUMNS; k++) {
        int c = order[k];
        key[n++] = st->len[c];
        key[n++] = st->down[c];
        if (st->len[c] <= QUICK_COPY) /* a copy of a known size is quick */
            memcpy(key + n, st->card[c], QUICK_COPY);
        else
            memcpy(key + n, st->card[c], st->len[c]);
        n += st->len[c];
    }
    key[n++] = st->talon_len;
    memcpy(key + n, st->talon, TALON_MAX);
    n += st->talon_len;
    key[n++] = st->shown;
    key[n++] = st->redeals;
    key[n++] = (uint8_t)(st->found & 255);
    key[n++] = (uint8_t)(st->found >> 8);
    return n;
}

/* klondike._Search._bring_up: each card the stock can bring to the waste's
   top (the draws, the talon's cards on the waste, the redeals used). */
typedef struct {
    int draws, at, turned;
} Top;

static int bring_up(const Search *s, const State *st, Top *tops) {
    int n = 0, draws = 0, at = st->shown, turned = st->redeals, size = st->talon_len;
    uint32_t since_redeal = 0;
    for (;;) {
        if (at && n < TOPS_MAX) tops[n++] = (Top){draws, at, turned};
        if (at < size)
            at = at + s->draw < size ? at + s->draw : size;
        else if (at && (s->max_redeals < 0 || turned < s->max_redeals))
            at = 0, turned++;
        else
            return n;
        draws++;
        if (turned > st->redeals) {
            if (since_redeal >> at & 1) return n;
            since_redeal |= 1u << at;
        }
    }
}

/* -- moves, in klondike._Search's order -------------------------------------- */

/* The cards of column *i* from index *at* (in its top run, which starts at
   *run*) onto column *j*. */
static Move run_move(const State *st, int i, int at, int j, int run) {
    Move m = {0};
    m.kind = RUN;
    m.from = (uint8_t)i;
    m.at = (uint8_t)at;
    m.to = (uint8_t)j;
    m.code = code_of(0, i, j, st->len[i] - at);
    if (at > run)
        m.owed = st->card[i][at - 1];
    else if (at > 0)
        m.owed = NOTHING;
    else
        m.owed = A_KING;
    return m;
}

static Move waste_move(const Top *top, int to) {
    Move m = {0};
    m.kind = FROM_WASTE;
    m.at = (uint8_t)top->at;
    m.turned = (uint8_t)top->turned;
    m.to = (uint8_t)to;
    m.code = code_of(top->draws, WASTE, to, 1);
    return m;
}

static Move home_move(int i) {
    Move m = {0};
    m.kind = TO_HOME;
    m.from = (uint8_t)i;
    m.code = code_of(0, i, HOME, 1);
    return m;
}

static void apply(const State *parent, const Move *m, State *child) {
    *child = *parent;
    switch (m->kind) {
    case TO_HOME: {
        int card = child->card[m->from][child->len[m->from] - 1];
        child->found = (uint16_t)raised(child->found, card);
        cut(child, m->from, child->len[m->from] - 1);
        break;
    }
    case RUN: {
        int count = child->len[m->from] - m->at;
        /* The cards moved are a built run, and lie on the top of the run
           they join: an empty column's run starts with them. */
        if (!child->len[m->to]) child->run[m->to] = 0;
        memcpy(child->card[m->to] + child->len[m->to], child->card[m->from] + m->at, count);
        child->len[m->to] += count;
        cut(child, m->from, m->at);
        break;
    }
    default: {
        int card = child->talon[m->at - 1];
        play_talon(child, m->at);
        child->shown = m->at - 1;
        child->redeals = m->turned;
        if (m->to == HOME) {
            child->found = (uint16_t)raised(child->found, card);
        } else {
            if (!child->len[m->to]) child->run[m->to] = 0;
            child->card[m->to][child->len[m->to]++] = (uint8_t)card;
        }
    }
    }
}

/* The columns *card* may move onto (klondike._targets): onto a top of the
   other colour a rank higher, in suit order, then a King into *empty*. */
static int targets(const int *top_of, int card, int empty, int *out) {
    int n = 0;
    if (!is_king(card)) {
        for (int other = 0; other < 4; other++) {
            int parent = other * 16 + rank_of(card) + 1;
            if (is_red(parent) != is_red(card) && top_of[parent] >= 0) out[n++] = top_of[parent];
        }
    } else if (empty >= 0) {
        out[n++] = empty;
    }
    return n;
}

static int add(Search *s, Move m) {
    if (grow(&s->moves, 1)) return -1;
    AT(s->moves, Move, s->moves.len++) = m;
    return 0;
}

/* Sorts the moves from *first* on by rank, keeping the order of equals. */
static void sort_group(Search *s, size_t first) {
    Move *moves = &AT(s->moves, Move, 0);
    for (size_t i = first + 1; i < s->moves.len; i++) {
        Move m = moves[i];
        size_t j = i;
        while (j > first && moves[j - 1].rank > m.rank) {
            moves[j] = moves[j - 1];
            j--;
        }
        moves[j] = m;
    }
}

static int append_group(Search *s, Move *group, int n) {
    size_t first = s->moves.len;
    for (int k = 0; k < n; k++)
        if (add(s, group[k])) return -1;
    if (n > 1) sort_group(s, first);
    return 0;
}

#define GROUP_MAX 1024

/* klondike._Search._moves: pushes the moves of *st* onto the move stack. */
static int generate(Search *s, const State *st, int owed) {
    int top_of[64];
    for (int k = 0; k < 64; k++) top_of[k] = -1;
    int empty = -1;
    for (int c = 0; c < COLUMNS; c++) {
        if (st->len[c])
            top_of[st->card[c][st->len[c] - 1]] = c;
        else if (empty < 0)
            empty = c;
    }
    Top tops[TOPS_MAX];
    int ntops = bring_up(s, st, tops);
    int to[8];
    const uint8_t *run = st->run;
    if (owed == A_KING) { /* _kings_in */
        int order[COLUMNS], n = 0;
        for (int c = 0; c < COLUMNS; c++) {
            if (run[c] > 0 && is_king(st->card[c][run[c]])) {
                int j = n;
                while (j > 0 && (st->down[order[j - 1]] < st->down[c])) {
                    order[j] = order[j - 1];
                    j--;
                }
                order[j] = c;
                n++;
            }
        }
        for (int k = 0; k < n; k++)
            if (add(s, run_move(st, order[k], run[order[k]], empty, run[order[k]]))) return -1;
        for (int k = 0; k < ntops; k++)
            if (is_king(st->talon[tops[k].at - 1]) && add(s, waste_move(&tops[k], empty)))
                return -1;
        return 0;
    }
    if (owed) { /* _uses */
        int c = top_of[owed];
        if (is_next(st->found, owed) && add(s, home_move(c))) return -1;
        for (int k = 0; k < ntops; k++)
            if (lies_on(st->talon[tops[k].at - 1], owed) && add(s, waste_move(&tops[k], c)))
                return -1;
        for (int i = 0; i < COLUMNS; i++)
            if (st->len[i] && lies_on(st->card[i][run[i]], owed) && i != c &&
                add(s, run_move(st, i, run[i], c, run[i])))
                return -1;
        return 0;
    }
    /* _free_moves */
    static __thread Move home[GROUP_MAX], reveal[GROUP_MAX], onto[GROUP_MAX];
    int nhome = 0, nreveal = 0, nonto = 0;
    for (int k = 0; k < ntops; k++) { /* at most 2 * TOPS_MAX + 14 moves a group */
        int card = st->talon[tops[k].at - 1];
        if (is_next(st->found, card)) {
            home[nhome] = waste_move(&tops[k], HOME);
            home[nhome++].rank = tops[k].draws;
        }
        if (!is_king(card)) {
            for (int other = 0; other < 4; other++) {
                int parent = other * 16 + rank_of(card) + 1;
                if (is_red(parent) != is_red(card) && top_of[parent] >= 0) {
                    onto[nonto] = waste_move(&tops[k], top_of[parent]);
                    onto[nonto++].rank = tops[k].draws;
                }
            }
        }
        if (empty >= 0 && is_king(card)) {
            onto[nonto] = waste_move(&tops[k], empty);
            onto[nonto++].rank = tops[k].draws;
        }
    }
    int kings = 0, king_down = 0;
    for (int c = 0; c < COLUMNS; c++) {
        if (run[c] > 0 && is_king(st->card[c][run[c]])) {
            kings = 1;
            if (st->down[c] > king_down) king_down = st->down[c];
        }
    }
    Move *emptying;
    int *nemptying, king_rank, has_king_rank;
    if (kings) {
        emptying = reveal, nemptying = &nreveal, king_rank = -king_down, has_king_rank = 1;
    } else {
        emptying = onto, nemptying = &nonto, king_rank = 0, has_king_rank = 0;
        for (int k = 0; k < ntops; k++) {
            if (is_king(st->talon[tops[k].at - 1])) {
                king_rank = tops[k].draws, has_king_rank = 1;
                break;
            }
        }
    }
    for (int i = 0; i < COLUMNS; i++) {
        if (!st->len[i]) continue;
        int card = st->card[i][st->len[i] - 1];
        if (is_next(st->found, card)) {
            home[nhome] = home_move(i);
            home[nhome++].rank = 0;
        }
        int at = run[i], n = targets(top_of, st->card[i][at], empty, to);
        if (at > 0) {
            for (int k = 0; k < n; k++) {
                reveal[nreveal] = run_move(st, i, at, to[k], at);
                reveal[nreveal++].rank = -st->down[i];
            }
        } else if (!is_king(st->card[i][at]) && has_king_rank) {
            for (int k = 0; k < n; k++) {
                emptying[*nemptying] = run_move(st, i, at, to[k], at);
                emptying[(*nemptying)++].rank = king_rank;
            }
        }
    }
    if (append_group(s, home, nhome) || append_group(s, reveal, nreveal) ||
        append_group(s, onto, nonto))
        return -1;
    /* Runs onto the twin of the card they lie on. */
    uint64_t reach = 0;
    for (int k = 0; k < ntops; k++) reach |= 1ull << st->talon[tops[k].at - 1];
    for (int c = 0; c < COLUMNS; c++)
        if (st->len[c]) reach |= 1ull << st->card[c][run[c]];
    for (int i = 0; i < COLUMNS; i++) {
        for (int at = run[i] + 1; at < st->len[i]; at++) {
            int below = st->card[i][at - 1], n = targets(top_of, st->card[i][at], empty, to);
            int now = is_next(st->found, below);
            if (!now && !(reach >> twin(st->card[i][at]) & 1)) continue;
            for (int k = 0; k < n; k++) {
                Move m = run_move(st, i, at, to[k], run[i]);
                m.put_off = (uint8_t)!now;
                if (add(s, m)) return -1;
            }
        }
    }
    return 0;
}

/* The state of the frame above the top one, where the next position is
   made (and entered by enter()); NULL if there is no memory for it. */
static State *next_state(Search *s) {
    if (grow(&s->frames, 1)) return NULL;
    return &AT(s->frames, Frame, s->frames.len).state;
}

/* klondike._Search.run up to its loop over the moves, for the position
   made in next_state(): counts the node, settles the position, looks it
   up, checks it, and enters it. */
static int enter(Search *s, int owed, int check) {
    s->nodes++;
    if (s->nodes >= s->max_nodes || (s->nodes % 512 == 0 && past_deadline(s))) return OUT;
    size_t mark = s->path.len;
    Frame *frame = &AT(s->frames, Frame, s->frames.len);
    State *st = &frame->state;
    int settled = settle(s, st);
    if (settled < 0) return NO_MEMORY;
    if (settled) owed = NOTHING;
    if (st->found == ALL_HOME) return WON;
    uint8_t key[KEY_MAX];
    int there = seen_look(s, key, key_of(st, key), owed);
    if (there < 0) return NO_MEMORY;
    if (there || (check && hopeless(st, s->draw, last_pass(s, st->redeals)))) {
        s->path.len = mark;
        return FAILED;
    }
    frame->mark = mark;
    frame->first = frame->next = s->moves.len;
    if (generate(s, st, owed)) return NO_MEMORY;
    frame->end = s->moves.len;
    s->frames.len++;
    return ENTERED;
}

/* klondike._Search.run from *start*, with an explicit stack. */
static int run(Search *s, const State *start, int owed) {
    State *first = next_state(s);
    if (!first) return NO_MEMORY;
    *first = *start;
    int result = enter(s, owed, 1);
    if (result != ENTERED) return result;
    while (s->frames.len) {
        Frame *frame = &AT(s->frames, Frame, s->frames.len - 1);
        if (frame->next == frame->end) {
            s->path.len = frame->mark;
            s->moves.len = frame->first;
            s->frames.len--;
            if (s->frames.len) s->path.len--; /* the parent's move */
            continue;
        }
        Move move = AT(s->moves, Move, frame->next++);
        State *child = next_state(s);
        if (!child) return NO_MEMORY;
        frame = &AT(s->frames, Frame, s->frames.len - 1); /* where it now is */
        apply(&frame->state, &move, child);
        if (move.put_off) {
            result = put_off(s, child, move.code, move.owed);
            if (result) return result;
            continue;
        }
        if (path_push(s, move.code)) return NO_MEMORY;
        result = enter(s, move.owed, draws_of(move.code) >= 2);
        if (result == FAILED)
            s->path.len--;
        else if (result != ENTERED)
            return result;
    }
    return FAILED;
}

/* -- the module ------------------------------------------------------------ */

static int read_state(PyObject *columns, long found, Py_buffer *talon, long shown, long redeals,
                      State *st) {
    memset(st, 0, sizeof *st);
    if (!PyTuple_Check(columns) || PyTuple_GET_SIZE(columns) != COLUMNS) {
        PyErr_SetString(PyExc_ValueError, "seven columns expected");
        return -1;
    }
    for (int c = 0; c < COLUMNS; c++) {
        PyObject *column = PyTuple_GET_ITEM(columns, c);
        if (!PyBytes_Check(column) || PyBytes_GET_SIZE(column) < 1 ||
            PyBytes_GET_SIZE(column) > COLUMN_MAX + 1) {
            PyErr_SetString(PyExc_ValueError, "a column does not fit");
            return -1;
        }
        const uint8_t *bytes = (const uint8_t *)PyBytes_AS_STRING(column);
        st->down[c] = bytes[0];
        st->len[c] = (uint8_t)(PyBytes_GET_SIZE(column) - 1);
        if (st->len[c] ? st->down[c] >= st->len[c] : st->down[c] != 0) {
            PyErr_SetString(PyExc_ValueError, "a column's top card must be face up");
            return -1;
        }
        memcpy(st->card[c], bytes + 1, st->len[c]);
        for (int i = 0; i < st->len[c]; i++) {
            if (st->card[c][i] >= 64) {
                PyErr_SetString(PyExc_ValueError, "not a card");
                return -1;
            }
        }
    }
    int cards = (int)talon->len;
    for (int c = 0; c < COLUMNS; c++) cards += st->len[c];
    if (cards > DECK || talon->len > TALON_MAX) {
        PyErr_SetString(PyExc_ValueError, "more cards than a deck, or than a talon holds");
        return -1;
    }
    if (shown < 0 || shown > talon->len || redeals < 0 || redeals > 255 || found < 0 ||
        found > ALL_HOME) {
        PyErr_SetString(PyExc_ValueError, "the waste, redeals or foundations are out of range");
        return -1;
    }
    memcpy(st->talon, talon->buf, talon->len);
    for (int i = 0; i < talon->len; i++) {
        if (st->talon[i] >= 64) {
            PyErr_SetString(PyExc_ValueError, "not a card");
            return -1;
        }
    }
    st->talon_len = (uint8_t)talon->len;
    st->shown = (uint8_t)shown;
    st->redeals = (uint8_t)redeals;
    st->found = (uint16_t)found;
    find_runs(st);
    return 0;
}

static void search_free(Search *s) {
    seen_free(&s->seen);
    if (s->aged) seen_free(&s->older);
    free(s->path.items);
    free(s->moves.items);
    free(s->frames.items);
    free(s->put_off.items);
    free(s->put_states.items);
    free(s->tree.items);
    free(s->last_codes.items);
    free(s->last_nodes.items);
}

static PyObject *search(PyObject *module, PyObject *args) {
    PyObject *columns;
    long found, shown, redeals, draw, max_redeals;
    long long max_nodes, memory = 0;
    double seconds;
    Py_buffer talon;
    (void)module;
    if (!PyArg_ParseTuple(args, "Oly*llllLd|L", &columns, &found, &talon, &shown, &redeals, &draw,
                          &max_redeals, &max_nodes, &seconds, &memory))
        return NULL;
    State start;
    int bad = read_state(columns, found, &talon, shown, redeals, &start);
    PyBuffer_Release(&talon);
    if (bad) return NULL;
    if (draw < 1 || draw > TALON_MAX || max_redeals < -1 || max_redeals > REDEALS_MAX) {
        PyErr_SetString(PyExc_ValueError, "rules out of range");
        return NULL;
    }
    Search s;
    memset(&s, 0, sizeof s);
    s.draw = (int)draw;
    s.max_redeals = (int)max_redeals;
    s.max_nodes = max_nodes;
    s.path.size = sizeof(int);
    s.moves.size = sizeof(Move);
    s.frames.size = sizeof(Frame);
    s.put_off.size = sizeof(PutOff);
    s.put_states.size = 1;
    s.tree.size = sizeof(Node);
    s.last_codes.size = s.last_nodes.size = sizeof(int);
    /* A quarter of the memory for the positions seen, the rest for the
       moves put off: room for the queue, not the table, is what wins. */
    s.seen_limit = memory > 0 ? (size_t)memory / 4 : SIZE_MAX;
    s.put_off_limit = memory > 0 ? (size_t)memory - s.seen_limit : SIZE_MAX;
    /* A new table's slots take at most a quarter of a generation's share. */
    s.slots = 1 << 16;
    while (s.slots > 1024 && s.slots * sizeof(Slot) > s.seen_limit / 8) s.slots /= 2;
    clock_gettime(CLOCK_MONOTONIC, &s.deadline);
    if (seconds > 1e6) seconds = 1e6;
    if (seconds < 0) seconds = 0;
    long long nanos = s.deadline.tv_nsec + (long long)(seconds * 1e9);
    s.deadline.tv_sec += nanos / 1000000000;
    s.deadline.tv_nsec = nanos % 1000000000;
    int result;
    if (seen_init(&s.seen, s.slots)) {
        result = NO_MEMORY;
    } else {
        Py_BEGIN_ALLOW_THREADS
        result = run(&s, &start, NOTHING);
        while (result == FAILED && s.put_off.len) {
            State resumed;
            int owed;
            if (take_put_off(&s, &resumed, &owed)) {
                result = NO_MEMORY;
                break;
            }
            result = run(&s, &resumed, owed);
        }
        Py_END_ALLOW_THREADS
    }
    PyObject *answer = NULL;
    if (result == NO_MEMORY) {
        PyErr_NoMemory();
    } else if (result == WON) {
        PyObject *line = PyList_New((Py_ssize_t)s.path.len);
        for (size_t i = 0; line && i < s.path.len; i++) {
            PyObject *code = PyLong_FromLong(AT(s.path, int, i));
            if (!code) {
                Py_CLEAR(line);
                break;
            }
            PyList_SET_ITEM(line, (Py_ssize_t)i, code);
        }
        if (line) answer = Py_BuildValue("(NLOL)", line, s.nodes, Py_False, s.forgotten);
    } else {
        int exhausted = result == FAILED && !s.dropped;
        answer = Py_BuildValue("(OLOL)", Py_None, s.nodes, exhausted ? Py_True : Py_False,
                               s.forgotten);
    }
    search_free(&s);
    return answer;
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS,
     "search(columns, found, talon, shown, redeals, draw, max_redeals, max_nodes, seconds,\n"
     "       memory=0) -> (move codes or None, nodes, exhausted, forgotten): klondike.py's\n"
     "complete search, within *memory* bytes (0: no limit); *forgotten*: how many times\n"
     "the positions seen were forgotten."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "klondike_native", "Klondike's complete search, in C.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_klondike_native(void) { return PyModule_Create(&module); }
