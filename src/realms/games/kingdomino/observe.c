/* Kingdomino's observation vector in C: one call writes the whole vector from the engine state's Python lists and
 * ints (the kingdoms' bit masks among them), read in place. The layout and every number are those of observe.py's
 * Python encoder, which stays the reference (tests/games/kingdomino/test_observe.py compares the two at every seat
 * of every step); observe.py compiles this file at first use where a C compiler is found (realms.core.cbuild) and
 * falls back to the Python encoder where not.
 *
 * encode(state, seat, out): `out` is a writable buffer of float32 of the layout's size. */
#define SIZE 13   /* the kingdom's frame: SIZE x SIZE squares */
#define STRIDE 14 /* bits per row of a kingdom's masks (one padding column) */
#define NBITS 182
#define NBYTES ((NBITS + 7) / 8)
#define PLANES 10
#define PLANE (SIZE * SIZE)
#define KINGDOM (PLANES * PLANE)
#define SLOTS 4
#define SLOT_FEATURES 22
#define NUM_DOMINOES 48
#define MAX_PLAYERS 4

#define OBS_GAME "kingdomino"
#define OBS_NAMES(X)                                                                                                 \
    X(players) X(terr) X(crown) X(occ) X(cur) X(cur_king) X(nxt) X(nxt_king) X(order) X(oi) X(round) X(step) X(pile) \
    X(unused) X(discarded) X(to_move) X(game_no) X(n) X(row_size) X(opts) X(history) X(score) X(harmony)           \
    X(middle_kingdom) X(dynasty)
#define OBS_CONSTANTS(X) X("SIZE", SIZE) X("STRIDE", STRIDE) X("NBITS", NBITS)
#define OBS_SETUP_DOC "setup(slots): the row slots' numbers by code"
#include "encoder.h"
#include <stdint.h>

/* a row slot's 22 numbers by its code ((domino * 5 + relative king + 1) * 2 + acting) * 2 + acted; set by setup() */
static float *slot_table = NULL;
static long slot_codes = 0;

/* sets to 1 the squares of mask `m` (a non-negative int of at most NBITS bits) in the plane at out[o] */
static int plane(float *out, long o, PyObject *m) {
    unsigned char raw[24];
    memset(raw, 0, sizeof raw);
    if (!PyLong_Check(m)) return bad("a kingdom mask that is not an int");
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(m, raw, NBYTES, Py_ASNATIVEBYTES_LITTLE_ENDIAN |
                                           Py_ASNATIVEBYTES_UNSIGNED_BUFFER | Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (need < 0) {
        PyErr_Clear();
        return bad("a kingdom mask out of range");
    }
    if (need > NBYTES) return bad("a kingdom mask out of range");
#else
    if (_PyLong_AsByteArray((PyLongObject *)m, raw, NBYTES, 1, 0) < 0) {
        PyErr_Clear();
        return bad("a kingdom mask out of range");
    }
#endif
    for (int w = 0; w < 3; w++) {
        uint64_t word;
        memcpy(&word, raw + 8 * w, 8);
        while (word) {
            int b = 64 * w + __builtin_ctzll(word);
            word &= word - 1;
            if (b >= NBITS) return bad("a kingdom mask out of range");
            int col = b % STRIDE;
            if (col < SIZE) out[o + (b / STRIDE) * SIZE + col] = 1.0f;
        }
    }
    return 0;
}

static int slot(float *out, long o, long code) {
    if (code < 0 || code >= slot_codes) return bad("a row slot out of range");
    memcpy(out + o, slot_table + code * SLOT_FEATURES, SLOT_FEATURES * sizeof(float));
    return 0;
}

static int flag(PyObject *opts, PyObject *key, int *value) {
    PyObject *v = PyObject_GetItem(opts, key);
    if (v == NULL) return -1;
    *value = PyObject_IsTrue(v);
    Py_DECREF(v);
    return *value < 0 ? -1 : 0;
}

static int obs_ready(void) { return slot_table != NULL; }

static int obs_fill(Obs *call) {
    const long seat = call->seat;
    float *out = call->out;
    PyObject *terr, *crown, *occ, *cur, *cur_king, *nxt, *nxt_king, *order, *oi_, *round_, *step_, *pile,
        *unused, *discarded, *to_move, *game_no, *n_, *row_size, *opts, *history;
    const long p = obs_players(call, 2, MAX_PLAYERS);
    if (p < 0) goto fail;
    const long rows_at = p * KINGDOM, unseen_at = rows_at + 2 * SLOTS * SLOT_FEATURES;
    const long disc_at = unseen_at + NUM_DOMINOES, scal_at = disc_at + NUM_DOMINOES, hist_at = scal_at + 12;
    const long size = hist_at + 3 * p;
    if (obs_size(call, size) < 0) goto fail;
    GET(terr, s_terr) GET(crown, s_crown) GET(occ, s_occ) GET(cur, s_cur) GET(cur_king, s_cur_king) GET(nxt, s_nxt)
    GET(nxt_king, s_nxt_king) GET(order, s_order) GET(oi_, s_oi) GET(round_, s_round) GET(step_, s_step)
    GET(pile, s_pile) GET(unused, s_unused) GET(discarded, s_discarded) GET(to_move, s_to_move)
    GET(game_no, s_game_no) GET(n_, s_n) GET(row_size, s_row_size) GET(opts, s_opts) GET(history, s_history)
    if (!is_list(terr, 6 * p) || !is_list(crown, 3 * p) || !is_list(occ, p) || !is_list(cur, 0) ||
        !is_list(cur_king, PyList_Check(cur) ? PyList_GET_SIZE(cur) : 0) || !is_list(nxt, 0) ||
        !is_list(nxt_king, PyList_Check(nxt) ? PyList_GET_SIZE(nxt) : 0) || !is_list(order, 0) ||
        !is_list(pile, 0) || !is_list(unused, 0) || !is_list(discarded, 0) || !is_list(history, 0) ||
        PyList_GET_SIZE(cur) > SLOTS || PyList_GET_SIZE(nxt) > SLOTS) {
        bad("a field of the wrong kind or length");
        goto fail;
    }
    memset(out, 0, (size_t)size * sizeof(float));
    /* the kingdoms: six terrain planes, three crown planes, the occupied squares */
    for (long i = 0; i < p; i++) {
        long q = (seat + i) % p, o = i * KINGDOM;
        for (int t = 0; t < 6; t++)
            if (plane(out, o + t * PLANE, PyList_GET_ITEM(terr, q * 6 + t)) < 0) goto fail;
        for (int k = 0; k < 3; k++)
            if (plane(out, o + (6 + k) * PLANE, PyList_GET_ITEM(crown, q * 3 + k)) < 0) goto fail;
        if (plane(out, o + 9 * PLANE, PyList_GET_ITEM(occ, q)) < 0) goto fail;
    }
    /* the rows */
    int over = to_move == Py_None;
    long oi = PyLong_AsLong(oi_), rnd = PyLong_AsLong(round_), step = PyLong_AsLong(step_);
    Py_ssize_t norder = PyList_GET_SIZE(order);
    long acting = !over && oi >= 0 && oi < norder ? at(order, oi) : -1;
    int counting = rnd > 0 && !over; /* kings that acted this round are marked */
    long part[SLOTS];                /* per king, its part of a slot's code: its relative seat */
    for (long k = 0; k < SLOTS; k++) part[k] = (1 + pymod(k % p - seat, p)) * 4;
    for (Py_ssize_t j = 0; j < PyList_GET_SIZE(cur); j++) {
        long d = at(cur, j), k = at(cur_king, j), code = d * 20;
        if (k >= SLOTS) { bad("a king out of range"); goto fail; }
        if (k >= 0) {
            int done = 0;
            for (Py_ssize_t x = 0; counting && x < oi && x < norder; x++)
                if (at(order, x) == k) done = 1;
            code += part[k] + (k == acting ? 2 : 0) + done;
        }
        if (slot(out, rows_at + j * SLOT_FEATURES, code) < 0) goto fail;
    }
    for (Py_ssize_t j = 0; j < PyList_GET_SIZE(nxt); j++) {
        long d = at(nxt, j), k = at(nxt_king, j), code = d * 20;
        if (k >= SLOTS) { bad("a king out of range"); goto fail; }
        if (k >= 0) code += part[k] + (k == acting ? 2 : 0);
        if (slot(out, rows_at + (SLOTS + j) * SLOT_FEATURES, code) < 0) goto fail;
    }
    /* the dominoes not yet turned face up, and those discarded */
    PyObject *lists[3] = {pile, unused, discarded};
    long offsets[3] = {unseen_at, unseen_at, disc_at};
    for (int l = 0; l < 3; l++)
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(lists[l]); j++) {
            long d = at(lists[l], j);
            if (d < 1 || d > NUM_DOMINOES) {
                if (!PyErr_Occurred()) bad("a domino out of range");
                goto fail;
            }
            out[offsets[l] + d - 1] = 1.0f;
        }
    /* the scalars */
    float *sc = out + scal_at;
    sc[0] = over ? 0.0f : (float)(step == 0);
    sc[1] = over ? 0.0f : (float)(step == 1);
    sc[2] = (float)over;
    sc[3] = (!over && PyLong_AsLong(to_move) == seat) ? 1.0f : 0.0f;
    sc[4] = (float)((double)rnd / 13.0);
    sc[5] = (float)((double)PyList_GET_SIZE(pile) / NUM_DOMINOES);
    sc[6] = (float)((double)PyLong_AsLong(game_no) / 3.0);
    sc[7] = PyLong_AsLong(n_) == 7 ? 1.0f : 0.0f;
    int harmony, middle, dynasty;
    if (flag(opts, s_harmony, &harmony) || flag(opts, s_middle_kingdom, &middle) || flag(opts, s_dynasty, &dynasty))
        goto fail;
    sc[8] = (float)harmony;
    sc[9] = (float)middle;
    sc[10] = (float)dynasty;
    sc[11] = PyLong_AsLong(row_size) == 3 ? 1.0f : 0.0f;
    /* a Dynasty's finished games: scores / 100 per relative seat */
    for (Py_ssize_t g = 0; g < PyList_GET_SIZE(history) && g < 3; g++) {
        PyObject *game = PyList_GET_ITEM(history, g);
        for (long i = 0; i < p; i++) {
            PyObject *entry = PySequence_GetItem(game, (seat + i) % p);
            PyObject *score = entry ? PyObject_GetItem(entry, s_score) : NULL;
            Py_XDECREF(entry);
            if (score == NULL) goto fail;
            double v = PyFloat_AsDouble(score);
            Py_DECREF(score);
            if (v == -1.0 && PyErr_Occurred()) goto fail;
            out[hist_at + i * 3 + g] = (float)(v / 100.0);
        }
    }
    return 0;
fail:
    return -1;
}

static PyObject *setup(PyObject *self, PyObject *args) {
    Py_buffer table;
    if (!PyArg_ParseTuple(args, "y*", &table)) return NULL;
    if (table.len == 0 || table.len % (SLOT_FEATURES * sizeof(float))) {
        PyBuffer_Release(&table);
        PyErr_SetString(PyExc_ValueError, "kingdomino observation: setup(slots) of the wrong size");
        return NULL;
    }
    long codes = table.len / (SLOT_FEATURES * sizeof(float));
    float *copy = obs_table(&table);
    if (copy == NULL) return NULL;
    slot_codes = codes;
    PyMem_Free(slot_table);
    slot_table = copy;
    Py_RETURN_NONE;
}
