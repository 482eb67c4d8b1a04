// Lets several cmark-gfm parsers with the same extensions parse at once; see shared_parsing.c.
#ifndef DECK_CMARK_SHARED_PARSING_H
#define DECK_CMARK_SHARED_PARSING_H

/// How many times cmark-gfm has added or removed its extensions' special characters through this library:
/// zero after a parse means the library binds the call to itself and parses must take turns.
long deck_cmark_special_character_calls(void);

/// Removes the special characters of `parser`'s extensions from cmark-gfm's global table, as cmark-gfm
/// itself would at the end of a parse; call when the last of a group of parsers is done.
void deck_cmark_remove_special_characters(void *parser);

#endif
