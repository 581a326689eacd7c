// See feed_http.h. The option and info numbers are libcurl's stable ABI values (curl.h):
// they have not changed since they were introduced, which is what lets this file declare them.
#include "feed_http.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef void CURL;
struct curl_slist;
typedef int64_t curl_off_t;

enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_USERAGENT = 10018,
    OPT_HTTPHEADER = 10023, OPT_HEADERDATA = 10029, OPT_XFERINFODATA = 10057, OPT_ACCEPT_ENCODING = 10102,
    OPT_WRITEFUNCTION = 20011, OPT_HEADERFUNCTION = 20079, OPT_XFERINFOFUNCTION = 20219,
    OPT_NOPROGRESS = 43, OPT_FOLLOWLOCATION = 52, OPT_MAXREDIRS = 68, OPT_NOSIGNAL = 99,
    OPT_TIMEOUT_MS = 155, OPT_CONNECTTIMEOUT_MS = 156,
    INFO_RESPONSE_CODE = 0x200000 + 2,
    CURLE_ABORTED_BY_CALLBACK = 42,
};

static struct {
    int loaded;
    int (*global_init)(long);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *, int, ...);
    int (*easy_perform)(CURL *);
    int (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(int);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    curl.global_init = (int (*)(long))dlsym(library, "curl_global_init");
    curl.easy_init = (CURL * (*)(void)) dlsym(library, "curl_easy_init");
    curl.easy_setopt = (int (*)(CURL *, int, ...))dlsym(library, "curl_easy_setopt");
    curl.easy_perform = (int (*)(CURL *))dlsym(library, "curl_easy_perform");
    curl.easy_getinfo = (int (*)(CURL *, int, ...))dlsym(library, "curl_easy_getinfo");
    curl.easy_cleanup = (void (*)(CURL *))dlsym(library, "curl_easy_cleanup");
    curl.easy_strerror = (const char *(*)(int))dlsym(library, "curl_easy_strerror");
    curl.slist_append = (struct curl_slist * (*)(struct curl_slist *, const char *)) dlsym(library, "curl_slist_append");
    curl.slist_free_all = (void (*)(struct curl_slist *))dlsym(library, "curl_slist_free_all");
    if (!curl.global_init || !curl.easy_init || !curl.easy_setopt || !curl.easy_perform || !curl.easy_getinfo ||
        !curl.easy_cleanup || !curl.easy_strerror || !curl.slist_append || !curl.slist_free_all)
        return;
    if (curl.global_init(3) != 0) return;  // CURL_GLOBAL_DEFAULT
    curl.loaded = 1;
}

int feed_http_available(void) {
    pthread_once(&once, load);
    return curl.loaded;
}

typedef struct {
    char *data;
    size_t length;
    size_t capacity;
    int too_big;
} buffer;

/// A feed larger than this is refused rather than held in memory.
static const size_t max_body = 64u * 1024u * 1024u;

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    buffer *body = context;
    size_t bytes = size * count;
    if (body->length + bytes > max_body) {
        body->too_big = 1;
        return 0;
    }
    if (body->length + bytes + 1 > body->capacity) {
        size_t capacity = body->capacity ? body->capacity : 65536;
        while (capacity < body->length + bytes + 1) capacity *= 2;
        char *grown = realloc(body->data, capacity);
        if (!grown) return 0;
        body->data = grown;
        body->capacity = capacity;
    }
    memcpy(body->data + body->length, data, bytes);
    body->length += bytes;
    body->data[body->length] = 0;
    return bytes;
}

/// A header's value without the line end, or NULL when `line` is not `name:`.
static char *header_value(const char *line, size_t length, const char *name) {
    size_t name_length = strlen(name);
    if (length <= name_length || strncasecmp(line, name, name_length) != 0 || line[name_length] != ':') return NULL;
    const char *start = line + name_length + 1;
    const char *end = line + length;
    while (start < end && (*start == ' ' || *start == '\t')) start++;
    while (end > start && (end[-1] == '\r' || end[-1] == '\n' || end[-1] == ' ')) end--;
    char *value = malloc((size_t)(end - start) + 1);
    if (!value) return NULL;
    memcpy(value, start, (size_t)(end - start));
    value[end - start] = 0;
    return value;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    feed_http_response *response = context;
    size_t length = size * count;
    if (length >= 5 && strncmp(data, "HTTP/", 5) == 0) {
        // A new response (after a redirect): its validators replace the last one's.
        free(response->etag);
        free(response->last_modified);
        response->etag = NULL;
        response->last_modified = NULL;
    }
    char *value;
    if ((value = header_value(data, length, "ETag"))) {
        free(response->etag);
        response->etag = value;
    } else if ((value = header_value(data, length, "Last-Modified"))) {
        free(response->last_modified);
        response->last_modified = value;
    }
    return length;
}

static int on_progress(void *context, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d) {
    (void)a, (void)b, (void)c, (void)d;
    const volatile int *cancelled = context;
    return cancelled && *cancelled ? 1 : 0;
}

int feed_http_get(const char *url, const char *etag, const char *last_modified, long timeout_ms,
                  const volatile int *cancelled, feed_http_response *response) {
    memset(response, 0, sizeof *response);
    if (!feed_http_available()) return -1;
    CURL *handle = curl.easy_init();
    if (!handle) {
        snprintf(response->error, sizeof response->error, "libcurl could not start a transfer");
        return 1;
    }
    struct curl_slist *headers = NULL;
    char line[1024];
    if (etag) {
        snprintf(line, sizeof line, "If-None-Match: %s", etag);
        headers = curl.slist_append(headers, line);
    }
    if (last_modified) {
        snprintf(line, sizeof line, "If-Modified-Since: %s", last_modified);
        headers = curl.slist_append(headers, line);
    }
    headers = curl.slist_append(headers, "Accept: application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, */*;q=0.8");
    buffer body = {0};
    char error[256] = {0};
    curl.easy_setopt(handle, OPT_URL, url);
    curl.easy_setopt(handle, OPT_HTTPHEADER, headers);
    curl.easy_setopt(handle, OPT_USERAGENT, "viper-articles/1.0 (libcurl)");
    curl.easy_setopt(handle, OPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(handle, OPT_MAXREDIRS, 5L);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, OPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, OPT_ERRORBUFFER, error);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, on_body);
    curl.easy_setopt(handle, OPT_WRITEDATA, &body);
    curl.easy_setopt(handle, OPT_HEADERFUNCTION, on_header);
    curl.easy_setopt(handle, OPT_HEADERDATA, response);
    curl.easy_setopt(handle, OPT_NOPROGRESS, 0L);
    curl.easy_setopt(handle, OPT_XFERINFOFUNCTION, on_progress);
    curl.easy_setopt(handle, OPT_XFERINFODATA, (void *)cancelled);
    int code = curl.easy_perform(handle);
    int result = 0;
    if (code == 0) {
        curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &response->status);
        response->body = body.data;
        response->body_length = body.length;
        body.data = NULL;
    } else if (code == CURLE_ABORTED_BY_CALLBACK) {
        snprintf(response->error, sizeof response->error, "stopped");
        result = 2;
    } else if (body.too_big) {
        snprintf(response->error, sizeof response->error, "the feed is larger than 64 MB");
        result = 1;
    } else {
        snprintf(response->error, sizeof response->error, "%s", error[0] ? error : curl.easy_strerror(code));
        result = 1;
    }
    free(body.data);
    curl.slist_free_all(headers);
    curl.easy_cleanup(handle);
    return result;
}

void feed_http_free(feed_http_response *response) {
    free(response->body);
    free(response->etag);
    free(response->last_modified);
    response->body = NULL;
    response->etag = NULL;
    response->last_modified = NULL;
}
