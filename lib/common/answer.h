/* answer.h - reading a solver's answer with its key, for libpeg and
 * libmaze: the one way both read dpll's DP answer (the key its back matter)
 * and the answers of other solvers (the key given apart), compiled into
 * each library from lib/common/answer.c (which holds dp_answer.h).
 *
 * The library lends a reader: its names and codes, and three calls that
 * know its result struct (peg_result, maze_result).  common__answer_read
 * does the rest in one order for both: the arguments checked, the answer
 * and the key read, the key's atoms held against the answer's, the models
 * handed to the library, the result cleared on failure.  Library-internal
 * and hidden, as util.h says. */
#ifndef DPLL_LIB_COMMON_ANSWER_H_INCLUDED
#define DPLL_LIB_COMMON_ANSWER_H_INCLUDED

#include "util.h"

#include <stdbool.h>
#include <stddef.h>

/* The models of an answer, read (opaque). */
typedef struct common_answer common_answer;

/* How many models; whether the answer says it lists them all (a closing
 * "0", or an unsatisfiable answer). */
COMMON_HIDDEN size_t common__answer_models(const common_answer *a);
COMMON_HIDDEN bool common__answer_complete(const common_answer *a);

/* Model m of an answer, as the lookup the libraries decode through
 * (peg_value_fn, maze_value_fn): common__model_value(&model, atom) is 1 or
 * 0, or -1 for an atom beyond the answer's. */
typedef struct common_model {
  const common_answer *answer;
  size_t model;
} common_model;

COMMON_HIDDEN int common__model_value(void *model, int atom);

/* What a library lends common__answer_read.  result is the library's
 * result struct (never NULL in the calls), err its error struct or NULL. */
typedef struct common_answer_reader {
  const char *puzzle, *front, *back; /* "peg", "peg-front", "peg-back" */
  int einval, enomem, ekey, eanswer; /* the library's codes */
  /* The result struct: its size, and where it keeps the fields every
   * reading sets: int solved (1: a model, all of them decoded), size_t
   * num_models, int complete (the answer lists every model). */
  size_t result_size, solved_at, models_at, complete_at;
  /* Reads the key key[0..size-1], whose first line is line0 of its file,
   * into result: the key's number of atoms (>= 0), or a negative code
   * with err filled in. */
  int (*key)(void *result, const char *key, size_t size, long line0, void *err);
  /* Decodes the answer's models (one or more) into result, whose key has
   * been read: 0 or a code with err filled in. */
  int (*models)(void *result, const common_answer *a, void *err);
  /* Frees what result holds and zeroes it. */
  void (*clear)(void *result);
} common_answer_reader;

/* The reader of libpeg or libmaze (lib: peg or maze, LIB: PEG or MAZE),
 * named name: the library's names and codes, its result struct
 * lib_result (with the members solved, encoding, num_models, complete),
 * whose key lib__key_parse reads (as peg__key_parse does) and which
 * lib_result_clear clears, and models, the library's own decoding of the
 * models (common_answer_reader's models).  Defines two static functions
 * (name_key, name_clear) and the static const name. */
#define COMMON_ANSWER_READER(name, lib, LIB, models)                           \
  static int name##_key(void *result, const char *key, size_t size,            \
                        long line0, void *err) {                               \
    lib##_result *out = result;                                                \
    int rc = lib##__key_parse(key, size, line0, &out->encoding, err);          \
    return rc ? rc : out->encoding->atoms;                                     \
  }                                                                            \
  static void name##_clear(void *result) { lib##_result_clear(result); }       \
  static const common_answer_reader name = {                                   \
      #lib,                                                                    \
      #lib "-front",                                                           \
      #lib "-back",                                                            \
      LIB##_EINVAL,                                                            \
      LIB##_ENOMEM,                                                            \
      LIB##_EKEY,                                                              \
      LIB##_EANSWER,                                                           \
      sizeof(lib##_result),                                                    \
      offsetof(lib##_result, solved),                                          \
      offsetof(lib##_result, num_models),                                      \
      offsetof(lib##_result, complete),                                        \
      name##_key,                                                              \
      models,                                                                  \
      name##_clear}

/* Reads the answer text[0..size-1] into result.  keyed false: dpll's DP
 * answer, the key its back matter.  keyed true: any solver's answer told
 * apart by its first line, dpll's as above, or a SAT-competition answer or
 * MiniSat's result file with the key in key[0..key_size-1] (a CNF's "c"
 * lines or a key file).  err (the library's error struct, or NULL) is
 * cleared first; line numbers count in the text or the key's file.  Returns 0,
 * r->einval (result NULL, or text or key NULL with a size), r->eanswer,
 * r->ekey, r->enomem, or a code from r->key or r->models; result is
 * always zeroed first and cleared on failure. */
COMMON_HIDDEN int common__answer_read(const common_answer_reader *r,
                                      const char *text, size_t size,
                                      const char *key, size_t key_size,
                                      bool keyed, void *result, void *err);

#endif
