// The demo apps: see the files beside this one.
