// xxHash (libxxhash-dev): the fast non-cryptographic hash a build tells unchanged pages by.
#include <xxhash.h>
