/* OpenSSL's libcrypto (libssl-dev): SHA-256 for plugin pinning, through the EVP interface. */
#include <openssl/evp.h>
