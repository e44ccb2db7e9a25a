/* Dominion's observation vector in C: one call writes the whole vector from the engine state's Python lists, read
 * in place (nothing is converted first). The layout and every number are those of observe.py's Python encoder,
 * which stays the reference (tests/games/dominion/test_observe.py compares the two at every seat of every step);
 * observe.py compiles this file at first use where a C compiler is found and falls back to the Python encoder
 * where not.
 *
 * encode(state, seat, out, vp): `out` is a writable buffer of float32 of the layout's size, `vp` the observing
 * seat's VP (rules.score, which observe.py computes when that seat's cards owned change). Counts are k / 10 and
 * every division is done in double and then rounded to float, as the Python encoder's are. */
#ifndef C /* the number of card ids, len(cards.NAMES): given at build time by observe.py (-DC=...) */
#error "C, the number of card ids, is given at build time"
#endif
#define MAX_PLAYERS 8

#define OBS_GAME "dominion"
#define OBS_NAMES(X)                                                                                                 \
    X(players) X(trash) X(hand) X(deck) X(disc) X(look) X(supply) X(piles) X(play) X(aside) X(hpub) X(top) X(owned) \
    X(turns) X(to_move) X(phase) X(actions) X(buys) X(coins) X(empty) X(edition) X(colony) X(cur) X(stack)         \
    X(dur) X(held) X(shown) X(bottom) X(nvmat) X(island) X(pcoins) X(monkey) X(embargo) X(shield) X(corsair)     \
    X(extra) X(outpost) X(discount) X(copper_bonus) X(played)
#define OBS_CONSTANTS(X) X("CARDS", C)
#define OBS_EXTRA "vp"
#define OBS_SETUP_FLAGS METH_O
#define OBS_SETUP_DOC "setup(handlers): the number of frame handlers (the pending block's kinds)"
#include "encoder.h"

/* the number of frame handlers (len(cards.HANDLERS)): set by setup() */
static long H = -1;

static inline float tenth(long k) { return (float)((double)k / 10.0); }

/* observe.py's CAP and TURNS_CAP: the counters without a bound of the rules are written up to these */
#define CAP 100
#define TURNS_CAP 300
static inline long capped(long k, long cap) { return k < cap ? k : cap; }

/* a card id from a Python int, or -1 with an error set */
static inline long card_of(PyObject *x) {
    long c = PyLong_AsLong(x);
    if (c < 0 || c >= C) {
        if (!PyErr_Occurred()) bad("a card id out of range");
        return -1;
    }
    return c;
}

/* the card ids in list or tuple `zone` added to the counts `cnt` */
static int add_counts(int *cnt, PyObject *zone) {
    PyObject **items;
    Py_ssize_t n;
    if (PyList_Check(zone)) {
        items = ((PyListObject *)zone)->ob_item;
        n = PyList_GET_SIZE(zone);
    } else if (PyTuple_Check(zone)) {
        items = ((PyTupleObject *)zone)->ob_item;
        n = PyTuple_GET_SIZE(zone);
    } else {
        return bad("a zone that is not a list or tuple");
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long c = card_of(items[i]);
        if (c < 0) return -1;
        cnt[c]++;
    }
    return 0;
}

/* the counts `cnt` written as k / 10 at out[o + c] (the block is zero before) */
static void write_counts(float *out, long o, const int *cnt) {
    for (int c = 0; c < C; c++)
        if (cnt[c]) out[o + c] = tenth(cnt[c]);
}

/* the counts of the card ids in list or tuple `zone`, written as k / 10 at out[o + c] (the block is zero before) */
static int count_zone(float *out, long o, PyObject *zone) {
    int cnt[C];
    if ((PyList_Check(zone) && !PyList_GET_SIZE(zone)) || (PyTuple_Check(zone) && !PyTuple_GET_SIZE(zone)))
        return 0; /* most zones are empty most of the time */
    memset(cnt, 0, sizeof cnt);
    if (add_counts(cnt, zone)) return -1;
    write_counts(out, o, cnt);
    return 0;
}

/* a Python int as a long; -1 with an error set where it is not one (the caller checks PyErr_Occurred) */
static inline long int_of(PyObject *x) { return PyLong_AsLong(x); }

/* a per-seat field: a list of at least p items */
static int per_seat(PyObject *x, long p) { return PyList_Check(x) && PyList_GET_SIZE(x) >= p ? 0 : -1; }

static int obs_ready(void) { return H >= 0; }

static int obs_fill(Obs *call) {
    const long seat = call->seat;
    const double vp = call->extra;
    float *out = call->out;
    PyObject *trash, *hand, *deck, *disc, *look, *supply, *piles, *play, *aside, *hpub, *top, *owned,
        *turns, *to_move, *stack, *ph, *actions, *buys, *coins, *empty, *edition, *colony, *cur, *dur, *held, *shown,
        *bottom, *nvmat, *island, *pcoins, *monkey, *embargo, *shield, *corsair, *extra, *outpost, *discount,
        *copper_bonus, *played;
    const long p = obs_players(call, 1, MAX_PLAYERS);
    if (p < 0) goto fail;
    /* the layout: observe.py's _Layout, field by field */
    const long o_supply = 0, o_in = C, o_embargo = 2 * C, o_trash = 3 * C, o_hand = 4 * C, o_deck = 5 * C,
               o_disc = 6 * C, o_look = 7 * C, o_held = 8 * C, o_nv = 9 * C, o_bottom = 10 * C;
    const long o_play = 11 * C, o_aside = o_play + p * C, o_known = o_aside + p * C, o_tops = o_known + p * C;
    const long o_owned = o_tops + p * C, o_dtop = o_owned + p * C, o_dur = o_dtop + p * C, o_shown = o_dur + p * C,
               o_island = o_shown + p * C;
    const long o_sizes = o_island + p * C, o_mats = o_sizes + 5 * p, o_turn = o_mats + 6 * p;
    const long o_flags = o_turn + 12 + p, o_pending = o_flags + 5, size = o_pending + H + p + 1;
    if (obs_size(call, size) < 0) goto fail;
    GET(trash, s_trash) GET(hand, s_hand) GET(deck, s_deck) GET(disc, s_disc) GET(look, s_look)
    GET(supply, s_supply) GET(piles, s_piles) GET(play, s_play) GET(aside, s_aside) GET(hpub, s_hpub)
    GET(top, s_top) GET(owned, s_owned) GET(turns, s_turns) GET(to_move, s_to_move) GET(stack, s_stack)
    GET(dur, s_dur) GET(held, s_held) GET(shown, s_shown) GET(bottom, s_bottom) GET(nvmat, s_nvmat)
    GET(island, s_island) GET(pcoins, s_pcoins) GET(monkey, s_monkey) GET(embargo, s_embargo)
    if (per_seat(hand, p) || per_seat(deck, p) || per_seat(disc, p) || per_seat(look, p) || per_seat(play, p) ||
        per_seat(aside, p) || per_seat(hpub, p) || per_seat(top, p) || per_seat(owned, p) || per_seat(turns, p) ||
        per_seat(dur, p) || per_seat(held, p) || per_seat(shown, p) || per_seat(bottom, p) || per_seat(nvmat, p) ||
        per_seat(island, p) || per_seat(pcoins, p) || per_seat(monkey, p)) {
        bad("a per-seat field that is not a list of one entry per seat");
        goto fail;
    }
    if (!PyList_Check(supply) || PyList_GET_SIZE(supply) < C || !PyTuple_Check(piles) || !PyList_Check(stack)) {
        bad("supply, piles or stack of the wrong kind");
        goto fail;
    }
    if (!PyTuple_Check(embargo) || PyTuple_GET_SIZE(embargo) < C) {
        bad("embargo that is not a tuple of one count per card id");
        goto fail;
    }
    memset(out, 0, (size_t)size * sizeof(float));
    /* the Supply and the observing seat's own zones */
    Py_ssize_t npiles = PyTuple_GET_SIZE(piles);
    for (Py_ssize_t i = 0; i < npiles; i++) {
        long c = card_of(PyTuple_GET_ITEM(piles, i));
        if (c < 0) goto fail;
        out[o_supply + c] = tenth(PyLong_AsLong(PyList_GET_ITEM(supply, c)));
        out[o_in + c] = 1.0f;
    }
    for (int c = 0; c < C; c++) {
        long k = int_of(PyTuple_GET_ITEM(embargo, c));
        if (k) out[o_embargo + c] = tenth(k);
    }
    if (count_zone(out, o_trash, trash) || count_zone(out, o_hand, PyList_GET_ITEM(hand, seat)) ||
        count_zone(out, o_disc, PyList_GET_ITEM(disc, seat)) || count_zone(out, o_look, PyList_GET_ITEM(look, seat)) ||
        count_zone(out, o_held, PyList_GET_ITEM(held, seat)) || count_zone(out, o_nv, PyList_GET_ITEM(nvmat, seat)) ||
        count_zone(out, o_bottom, PyList_GET_ITEM(bottom, seat)))
        goto fail;
    { /* the own deck's contents: the cards it knows at the bottom too */
        int cnt[C];
        memset(cnt, 0, sizeof cnt);
        if (add_counts(cnt, PyList_GET_ITEM(deck, seat)) || add_counts(cnt, PyList_GET_ITEM(bottom, seat))) goto fail;
        write_counts(out, o_deck, cnt);
    }
    GET(shield, s_shield) GET(corsair, s_corsair)
    const long shield_bits = int_of(shield), corsair_bits = int_of(corsair);
    if (PyErr_Occurred()) goto fail;
    /* every seat's public blocks, relative to the observing seat */
    for (long i = 0; i < p; i++) {
        long q = (seat + i) % p;
        if (count_zone(out, o_play + i * C, PyList_GET_ITEM(play, q)) ||
            count_zone(out, o_aside + i * C, PyList_GET_ITEM(aside, q)) ||
            count_zone(out, o_known + i * C, PyList_GET_ITEM(hpub, q)) ||
            count_zone(out, o_dur + i * C, PyList_GET_ITEM(dur, q)) ||
            count_zone(out, o_shown + i * C, PyList_GET_ITEM(shown, q)) ||
            count_zone(out, o_island + i * C, PyList_GET_ITEM(island, q)))
            goto fail;
        PyObject *tq = PyList_GET_ITEM(top, q), *dq = PyList_GET_ITEM(deck, q), *xq = PyList_GET_ITEM(disc, q);
        PyObject *ow = PyList_GET_ITEM(owned, q), *hq = PyList_GET_ITEM(hand, q), *lq = PyList_GET_ITEM(look, q);
        PyObject *bq = PyList_GET_ITEM(bottom, q), *vq = PyList_GET_ITEM(held, q), *nq = PyList_GET_ITEM(nvmat, q);
        if (!PyList_Check(tq) || !PyList_Check(dq) || !PyList_Check(xq) || !PyList_Check(hq) || !PyList_Check(lq) ||
            !PyList_Check(bq) || !PyList_Check(vq) || !PyList_Check(nq) || !PyList_Check(ow) ||
            PyList_GET_SIZE(ow) != C) {
            bad("a seat's zones of the wrong kind");
            goto fail;
        }
        Py_ssize_t nt = PyList_GET_SIZE(tq), nd = PyList_GET_SIZE(dq), nx = PyList_GET_SIZE(xq);
        if (nt > nd) { bad("more known deck tops than cards in the deck"); goto fail; }
        if (nt) { /* the known cards on top of the deck: public ones (flag 1), and the seat's own (flag 0) */
            int cnt[C];
            memset(cnt, 0, sizeof cnt);
            for (Py_ssize_t j = 1; j <= nt; j++) {
                long flag = PyLong_AsLong(PyList_GET_ITEM(tq, nt - j));
                if (flag == -1 && PyErr_Occurred()) goto fail;
                if (flag == 1 || (flag == 0 && q == seat)) { /* 2: nobody has seen it (zones.UNSEEN) */
                    long c = card_of(PyList_GET_ITEM(dq, nd - j));
                    if (c < 0) goto fail;
                    cnt[c]++;
                }
            }
            for (int c = 0; c < C; c++)
                if (cnt[c]) out[o_tops + i * C + c] = tenth(cnt[c]);
        }
        if (nx) {
            long c = card_of(PyList_GET_ITEM(xq, nx - 1));
            if (c < 0) goto fail;
            out[o_dtop + i * C + c] = 1.0f;
        }
        for (int c = 0; c < C; c++) {
            long k = PyLong_AsLong(PyList_GET_ITEM(ow, c));
            if (k) out[o_owned + i * C + c] = tenth(k);
        }
        float *sz = out + o_sizes + i * 5;
        sz[0] = tenth(PyList_GET_SIZE(hq));
        sz[1] = tenth(nd + PyList_GET_SIZE(bq));
        sz[2] = tenth(nx);
        sz[3] = tenth(PyList_GET_SIZE(lq));
        sz[4] = (float)((double)capped(PyLong_AsLong(PyList_GET_ITEM(turns, q)), TURNS_CAP) / 30.0);
        float *mt = out + o_mats + i * 6; /* of the face-down cards and the Native Village mat only how many */
        mt[0] = tenth(PyList_GET_SIZE(vq));
        mt[1] = tenth(PyList_GET_SIZE(nq));
        mt[2] = tenth(capped(int_of(PyList_GET_ITEM(pcoins, q)), CAP));
        mt[3] = tenth(capped(int_of(PyList_GET_ITEM(monkey, q)), CAP));
        mt[4] = shield_bits >> q & 1 ? 1.0f : 0.0f;
        mt[5] = corsair_bits >> q & 1 ? 1.0f : 0.0f;
    }
    /* the turn block */
    int over = to_move == Py_None;
    long phase = 2;
    if (!over) {
        GET(ph, s_phase)
        phase = PyLong_AsLong(ph);
        if (phase < 0 || phase > 2) {
            if (!PyErr_Occurred()) bad("phase out of range");
            goto fail;
        }
    }
    out[o_turn + phase] = 1.0f;
    GET(actions, s_actions) GET(buys, s_buys) GET(coins, s_coins) GET(empty, s_empty) GET(edition, s_edition)
    GET(colony, s_colony) GET(cur, s_cur)
    out[o_turn + 3] = tenth(capped(PyLong_AsLong(actions), CAP));
    out[o_turn + 4] = tenth(capped(PyLong_AsLong(buys), CAP));
    out[o_turn + 5] = tenth(capped(PyLong_AsLong(coins), CAP));
    out[o_turn + 6] = (!over && PyLong_AsLong(to_move) == seat) ? 1.0f : 0.0f;
    out[o_turn + 7] = (float)((double)PyLong_AsLong(empty) / 3.0);
    long ed = PyLong_AsLong(edition);
    out[o_turn + 8] = ed == 1 ? 1.0f : 0.0f;
    out[o_turn + 9] = ed == 2 ? 1.0f : 0.0f;
    out[o_turn + 10] = (float)(vp / 50.0);
    int col = PyObject_IsTrue(colony);
    if (col < 0) goto fail;
    out[o_turn + 11] = col ? 1.0f : 0.0f;
    out[o_turn + 12 + pymod(PyLong_AsLong(cur) - seat, p)] = 1.0f;
    /* this turn's modifiers */
    GET(extra, s_extra) GET(outpost, s_outpost) GET(discount, s_discount) GET(copper_bonus, s_copper_bonus)
    GET(played, s_played)
    int ex = PyObject_IsTrue(extra), op = ex < 0 ? -1 : PyObject_IsTrue(outpost);
    if (op < 0) goto fail;
    out[o_flags] = ex ? 1.0f : 0.0f;
    out[o_flags + 1] = op ? 1.0f : 0.0f;
    out[o_flags + 2] = tenth(capped(int_of(discount), CAP));
    out[o_flags + 3] = tenth(capped(int_of(copper_bonus), CAP));
    out[o_flags + 4] = tenth(capped(int_of(played), CAP));
    /* the pending decision: its frame's kind and decider */
    Py_ssize_t ns = PyList_GET_SIZE(stack);
    if (ns && !over) {
        PyObject *f = PyList_GET_ITEM(stack, ns - 1);
        PyObject *k = PySequence_GetItem(f, 0);
        PyObject *d = k ? PySequence_GetItem(f, 2) : NULL;
        if (d == NULL) {
            Py_XDECREF(k);
            goto fail;
        }
        long kind = PyLong_AsLong(k), decider = PyLong_AsLong(d);
        Py_DECREF(k);
        Py_DECREF(d);
        out[o_pending + pymod(kind, H)] = 1.0f; /* generic frames have negative kinds */
        out[o_pending + H + pymod(decider - seat, p)] = 1.0f;
    } else {
        out[o_pending + H + p] = 1.0f;
    }
    return 0;
fail:
    return -1;
}

static PyObject *setup(PyObject *self, PyObject *arg) {
    long h = PyLong_AsLong(arg);
    if (h < 1) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "dominion observation: handlers must be >= 1");
        return NULL;
    }
    H = h;
    Py_RETURN_NONE;
}
