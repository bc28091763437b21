#ifndef STORYBOARD_CCURSES_SHIM_H
#define STORYBOARD_CCURSES_SHIM_H
// Wide-character curses needs these before the header is included.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#endif
