/* answer.c - a solver's answer with its key, read in one order for libpeg
 * and libmaze (answer.h). */
#include "answer.h"

#include "dp_answer.h"

#include <stdlib.h>
#include <string.h>

struct common_answer {
  dp_answer dp;
};

size_t common__answer_models(const common_answer *a) { return a->dp.models; }

bool common__answer_complete(const common_answer *a) { return a->dp.complete; }

int common__model_value(void *model, int atom) {
  const common_model *m = model;
  const dp_answer *a = &m->answer->dp;
  return atom >= 1 && atom <= a->atoms ? dp_answer_value(a, m->model, atom)
                                       : -1;
}

/* dp_answer's result rc as the library's code, with err filled in from
 * the answer's message. */
static int failed(const common_answer_reader *r, int rc, const dp_answer *a,
                  void *err) {
  int code = rc == DP_ANSWER_NOMEM    ? r->enomem
             : rc == DP_ANSWER_NO_KEY ? r->ekey
                                      : r->eanswer;
  return rc ? common__fail(err, code, a->line, a->column, "%s", a->message) : 0;
}

/* dpll's answer in text, the key its back matter. */
static int read_dp(const common_answer_reader *r, const dp_answer_names *names,
                   const char *text, size_t size, common_answer *a,
                   void *result, void *err) {
  dp_answer *dp = &a->dp;
  int rc = failed(r, dp_answer_read(text, size, names, dp), dp, err);
  int atoms = rc ? rc
                 : r->key(result, text + dp->back_at, size - dp->back_at,
                          dp->back_line, err);
  return atoms < 0 ? atoms : failed(r, dp_answer_atoms(dp, atoms), dp, err);
}

/* Another solver's answer (form), its key in the key file. */
static int read_other(const common_answer_reader *r,
                      const dp_answer_names *names, const char *text,
                      size_t size, const char *key, size_t key_size,
                      common_answer *a, void *result, void *err) {
  dp_answer *dp = &a->dp;
  int form;
  char *k;
  size_t ks = 0;
  long line;
  int rc = failed(r,
                  dp_answer_keyed(text, size, key, key_size, names, &form, &k,
                                  &ks, &line, dp),
                  dp, err);
  if (!rc && form == DP_FORM_DP)
    return read_dp(r, names, text, size, a, result, err);
  int atoms = rc ? rc : r->key(result, k, ks, line, err);
  free(k);
  return atoms < 0
             ? atoms
             : failed(r, dp_answer_read_other(text, size, form, atoms, dp), dp,
                      err);
}

/* Sets the int or size_t field of result at offset at. */
static void set_int(void *result, size_t at, int value) {
  memcpy((char *)result + at, &value, sizeof value);
}

static void set_size(void *result, size_t at, size_t value) {
  memcpy((char *)result + at, &value, sizeof value);
}

int common__answer_read(const common_answer_reader *r, const char *text,
                        size_t size, const char *key, size_t key_size,
                        bool keyed, void *result, void *err) {
  if (common__begin(err, !result, r->einval))
    return r->einval;
  memset(result, 0, r->result_size);
  if ((!text && size) || (keyed && !key && key_size))
    return common__fail(err, r->einval, 0, 0, "invalid argument");
  const dp_answer_names names = {r->puzzle, r->front, r->back};
  common_answer a;
  memset(&a, 0, sizeof a);
  text = text ? text : "";
  int rc =
      keyed ? read_other(r, &names, text, size, key, key_size, &a, result, err)
            : read_dp(r, &names, text, size, &a, result, err);
  size_t models = a.dp.models;
  bool complete = a.dp.complete;
  if (!rc && models)
    rc = r->models(result, &a, err);
  dp_answer_free(&a.dp);
  if (rc) {
    r->clear(result);
    return rc;
  }
  set_int(result, r->solved_at, models > 0);
  set_size(result, r->models_at, models);
  set_int(result, r->complete_at, complete);
  return 0;
}
