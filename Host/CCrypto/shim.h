/* OpenSSL's libcrypto (libssl-dev): SHA-256 for plugin pinning, Ed25519, BLAKE2b-512 and scrypt
   for minisign signatures, through the EVP interface; RAND_bytes for new signing keys. */
#include <openssl/evp.h>
#include <openssl/rand.h>
