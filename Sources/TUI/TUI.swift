// The TUI module: see the files beside this one.
