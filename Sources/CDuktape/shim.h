// Duktape (duktape-dev): the small embeddable JavaScript engine KaTeX runs in to turn TeX into MathML at build time.
#include <duktape.h>

// Duktape's convenience macros, as functions Swift can call.
static inline duk_context *deck_duk_create_heap(void) { return duk_create_heap(NULL, NULL, NULL, NULL, NULL); }
static inline duk_int_t deck_duk_peval_lstring(duk_context *ctx, const char *source, duk_size_t length) {
    return duk_eval_raw(ctx, source, length, DUK_COMPILE_EVAL | DUK_COMPILE_NOSOURCE | DUK_COMPILE_SAFE | DUK_COMPILE_NOFILENAME);
}
