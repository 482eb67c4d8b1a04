// libcurl (libcurl4-openssl-dev), for the requests to model servers. curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift cannot call: these wrappers give each argument type its own function.
#include <curl/curl.h>

typedef size_t (*deckgen_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*deckgen_curl_progress_callback)(void *context, curl_off_t downloadTotal, curl_off_t downloaded,
                                              curl_off_t uploadTotal, curl_off_t uploaded);

static inline CURLcode deckgen_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode deckgen_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode deckgen_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode deckgen_curl_set_size(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode deckgen_curl_set_data_callback(CURL *handle, CURLoption option, deckgen_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode deckgen_curl_set_progress_callback(CURL *handle, deckgen_curl_progress_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode deckgen_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
