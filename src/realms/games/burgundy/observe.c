/* The Castles of Burgundy's observation vector in C: one call writes the whole vector from the engine state's
 * Python lists, read in place (nothing is converted first). The layout and every number are those of observe.py's
 * Python encoder, which stays the reference (tests/games/burgundy/test_observe.py compares the two at every seat of
 * every step); observe.py compiles this file at first use where a C compiler is found (realms.core.cbuild) and
 * falls back to the Python encoder where not.
 *
 * encode(state, seat, out): `out` is a writable buffer of float32 of the layout's size. Every division is done in
 * double and then rounded to float, as the Python encoder's are. */
#define NSPACES 37
#define STRIDE 38 /* estate slots per player: index = space id 1..37 */
#define TILE 20
#define PLACE (TILE + 1)
#define SPACE (13 + PLACE)
#define MAX_PLAYERS 4
#define MODE_BOARD 0
#define MODE_OVER 2

#define OBS_GAME "burgundy"
#define OBS_NAMES(X)                                                                                                 \
    X(players) X(boards) X(estate) X(storage) X(know) X(vp) X(silver) X(workers) X(mines) X(turns) X(track_pos)   \
    X(track_stamp) X(goods) X(sold) X(dice) X(depots) X(black) X(depot_goods) X(round_goods) X(bonus) X(to_move)   \
    X(used) X(bought) X(stacks) X(black_stack) X(goods_pool) X(removed) X(pool) X(order) X(mode) X(frames)         \
    X(phase) X(round) X(white) X(oi) X(types) X(start)
#define OBS_CONSTANTS(X) X("NSPACES", NSPACES) X("STRIDE", STRIDE)
#define OBS_SETUP_DOC "setup(places, tiles, frames): the places by tile id, their number, the frames'"
#include "encoder.h"

enum { D_BOARD = 0, D_TURN = 1, D_FRAMES = 2 }; /* the decision one-hot: board, turn, the frames, end, over */

/* a place by tile id (rows 0..ntiles-1; row ntiles: an empty place): occupied, then the tile; set by setup() */
static float *places = NULL;
static long ntiles = -1, nframes = -1;

static inline float ratio(long k, double by) { return (float)((double)k / by); }

/* observe.py's VP_CAP, CAP and POOL_CAP: the numbers without a small bound of the rules are written up to these */
#define VP_CAP 1000
#define CAP 100
#define POOL_CAP 40
static inline long capped(long k, long cap) { return k < cap ? k : cap; }

/* writes the place of tile t (-1: empty) at out[o] */
static int place(float *out, long o, long t) {
    if (t < -1 || t >= ntiles) return bad("a tile id out of range");
    memcpy(out + o, places + (t < 0 ? ntiles : t) * PLACE, PLACE * sizeof(float));
    return 0;
}

static int obs_ready(void) { return places != NULL; }

static int obs_fill(Obs *call) {
    const long seat = call->seat;
    float *out = call->out;
    PyObject *boards, *estate, *storage, *know, *vp, *silver, *workers, *mines, *turns, *pos, *stamp,
        *goods, *sold, *dice, *depots, *black, *dgoods, *rgoods, *bonus, *to_move, *used, *bought, *stacks, *bstack,
        *gpool, *removed, *pool, *order, *mode, *frames, *phase, *round, *white, *oi;
    const long p = obs_players(call, 2, MAX_PLAYERS);
    if (p < 0) goto fail;
    const long n_est = NSPACES * SPACE;
    const long o_storage = p * n_est, o_player = o_storage + p * 4 * PLACE, o_know = o_player + p * 32;
    const long o_depots = o_know + p * 26, o_dgoods = o_depots + 24 * PLACE, o_black = o_dgoods + 36;
    const long o_rgoods = o_black + 8 * PLACE, o_bonus = o_rgoods + 30, o_turn = o_bonus + 12 * (p + 1);
    const long size = o_turn + 54 + 2 * p;
    if (obs_size(call, size) < 0) goto fail;
    GET(boards, s_boards) GET(estate, s_estate) GET(storage, s_storage) GET(know, s_know) GET(vp, s_vp)
    GET(silver, s_silver) GET(workers, s_workers) GET(mines, s_mines) GET(turns, s_turns) GET(pos, s_track_pos)
    GET(stamp, s_track_stamp) GET(goods, s_goods) GET(sold, s_sold) GET(dice, s_dice) GET(depots, s_depots)
    GET(black, s_black) GET(dgoods, s_depot_goods) GET(rgoods, s_round_goods) GET(bonus, s_bonus)
    GET(to_move, s_to_move) GET(used, s_used) GET(bought, s_bought) GET(stacks, s_stacks)
    GET(bstack, s_black_stack) GET(gpool, s_goods_pool) GET(removed, s_removed) GET(pool, s_pool)
    GET(order, s_order) GET(mode, s_mode) GET(frames, s_frames) GET(phase, s_phase) GET(round, s_round)
    GET(white, s_white) GET(oi, s_oi)
    if (!is_list(boards, p) || !is_list(estate, p * STRIDE) || !is_list(storage, p) || !is_list(know, p) ||
        !is_list(vp, p) || !is_list(silver, p) || !is_list(workers, p) || !is_list(mines, p) || !is_list(turns, p) ||
        !is_list(pos, p) || !is_list(stamp, p) || !is_list(goods, 6 * p) || !is_list(sold, 6 * p) ||
        !is_list(dice, 2 * p) || !is_list(depots, 24) || !is_list(black, 0) || !is_list(dgoods, 36) ||
        !is_list(rgoods, 0) || !is_list(bonus, 12) || !is_list(stacks, 6) || PyList_GET_SIZE(stacks) != 6 || !is_list(bstack, 0) ||
        !is_list(gpool, 0) || !is_list(removed, 0) || !PyTuple_Check(pool) || !is_list(order, 0) ||
        !is_list(frames, 0)) {
        bad("a field of the wrong kind or length");
        goto fail;
    }
    memset(out, 0, (size_t)size * sizeof(float));
    long over = to_move == Py_None, mover = over ? -1 : PyLong_AsLong(to_move);
    /* estates: the board's colours, dice and start, then the tile on each space */
    for (long i = 0; i < p; i++) {
        long q = (seat + i) % p;
        PyObject *board = PyList_GET_ITEM(boards, q);
        if (board == Py_None) continue;
        PyObject *types = PyObject_GetAttr(board, s_types), *bdice = types ? PyObject_GetAttr(board, s_dice) : NULL;
        PyObject *start = bdice ? PyObject_GetAttr(board, s_start) : NULL;
        if (start == NULL) {
            Py_XDECREF(types);
            Py_XDECREF(bdice);
            goto fail;
        }
        int ok = PyTuple_Check(types) && PyTuple_GET_SIZE(types) > NSPACES && PyTuple_Check(bdice) &&
                 PyTuple_GET_SIZE(bdice) > NSPACES;
        long o = i * n_est, st = 0;
        for (long sp = 1; ok == 1 && sp <= NSPACES; sp++) {
            float *row = out + o + (sp - 1) * SPACE;
            long t = PyLong_AsLong(PyTuple_GET_ITEM(types, sp)), d = PyLong_AsLong(PyTuple_GET_ITEM(bdice, sp));
            if (t >= 0 && t < 6) row[t] = 1.0f;
            if (d >= 1 && d <= 6) row[5 + d] = 1.0f;
            if (place(out, o + (sp - 1) * SPACE + 13, at(estate, q * STRIDE + sp)) < 0) ok = -1;
        }
        if (ok == 1) {
            int has = PyObject_IsTrue(start);
            if (has < 0) ok = -1;
            else if (has) st = PyLong_AsLong(start);
        }
        Py_DECREF(types);
        Py_DECREF(bdice);
        Py_DECREF(start);
        if (ok < 0 || PyErr_Occurred()) goto fail;
        if (!ok) { bad("a board's types or dice of the wrong kind"); goto fail; }
        if (st < 0 || st > NSPACES) { bad("a board's start out of range"); goto fail; }
        if (st) out[o + (st - 1) * SPACE + 12] = 1.0f;
    }
    /* storage, knowledge and the player blocks, per relative seat */
    for (long i = 0; i < p; i++) {
        long q = (seat + i) % p;
        PyObject *sq = PyList_GET_ITEM(storage, q);
        if (!PyList_Check(sq) || PyList_GET_SIZE(sq) > 4) { bad("a storage of the wrong kind"); goto fail; }
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(sq); j++)
            if (place(out, o_storage + (i * 4 + j) * PLACE, at(sq, j)) < 0) goto fail;
        long kmask = at(know, q);
        for (int k = 0; k < 26; k++) out[o_know + i * 26 + k] = (float)((kmask >> (k + 1)) & 1);
        float *pl = out + o_player + i * 32;
        pl[0] = ratio(capped(at(vp, q), VP_CAP), 100.0);
        pl[1] = ratio(capped(at(silver, q), CAP), 10.0);
        pl[2] = ratio(capped(at(workers, q), CAP), 10.0);
        pl[3] = ratio(at(mines, q), 4.0);
        pl[4] = ratio(at(turns, q), 25.0);
        for (int c = 0; c < 6; c++) {
            pl[5 + c] = ratio(at(goods, q * 6 + c), 3.0);
            pl[11 + c] = ratio(at(sold, q * 6 + c), 7.0);
        }
        for (int k = 0; k < 2; k++) {
            long d = at(dice, q * 2 + k);
            if (d >= 1 && d <= 6) pl[16 + 6 * k + d] = 1.0f;
        }
        long pq = at(pos, q), tq = at(stamp, q), rank = 0;
        pl[29] = ratio(pq, 10.0);
        for (long r = 0; r < p; r++) { /* sorted by (-position, -stamp), ties in seat order */
            long pr = at(pos, r), tr = at(stamp, r);
            if (pr > pq || (pr == pq && (tr > tq || (tr == tq && r < q)))) rank++;
        }
        pl[30] = (float)((double)rank / (double)p);
    }
    /* the depots, the black depot, their goods, the round spaces' goods, the bonus tiles */
    for (long j = 0; j < 24; j++)
        if (j % 4 < p && place(out, o_depots + j * PLACE, at(depots, j)) < 0) goto fail;
    for (int k = 0; k < 36; k++) out[o_dgoods + k] = ratio(at(dgoods, k), 3.0);
    Py_ssize_t nb = PyList_GET_SIZE(black);
    if (nb > 2 * p) nb = 2 * p; /* the slots used: 4, 6, 8 with 2, 3, 4 players */
    for (Py_ssize_t j = 0; j < nb; j++)
        if (place(out, o_black + j * PLACE, at(black, j)) < 0) goto fail;
    Py_ssize_t nr = PyList_GET_SIZE(rgoods);
    for (Py_ssize_t r = 0; r < nr && r < 5; r++) {
        long c = at(rgoods, r);
        if (c < 0 || c >= 6) { if (!PyErr_Occurred()) bad("a round's goods out of range"); goto fail; }
        out[o_rgoods + r * 6 + c] = 1.0f;
    }
    for (int t = 0; t < 6; t++)
        for (int k = 0; k < 2; k++) {
            long holder = at(bonus, k * 6 + t);
            out[o_bonus + (t * 2 + k) * (p + 1) + (holder >= 0 ? pymod(holder - seat, p) : p)] = 1.0f;
        }
    /* the turn block */
    float *tb = out + o_turn;
    long m = PyLong_AsLong(mode), ph = PyLong_AsLong(phase), rd = PyLong_AsLong(round), wh = PyLong_AsLong(white);
    long u = PyLong_AsLong(used), o_i = PyLong_AsLong(oi);
    int bt = PyObject_IsTrue(bought);
    if (bt < 0) goto fail;
    tb[m < MODE_OVER ? m : MODE_OVER] = 1.0f;
    tb[3 + (ph < 4 ? ph : 4)] = 1.0f;
    tb[8 + (rd < 4 ? rd : 4)] = 1.0f;
    tb[13] = mover == seat ? 1.0f : 0.0f;
    tb[14] = over ? 0.0f : (float)((u & 1) != 0);
    tb[15] = over ? 0.0f : (float)((u & 2) != 0);
    tb[16] = bt ? 1.0f : 0.0f;
    if (wh >= 1 && wh <= 6) tb[16 + wh] = 1.0f;
    long decision;
    Py_ssize_t nf = PyList_GET_SIZE(frames);
    if (over) decision = D_FRAMES + nframes + 1;
    else if (m == MODE_BOARD) decision = D_BOARD;
    else if (nf) {
        PyObject *k = PySequence_GetItem(PyList_GET_ITEM(frames, nf - 1), 0);
        if (k == NULL) goto fail;
        long kind = PyLong_AsLong(k);
        Py_DECREF(k);
        if (kind < 0 || kind >= nframes) { if (!PyErr_Occurred()) bad("a frame kind out of range"); goto fail; }
        decision = D_FRAMES + kind;
    } else decision = u == 3 ? D_FRAMES + nframes : D_TURN;
    tb[23 + decision] = 1.0f;
    for (int k = 0; k < 6; k++) {
        PyObject *sk = PyList_GET_ITEM(stacks, k);
        if (!PyList_Check(sk)) { bad("a stack that is not a list"); goto fail; }
        tb[34 + k] = ratio(PyList_GET_SIZE(sk), 36.0);
    }
    tb[40] = ratio(PyList_GET_SIZE(bstack), 36.0);
    long bag = 0;
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(gpool); k++) bag += at(gpool, k);
    tb[41] = ratio(bag, 42.0);
    tb[42] = ratio(PyList_GET_SIZE(removed), 100.0);
    tb[43] = ratio(capped(PyTuple_GET_SIZE(pool), POOL_CAP), 4.0);
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(order); k++) /* this seat's place in the order: the first */
        if (at(order, k) == seat) {
            tb[44] = (float)((double)k / (double)p);
            break;
        }
    if (!over && o_i < p) {
        tb[45 + o_i] = 1.0f;
        if (mover >= 0) tb[45 + p + pymod(mover - seat, p)] = 1.0f;
    }
    return 0;
fail:
    return -1;
}

static PyObject *setup(PyObject *self, PyObject *args) {
    Py_buffer table;
    long n, f;
    if (!PyArg_ParseTuple(args, "y*ll", &table, &n, &f)) return NULL;
    if (n < 1 || f < 1 || table.len != (Py_ssize_t)((n + 1) * PLACE * sizeof(float))) {
        PyBuffer_Release(&table);
        PyErr_SetString(PyExc_ValueError, "burgundy observation: setup(places, tiles, frames) of the wrong sizes");
        return NULL;
    }
    float *copy = obs_table(&table);
    if (copy == NULL) return NULL;
    PyMem_Free(places);
    places = copy;
    ntiles = n;
    nframes = f;
    Py_RETURN_NONE;
}
