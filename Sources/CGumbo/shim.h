// gumbo (libgumbo-dev): Google's HTML5 parser, which reads the raw HTML of notes the way a browser would, so the
// sanitiser judges the elements a browser will build rather than the text it was written as.
#include <gumbo.h>
