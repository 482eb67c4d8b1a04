// cmark-gfm keeps the inline parser's special characters in one global table. Each parse adds its
// extensions' characters (`~` for strikethrough, `|` for tables, `:` and `w` for autolinks) before it
// parses inlines and takes them out after, through the exported function
// `cmark_manage_extensions_special_characters`. One parse taking them out while another is parsing
// loses the other's strikethrough and autolinks, so parses used to take turns behind one lock.
//
// This file defines that function in the executable, which the dynamic linker prefers to the library's
// own: adding goes through to cmark-gfm, taking out is left to `deck_cmark_remove_special_characters`,
// called when the last of a group of parsers with the same extensions is done. Parsers with the same
// extensions can then parse at once (their additions write the same bytes); `ParsingTurns` groups them.

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "CCmarkSharedParsing.h"

struct cmark_parser;
typedef void (*manage_characters)(struct cmark_parser *parser, int add);

static atomic_long calls;
static manage_characters library_function;
static pthread_once_t library_function_found = PTHREAD_ONCE_INIT;

static void find_library_function(void) {
    library_function = (manage_characters)dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
}

static manage_characters library(void) {
    pthread_once(&library_function_found, find_library_function);
    if (library_function == NULL) {
        // Only a cmark-gfm linked into the executable itself could call here without the library exporting it.
        fputs("deckgen: cmark-gfm's cmark_manage_extensions_special_characters was not found\n", stderr);
        abort();
    }
    return library_function;
}

void cmark_manage_extensions_special_characters(struct cmark_parser *parser, int add) {
    atomic_fetch_add(&calls, 1);
    if (add) {
        library()(parser, 1);
    }
}

long deck_cmark_special_character_calls(void) {
    return atomic_load(&calls);
}

void deck_cmark_remove_special_characters(void *parser) {
    library()((struct cmark_parser *)parser, 0);
}
