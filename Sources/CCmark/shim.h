// cmark-gfm and its extensions, as Debian ships them (libcmark-gfm-dev, libcmark-gfm-extensions-dev).
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
