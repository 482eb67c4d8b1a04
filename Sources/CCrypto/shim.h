// OpenSSL's libcrypto (libssl-dev), for SHA-256 content hashes and CSP script/style hashes.
#include <openssl/evp.h>
#include <openssl/sha.h>
