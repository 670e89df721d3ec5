#pragma once
// Defines DIORAMA_UNDER_ASAN when the tests are built with AddressSanitizer (GCC or clang), for
// the tests that limit the address space, which ASan's shadow memory would exceed.

#if defined(__SANITIZE_ADDRESS__)
#define DIORAMA_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DIORAMA_UNDER_ASAN 1
#endif
#endif
