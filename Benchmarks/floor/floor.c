/*
 * The floor for the terminal benchmarks: the least a curses program can do to show one
 * screen of a list and move a highlight. A title bar, a rule, 20 rows shaped like Daily
 * Buzz's (coffee, temperature, date, a disclosure mark), a footer; Down and Up move the
 * highlight, q quits. Every key redraws the whole screen, as the shell does, and curses
 * sends only what changed.
 *
 * Build: cc -O2 -o floor floor.c -lncursesw
 */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <locale.h>
#include <stdio.h>

#define ROWS 20

static const char *coffees[] = {
    "House Blend", "Ethiopian Yirgacheffe", "Kenya AA", "Sumatra Mandheling",
    "Colombia Supremo", "Guatemala Antigua",
};

static void draw(int selected) {
    int width = COLS;
    char line[512];
    erase();
    attron(A_BOLD);
    mvaddstr(0, (width - 10) / 2, "Floor list");
    attroff(A_BOLD);
    mvaddstr(0, width - 1, "+");
    for (int x = 0; x < width; x++) mvaddstr(1, x, "\xe2\x94\x80"); /* ─ */
    for (int row = 0; row < ROWS && row + 2 < LINES - 1; row++) {
        snprintf(line, sizeof line, " %-26s %3d \xc2\xb0" "F   2025-11-%02d %02d:%02d",
                 coffees[row % 6], 190 + (row * 7) % 21, 20 - row / 8, (23 - row) % 24, (row * 17) % 60);
        if (row == selected) attron(A_REVERSE);
        mvhline(row + 2, 0, ' ', width);
        mvaddstr(row + 2, 0, line);
        mvaddstr(row + 2, width - 2, "\xe2\x80\xba"); /* › */
        if (row == selected) attroff(A_REVERSE);
    }
    attron(A_REVERSE);
    mvhline(LINES - 1, 0, ' ', width);
    mvaddstr(LINES - 1, 0, " \xe2\x86\x91\xe2\x86\x93 move   q quit");
    attroff(A_REVERSE);
    refresh();
}

int main(void) {
    setlocale(LC_ALL, "");
    initscr();
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    int selected = 0;
    draw(selected);
    for (;;) {
        int key = getch();
        if (key == 'q' || key == ERR) break;
        if (key == KEY_DOWN && selected < ROWS - 1) selected++;
        else if (key == KEY_UP && selected > 0) selected--;
        draw(selected);
    }
    endwin();
    return 0;
}
