#ifndef STORYBOARD_CLIBXML2_SHIM_H
#define STORYBOARD_CLIBXML2_SHIM_H
// The storyboard loader's C import: libxml2's SAX2 parser.
//
// Everything here is `static inline`, so the module needs no compiled C. The
// loader uses the parser with a handler of its own and a structured error
// handler per parse, so libxml2's global error handlers (which print to
// standard error) are never reached; the helpers below let tests prove it.

#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its encoding header then pulls in the
// system's ICU headers, whose types clash with the copy of ICU inside the Swift
// toolchain's Foundation when one module sees both. The parser never converts
// encodings here (the loader admits UTF-8 only), so that part is left out;
// it only changes the layout of encoding handlers, which this module never
// allocates.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

// libxml2's generic error handler is variadic, which Swift cannot write.
static inline void sb_xml_count_generic_error(void *counter, const char *message, ...) {
    (void)message;
    if (counter != NULL) {
        *(long *)counter += 1;
    }
}

/// Sends this thread's generic libxml2 errors to a counter instead of
/// standard error (a null counter restores libxml2's default handler).
static inline void sb_xml_count_generic_errors(long *counter) {
    if (counter == NULL) {
        xmlSetGenericErrorFunc(NULL, NULL);
    } else {
        xmlSetGenericErrorFunc(counter, sb_xml_count_generic_error);
    }
}

#endif
