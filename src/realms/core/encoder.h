/* What the games' compiled observation encoders (games/<game>/observe.c) share: the CPython module around them,
 * the argument and buffer handling of encode(), the attribute names interned once, and the small helpers. An
 * encoder includes this file first (realms.core.cbuild compiles with this directory on the include path and
 * hashes this file into the build's key, so a change here rebuilds every encoder).
 *
 * Before the #include, the encoder defines:
 *   OBS_GAME           its name in error messages: "kingdomino" gives "kingdomino observation: ..."
 *   OBS_NAMES(X)       the state attributes it reads, X(name) each: the interned string s_<name>
 *   OBS_CONSTANTS(X)   its module's int constants, X("NAME", value) each (may be empty)
 *   OBS_EXTRA          (optional) the name of a float argument encode() takes after out (Dominion's "vp")
 *   OBS_SETUP_FLAGS    (optional) setup()'s calling convention, METH_VARARGS unless defined
 *   OBS_SETUP_DOC      setup()'s doc string
 * and after it, defines:
 *   static int obs_ready(void)                 whether setup() has been called
 *   static int obs_fill(Obs *call)                the whole vector into call->out; 0, or -1 with an exception set
 *   static PyObject *setup(PyObject *self, PyObject *arg)
 *
 * encode(state, seat, out[, extra]): `out` is a writable buffer of float32 of the layout's size (obs_size checks
 * it). Inside obs_fill, GET(var, s_name) reads an attribute of the state into var, holding its reference until
 * encode() returns, and jumps to the function's `fail` label when it cannot. */
#ifndef REALMS_ENCODER_H
#define REALMS_ENCODER_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#ifndef OBS_SETUP_FLAGS
#define OBS_SETUP_FLAGS METH_VARARGS
#endif

/* the most state attributes one encode() holds at once */
#define OBS_REFS 48

/* one encode() call: its arguments and the references it holds */
typedef struct {
    PyObject *state;
    long seat;
    float *out;
    Py_ssize_t len; /* out's size in bytes */
    double extra;   /* OBS_EXTRA's value, 0 without one */
    int nref;
    PyObject *refs[OBS_REFS];
} Obs;

#define OBS_DECLARE(name) static PyObject *s_##name;
OBS_NAMES(OBS_DECLARE)
#undef OBS_DECLARE

static int obs_ready(void);
static int obs_fill(Obs *call);
static PyObject *setup(PyObject *self, PyObject *arg);

static inline long pymod(long x, long n) {
    long r = x % n;
    return r < 0 ? r + n : r;
}

static int bad(const char *what) {
    PyErr_Format(PyExc_ValueError, OBS_GAME " observation: %s", what);
    return -1;
}

/* item i of a list of ints (the caller checked the list and its length) */
static inline long at(PyObject *list, Py_ssize_t i) { return PyLong_AsLong(PyList_GET_ITEM(list, i)); }

static inline int is_list(PyObject *x, Py_ssize_t n) { return PyList_Check(x) && PyList_GET_SIZE(x) >= n; }

/* the state's attribute `name`, held by `call` until encode() returns; NULL with an exception set */
static inline PyObject *obs_get(Obs *call, PyObject *name) {
    if (call->nref >= OBS_REFS) {
        PyErr_SetString(PyExc_RuntimeError, OBS_GAME " observation: more attributes than OBS_REFS");
        return NULL;
    }
    PyObject *v = PyObject_GetAttr(call->state, name);
    if (v != NULL) call->refs[call->nref++] = v;
    return v;
}

#define GET(var, name)                               \
    if ((var = obs_get(call, name)) == NULL) goto fail;

/* the state's players (from its attribute s_players), checked to lie in [lo, hi] with the seat among them; -1 with
 * an exception set where not */
static inline long obs_players(Obs *call, long lo, long hi) {
    PyObject *players = obs_get(call, s_players);
    if (players == NULL) return -1;
    long p = PyLong_AsLong(players);
    if (p == -1 && PyErr_Occurred()) return -1;
    if (p < lo || p > hi) return bad("players out of range");
    if (call->seat < 0 || call->seat >= p) return bad("seat out of range");
    return p;
}

/* 0 when out holds exactly `size` floats, else -1 with an exception set */
static inline int obs_size(Obs *call, long size) {
    return call->len == (Py_ssize_t)(size * sizeof(float)) ? 0 : bad("the buffer is not of the layout's size");
}

/* a copy of the float table in `table` (which is released), or NULL with an exception set */
static inline float *obs_table(Py_buffer *table) {
    float *copy = PyMem_Malloc(table->len);
    if (copy == NULL) PyErr_NoMemory();
    else memcpy(copy, table->buf, table->len);
    PyBuffer_Release(table);
    return copy;
}

static PyObject *encode(PyObject *self, PyObject *args) {
    Obs call;
    PyObject *buf;
    call.nref = 0;
    call.extra = 0.0;
#ifdef OBS_EXTRA
    if (!PyArg_ParseTuple(args, "OlOd", &call.state, &call.seat, &buf, &call.extra)) return NULL;
#else
    if (!PyArg_ParseTuple(args, "OlO", &call.state, &call.seat, &buf)) return NULL;
#endif
    if (!obs_ready()) {
        PyErr_SetString(PyExc_RuntimeError, OBS_GAME " observation: setup() was not called");
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(buf, &view, PyBUF_WRITABLE) < 0) return NULL;
    call.out = (float *)view.buf;
    call.len = view.len;
    int failed = obs_fill(&call) < 0 || PyErr_Occurred();
    for (int i = 0; i < call.nref; i++) Py_DECREF(call.refs[i]);
    PyBuffer_Release(&view);
    if (!failed) Py_RETURN_NONE;
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, OBS_GAME " observation: failed without a reason");
    return NULL;
}

#ifdef OBS_EXTRA
#define OBS_ENCODE_DOC "encode(state, seat, out, " OBS_EXTRA "): the whole vector into the float32 buffer out"
#else
#define OBS_ENCODE_DOC "encode(state, seat, out): the whole vector into the float32 buffer out"
#endif

static PyMethodDef obs_methods[] = {
    {"encode", encode, METH_VARARGS, OBS_ENCODE_DOC},
    {"setup", setup, OBS_SETUP_FLAGS, OBS_SETUP_DOC},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef obs_module = {PyModuleDef_HEAD_INIT, "_observe_c", NULL, -1, obs_methods};

PyMODINIT_FUNC PyInit__observe_c(void) {
#define OBS_INTERN(name)                                \
    if ((s_##name = PyUnicode_InternFromString(#name)) == NULL) return NULL;
    OBS_NAMES(OBS_INTERN)
#undef OBS_INTERN
    PyObject *mod = PyModule_Create(&obs_module);
    if (mod == NULL) return NULL;
#define OBS_CONSTANT(name, value)                                  \
    if (PyModule_AddIntConstant(mod, name, value) < 0) {           \
        Py_DECREF(mod);                                            \
        return NULL;                                               \
    }
    OBS_CONSTANTS(OBS_CONSTANT)
#undef OBS_CONSTANT
    return mod;
}

#endif
